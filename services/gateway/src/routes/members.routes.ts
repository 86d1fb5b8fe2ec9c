import { SourceType, type Group, type MemberSource, type Project } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { requireField } from '../clients/require-field.js'
import { memberRelatedIds, presentMember } from '../entities/member.entity.js'
import { p, saturatingInt32 } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

function groupSource(group: Group): MemberSource {
  return { type: SourceType.SOURCE_TYPE_GROUP, id: group.id, namespaceId: undefined }
}

/** A project's memberships inherit from the groups above its namespace. */
function projectSource(project: Project): MemberSource {
  return { type: SourceType.SOURCE_TYPE_PROJECT, id: project.id, namespaceId: project.namespaceId }
}

/** What `:id` resolves to, and the membership source it names. */
type Resolved = { group?: Group | undefined; project?: Project | undefined }

function sourceOf(resolved: Resolved): MemberSource {
  if (resolved.group) return groupSource(resolved.group)
  if (resolved.project) return projectSource(resolved.project)
  throw new Error('member route without a resolved source')
}

/** The membership a POST or PUT describes, as AddMember and UpdateMember take it. */
function membership(
  params: {
    user_id: number
    access_level: number
    expires_at?: string | undefined
    member_role_id?: number | undefined
  },
  resolved: Resolved,
) {
  return {
    source: sourceOf(resolved),
    userId: params.user_id,
    accessLevel: saturatingInt32(params.access_level),
    expiresAt: params.expires_at,
    memberRoleId: params.member_role_id,
  }
}

const memberListParams = {
  query: p.string(),
  user_ids: p.array(p.int(), { commaSeparated: true }),
  show_seat_info: p.bool(),
}

/**
 * Each kind of source: its path, and the abilities in it that reading and
 * changing its members need (authorize_read_source_member!,
 * authorize_admin_source_member!), as the owning service answers them.
 */
const SOURCES = [
  {
    sources: 'groups',
    resolve: 'group',
    read: { groupAbility: 'readGroupMember' },
    admin: { groupAbility: 'adminGroupMember' },
  },
  {
    sources: 'projects',
    resolve: 'project',
    read: { projectAbility: 'readProjectMember' },
    admin: { projectAbility: 'adminProjectMember' },
  },
] as const

type SourceKind = (typeof SOURCES)[number]

/**
 * lib/api/members.rb for groups and projects (`authenticate_non_get!`):
 * reads are open to anyone who can read the source (a source they cannot
 * read is 404, anonymous callers included) and has its read_*_member
 * ability; writes need a signed-in caller (401), and adding or changing a
 * member needs admin_*_member (403). Which membership may be changed how is
 * the identity service's rule; it checks the caller itself too.
 */
export function memberRoutes(api: ApiRouter, identity: IdentityClients): void {
  for (const kind of SOURCES) sourceMemberRoutes(api, identity, kind)
}

function sourceMemberRoutes(api: ApiRouter, identity: IdentityClients, kind: SourceKind): void {
  const { members } = identity
  const { sources, resolve } = kind

  // Registered before /members/:user_id so that "all" is not read as a user id.
  for (const inherited of [true, false]) {
    const path = inherited ? `/${sources}/:id/members/all` : `/${sources}/:id/members`
    api.list(path, {
      ability: PUBLIC,
      resolve,
      ...kind.read,
      params: memberListParams,
      handle: async ({ caller, params, page, ...resolved }) => {
        const answer = await members.read.listMembers({
          caller,
          source: sourceOf(resolved),
          inherited,
          query: params.query,
          userIds: params.user_ids ?? [],
          page,
        })
        return { items: answer.members, total: answer.pageInfo?.total ?? answer.members.length }
      },
      present: presentMember,
      related: memberRelatedIds,
    })

    api.get(`${path}/:user_id`, {
      ability: PUBLIC,
      resolve,
      ...kind.read,
      params: { user_id: p.int().required() },
      handle: async ({ caller, params, ...resolved }) => {
        const source = sourceOf(resolved)
        const answer = await members.read.getMember({
          caller,
          source,
          userId: params.user_id,
          inherited,
        })
        return requireField(answer.member, 'member')
      },
      present: presentMember,
      related: memberRelatedIds,
    })
  }

  api.post(`/${sources}/:id/members`, {
    ability: AUTHENTICATED,
    resolve,
    ...kind.admin,
    params: {
      access_level: p.int().required(),
      user_id: p.int().required(),
      expires_at: p.date(),
      invite_source: p.string(),
      member_role_id: p.int(),
    },
    handle: async ({ caller, params, ...resolved }) => {
      const answer = await members.write.addMember({ caller, ...membership(params, resolved) })
      return requireField(answer.member, 'member')
    },
    present: presentMember,
    related: memberRelatedIds,
  })

  api.put(`/${sources}/:id/members/:user_id`, {
    ability: AUTHENTICATED,
    resolve,
    ...kind.admin,
    params: {
      user_id: p.int().required(),
      access_level: p.int().required(),
      expires_at: p.date(),
      // null or empty removes the member's custom role: identity reads 0 as none.
      member_role_id: p.int().nullAs(0),
    },
    handle: async ({ caller, params, ...resolved }) => {
      const answer = await members.write.updateMember({ caller, ...membership(params, resolved) })
      return requireField(answer.member, 'member')
    },
    present: presentMember,
    related: memberRelatedIds,
  })

  api.delete(`/${sources}/:id/members/:user_id`, {
    ability: AUTHENTICATED,
    resolve,
    params: {
      user_id: p.int().required(),
      skip_subresources: p.bool().default(false),
      unassign_issuables: p.bool().default(false),
    },
    handle: async ({ caller, params, ...resolved }) => {
      await members.write.removeMember({
        caller,
        source: sourceOf(resolved),
        userId: params.user_id,
      })
    },
  })
}
