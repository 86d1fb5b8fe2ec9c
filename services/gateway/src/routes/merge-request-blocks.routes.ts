import type { Block, Project } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { loadProjects } from '../clients/merge-request-lookups.js'
import { requireField } from '../clients/require-field.js'
import { blockUserIds, presentBlock, type BlockItem } from '../entities/collaboration.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { inMemoryPage } from './in-memory-page.js'
import {
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

const BLOCKS = '/projects/:id/merge_requests/:merge_request_iid/blocks'

/** ee/lib/api/merge_request_dependencies.rb: blocks between merge requests. */
export function mergeRequestBlockRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const collaboration = deps.mergeRequests.collaboration

  /** Blocks with the projects of both sides, loaded in one call. */
  async function items(blocks: readonly Block[], project: Project): Promise<BlockItem[]> {
    const ids = blocks.flatMap((block) =>
      [block.blockingMergeRequest, block.blockedMergeRequest].flatMap((mr) =>
        mr && mr.targetProjectId !== project.id ? [mr.targetProjectId] : [],
      ),
    )
    const projects = await loadProjects(deps.projects, ids)
    projects.set(project.id, project)
    return blocks.map((block) => ({ block, projects, base: { kind: 'project', project } }))
  }

  api.list(BLOCKS, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params, page }) => {
      const { blocks } = await collaboration.read.listBlocks({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
      })
      return inMemoryPage(await items(blocks, project), page)
    },
    present: presentBlock,
    related: blockUserIds,
  })

  api.list('/projects/:id/merge_requests/:merge_request_iid/blockees', {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params, page }) => {
      const { blocks } = await collaboration.read.listBlockees({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
      })
      return inMemoryPage(await items(blocks, project), page)
    },
    present: presentBlock,
    related: blockUserIds,
  })

  api.post(BLOCKS, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: { ...mergeRequestPathParams, blocking_merge_request_id: p.int().required() },
    handle: async ({ caller, project, params }) => {
      const answer = await collaboration.write.createBlock({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        blockingMergeRequestId: params.blocking_merge_request_id,
      })
      const [item] = await items([requireField(answer.block, 'block')], project)
      return requireField(item, 'block')
    },
    present: presentBlock,
    related: blockUserIds,
  })

  api.delete(`${BLOCKS}/:block_id`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: { ...mergeRequestPathParams, block_id: p.int().required() },
    handle: async ({ caller, project, params }) => {
      await collaboration.write.deleteBlock({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        blockId: params.block_id,
      })
    },
  })
}
