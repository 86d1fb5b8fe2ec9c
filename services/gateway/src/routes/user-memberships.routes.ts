import { SourceType } from '@suite/proto'
import { ADMIN } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { loadProjects } from '../clients/merge-request-lookups.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { presentMembership, type MembershipItem } from '../entities/membership.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/** `type`, as identity names the two kinds; absent: both. */
function sourceTypeOf(type: string | undefined): SourceType {
  if (type === 'Project') return SourceType.SOURCE_TYPE_PROJECT
  if (type === 'Namespace') return SourceType.SOURCE_TYPE_GROUP
  return SourceType.SOURCE_TYPE_UNSPECIFIED
}

/**
 * GET /users/:user_id/memberships (lib/api/users.rb): admins only, identity
 * decides (403 before 404 User Not Found); project names come from the
 * projects service in one batch call.
 */
export function userMembershipRoutes(
  api: ApiRouter,
  identity: IdentityClients,
  projects: ProjectsClients,
): void {
  api.list('/users/:user_id/memberships', {
    area: 'Users',
    scopes: 'user',
    ability: ADMIN,
    requirements: { user_id: /^\d+$/ },
    params: {
      user_id: p.int().required(),
      type: p.string().values(['Project', 'Namespace']),
    },
    handle: async ({ caller, params, page }) => {
      const answer = await identity.userMemberships.read.listMembershipsOfUser({
        caller,
        userId: params.user_id,
        sourceType: sourceTypeOf(params.type),
        page,
      })
      const projectIds = answer.memberships
        .filter((membership) => membership.sourceType === SourceType.SOURCE_TYPE_PROJECT)
        .map((membership) => membership.sourceId)
      const names = await loadProjects(projects, projectIds)
      const items: MembershipItem[] = answer.memberships.map((membership) => ({
        membership,
        sourceName:
          membership.sourceType === SourceType.SOURCE_TYPE_PROJECT
            ? (names.get(membership.sourceId)?.name ?? null)
            : (membership.groupName ?? null),
      }))
      return { items, total: answer.pageInfo?.total ?? items.length }
    },
    present: presentMembership,
  })
}
