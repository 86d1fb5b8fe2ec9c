import type { DiffFile } from '@suite/proto'
import { PUBLIC } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import { presentDiff } from '../entities/diff.entity.js'
import { presentDiffVersion, presentDiffVersionFull } from '../entities/diff-version.entity.js'
import { projectWebUrl } from '../entities/merge-request-links.js'
import {
  mergeRequestDetailUserIds,
  presentMergeRequest,
  type MergeRequestDetail,
} from '../entities/merge-request.entity.js'
import type { PresentContext } from '../entities/present-context.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { inMemoryPage } from './in-memory-page.js'
import {
  mergeRequestDetail,
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

const SINGLE = '/projects/:id/merge_requests/:merge_request_iid'

/** The merge request with its latest version's files (API::Entities::MergeRequestChanges). */
interface Changes extends MergeRequestDetail {
  changes: DiffFile[]
  overflow: boolean
}

function presentChanges(changes: Changes, ctx: PresentContext) {
  return {
    ...presentMergeRequest(changes, ctx),
    changes: changes.changes.map(presentDiff),
    overflow: changes.overflow,
  }
}

/** lib/api/merge_requests.rb and merge_request_diffs.rb: changes, diffs, raw diffs and versions. */
export function mergeRequestDiffRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const diffs = deps.mergeRequests.diffs.read

  api.get(`${SINGLE}/changes`, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: { ...mergeRequestPathParams, access_raw_diffs: p.bool(), unidiff: p.bool() },
    handle: async ({ caller, project, params }): Promise<Changes> => {
      const answer = await diffs.getChanges({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        accessRawDiffs: params.access_raw_diffs ?? false,
        unidiff: params.unidiff ?? false,
      })
      const detail = await mergeRequestDetail(deps, answer.mergeRequest, project)
      return { ...detail, changes: answer.changes, overflow: answer.overflow }
    },
    present: presentChanges,
    related: mergeRequestDetailUserIds,
  })

  api.list(`${SINGLE}/diffs`, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: { ...mergeRequestPathParams, unidiff: p.bool().default(false) },
    handle: async ({ caller, project, params, page }) => {
      const answer = await diffs.listDiffs({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        page,
        unidiff: params.unidiff,
      })
      return { items: answer.diffs, total: answer.pageInfo?.total ?? answer.diffs.length }
    },
    present: presentDiff,
  })

  api.get(`${SINGLE}/raw_diffs`, {
    status: 200,
    contentType: 'text/plain',
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params }) => {
      const answer = await diffs.getRawDiffs({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
      })
      return Buffer.from(answer.patch).toString('utf8')
    },
    present: (patch) => patch,
  })

  api.list(`${SINGLE}/versions`, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params, page }) => {
      const { versions } = await diffs.listVersions({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
      })
      return inMemoryPage(versions, page)
    },
    present: presentDiffVersion,
  })

  api.get(`${SINGLE}/versions/:version_id`, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: {
      ...mergeRequestPathParams,
      version_id: p.int().required(),
      unidiff: p.bool().default(false),
    },
    handle: async ({ caller, project, params }) => {
      const answer = await diffs.getVersion({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        versionId: params.version_id,
        unidiff: params.unidiff,
      })
      return { version: requireField(answer.version, 'version'), project }
    },
    present: ({ version, project }, ctx) =>
      presentDiffVersionFull(version, projectWebUrl(ctx.externalUrl, project)),
  })
}
