import { TagOrder, type Tag } from '@suite/proto'
import { PUBLIC, requireProjectAbility } from '../auth/abilities.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import type { ProjectLink } from '../entities/commit.entity.js'
import { presentTag } from '../entities/tag.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { projectLink } from './repository-links.js'

const ORDER: Readonly<Record<string, TagOrder>> = {
  name: TagOrder.TAG_ORDER_NAME,
  updated: TagOrder.TAG_ORDER_UPDATED,
  version: TagOrder.TAG_ORDER_VERSION,
}

interface LinkedTag {
  tag: Tag
  link: ProjectLink
}

const presentLinkedTag = ({ tag, link }: LinkedTag) => presentTag(tag, link)

/**
 * lib/api/tags.rb: the five tag endpoints. Each needs :read_code (the
 * class's before block); writes then authorize :admin_tag in the body.
 */
export function repositoryTagRoutes(
  api: ApiRouter,
  clients: RepositoryClients,
  externalUrl: string,
): void {
  const { repository } = clients
  const tagName = { id: p.string().required(), tag_name: p.string().required() }

  api.list('/projects/:id/repository/tags', {
    cache: true,
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      order_by: p.string().values(['name', 'updated', 'version']).default('updated'),
      sort: p.string().values(['asc', 'desc']).default('desc'),
      search: p.string(),
      page_token: p.string(),
    },
    handle: async ({ caller, project, params, page }) => {
      const answer = await repository.read.listTags({
        projectId: project.id,
        order: ORDER[params.order_by] ?? TagOrder.TAG_ORDER_UPDATED,
        ascending: params.sort === 'asc',
        search: params.search ?? '',
        page,
        caller,
      })
      const link = projectLink(externalUrl, project)
      return {
        items: answer.tags.map((tag) => ({ tag, link })),
        total: answer.pageInfo?.total ?? answer.tags.length,
      }
    },
    present: presentLinkedTag,
  })

  api.get('/projects/:id/repository/tags/:tag_name', {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readCode',
    params: tagName,
    handle: async ({ caller, project, params }) => {
      const { tag } = await repository.read.getTag({
        projectId: project.id,
        name: params.tag_name,
        caller,
      })
      if (!tag) throw new Error('GetTag answered without a tag')
      return { tag, link: projectLink(externalUrl, project) }
    },
    present: presentLinkedTag,
  })

  api.post('/projects/:id/repository/tags', {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      tag_name: p.string().required(),
      ref: p.string().required(),
      message: p.string(),
    },
    handle: async ({ principal, caller, project, params }) => {
      requireProjectAbility(caller.project, 'adminTag')
      const { tag } = await repository.write.createTag({
        projectId: project.id,
        caller,
        name: params.tag_name,
        ref: params.ref,
        message: params.message ?? '',
        taggerName: principal.user?.name ?? '',
        taggerEmail: principal.user?.commitEmail || principal.user?.email || '',
      })
      if (!tag) throw new Error('CreateTag answered without a tag')
      return { tag, link: projectLink(externalUrl, project) }
    },
    present: presentLinkedTag,
  })

  api.delete('/projects/:id/repository/tags/:tag_name', {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readCode',
    params: tagName,
    handle: async ({ caller, project, params }) => {
      // GitLab finds the tag (404 Tag Not Found) before it authorizes the delete.
      await repository.read.getTag({ projectId: project.id, name: params.tag_name, caller })
      requireProjectAbility(caller.project, 'adminTag')
      await repository.write.deleteTag({ projectId: project.id, caller, name: params.tag_name })
    },
  })

  api.get('/projects/:id/repository/tags/:tag_name/signature', {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readCode',
    params: tagName,
    handle: async ({ caller, project, params }) => {
      return repository.read.getTagSignature({
        projectId: project.id,
        name: params.tag_name,
        caller,
      })
    },
    present: (signature) => ({
      signature_type: signature.signatureType,
      verification_status: signature.verificationStatus,
    }),
  })
}
