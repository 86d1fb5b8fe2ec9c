import { SourceType, type Group, type MemberSource } from '@suite/proto'
import { AUTHENTICATED } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { requireField } from '../clients/require-field.js'
import { memberRelatedIds, presentMember } from '../entities/member.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

function groupSource(group: Group): MemberSource {
  return { type: SourceType.SOURCE_TYPE_GROUP, id: group.id, namespaceId: undefined }
}

const memberListParams = {
  query: p.string(),
  user_ids: p.array(p.int(), { commaSeparated: true }),
  show_seat_info: p.bool(),
}

/**
 * lib/api/members.rb for groups: every endpoint needs a signed-in caller; who
 * may see or change which membership is the identity service's rule.
 */
export function memberRoutes(api: ApiRouter, identity: IdentityClients): void {
  const { members } = identity

  // Registered before /members/:user_id so that "all" is not read as a user id.
  for (const inherited of [true, false]) {
    const path = inherited ? '/groups/:id/members/all' : '/groups/:id/members'
    api.list(path, {
      ability: AUTHENTICATED,
      resolve: 'group',
      params: memberListParams,
      handle: async ({ caller, params, page, group }) => {
        const answer = await members.read.listMembers({
          caller,
          source: groupSource(group),
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
      ability: AUTHENTICATED,
      resolve: 'group',
      params: { user_id: p.int().required() },
      handle: async ({ caller, params, group }) => {
        const source = groupSource(group)
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

  api.post('/groups/:id/members', {
    ability: AUTHENTICATED,
    resolve: 'group',
    params: {
      access_level: p.int().required(),
      user_id: p.int().required(),
      expires_at: p.date(),
      invite_source: p.string(),
      member_role_id: p.int(),
    },
    handle: async ({ caller, params, group }) => {
      const answer = await members.write.addMember({
        caller,
        source: groupSource(group),
        userId: params.user_id,
        accessLevel: params.access_level,
        expiresAt: params.expires_at,
        memberRoleId: params.member_role_id,
      })
      return requireField(answer.member, 'member')
    },
    present: presentMember,
    related: memberRelatedIds,
  })

  api.put('/groups/:id/members/:user_id', {
    ability: AUTHENTICATED,
    resolve: 'group',
    params: {
      user_id: p.int().required(),
      access_level: p.int().required(),
      expires_at: p.date(),
      member_role_id: p.int(),
    },
    handle: async ({ caller, params, group }) => {
      const answer = await members.write.updateMember({
        caller,
        source: groupSource(group),
        userId: params.user_id,
        accessLevel: params.access_level,
        expiresAt: params.expires_at,
        memberRoleId: params.member_role_id,
      })
      return requireField(answer.member, 'member')
    },
    present: presentMember,
    related: memberRelatedIds,
  })

  api.delete('/groups/:id/members/:user_id', {
    ability: AUTHENTICATED,
    resolve: 'group',
    params: {
      user_id: p.int().required(),
      skip_subresources: p.bool().default(false),
      unassign_issuables: p.bool().default(false),
    },
    handle: async ({ caller, params, group }) => {
      await members.write.removeMember({
        caller,
        source: groupSource(group),
        userId: params.user_id,
      })
    },
  })
}
