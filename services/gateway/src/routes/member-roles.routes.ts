import type { Caller, MemberRole } from '@suite/proto'
import { AccessLevel } from '@suite/proto'
import { ADMIN, AUTHENTICATED } from '../auth/abilities.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { requireField } from '../clients/require-field.js'
import { presentMemberRole } from '../entities/member-role.entity.js'
import { notFound } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import {
  anyPermissionGiven,
  memberPermissionParams,
  mergePermissions,
  permissionsSwitchedOn,
} from '../params/member-permissions.js'
import type { ApiRouter } from './api-router.js'

/** The levels a custom role can be built on: Guest to Owner. */
const BASE_ACCESS_LEVELS: readonly number[] = [
  AccessLevel.ACCESS_LEVEL_GUEST,
  AccessLevel.ACCESS_LEVEL_REPORTER,
  AccessLevel.ACCESS_LEVEL_DEVELOPER,
  AccessLevel.ACCESS_LEVEL_MAINTAINER,
  AccessLevel.ACCESS_LEVEL_OWNER,
]

const createParams = {
  name: p.string().required(),
  description: p.string(),
  base_access_level: p.int().required().values(BASE_ACCESS_LEVELS),
  ...memberPermissionParams,
}

const updateParams = {
  member_role_id: p.int().required(),
  name: p.string(),
  description: p.string(),
  ...memberPermissionParams,
}

const roleIdParams = { member_role_id: p.int().required() }

/**
 * Instance roles (`/member_roles`, administrators: anonymous 401, others
 * 403) and a group's roles (`/groups/:id/member_roles`: signed in first, then
 * the group, 404 when the caller cannot read it, then admin_group: its Owner
 * or an administrator, else 403). Which groups may hold roles (top-level
 * ones: a subgroup's Owner gets identity's 400), the limits and what a role
 * in use may do are the identity service's rules.
 */
const SCOPES = [
  { base: '/member_roles', access: { ability: ADMIN } },
  {
    base: '/groups/:id/member_roles',
    access: {
      ability: AUTHENTICATED,
      resolve: 'group',
      // The group's Owner; identity answers the root-group rule (400) and its own check.
      groupAbility: 'adminGroup',
    },
  },
] as const

/** A role of the scope by id, for an update that switches only some permissions. */
async function findRole(
  identity: IdentityClients,
  caller: Caller,
  groupId: number | undefined,
  id: number,
): Promise<MemberRole> {
  const { memberRoles } = await identity.memberRoles.read.listMemberRoles({ caller, groupId })
  const role = memberRoles.find((candidate) => candidate.id === id)
  if (!role) throw notFound('Member Role')
  return role
}

/** ee/lib/api/member_roles.rb, with the update GitLab's UpdateService does (name, description, permissions). */
export function memberRoleRoutes(api: ApiRouter, identity: IdentityClients): void {
  const { memberRoles } = identity
  for (const { base, access } of SCOPES) {
    api.get(base, {
      ...access,
      handle: async ({ caller, group }) =>
        (await memberRoles.read.listMemberRoles({ caller, groupId: group?.id })).memberRoles,
      present: (roles) => roles.map(presentMemberRole),
    })

    api.post(base, {
      ...access,
      params: createParams,
      handle: async ({ caller, params, group }) => {
        const answer = await memberRoles.write.createMemberRole({
          caller,
          groupId: group?.id,
          name: params.name,
          description: params.description,
          baseAccessLevel: params.base_access_level,
          permissions: permissionsSwitchedOn(params),
        })
        return requireField(answer.memberRole, 'member_role')
      },
      present: presentMemberRole,
    })

    for (const method of ['put', 'patch'] as const) {
      api[method](`${base}/:member_role_id`, {
        ...access,
        params: updateParams,
        handle: async ({ caller, params, group }) => {
          const groupId = group?.id
          const permissionsGiven = anyPermissionGiven(params)
          const permissions = permissionsGiven
            ? mergePermissions(
                (await findRole(identity, caller, groupId, params.member_role_id)).permissions,
                params,
              )
            : []
          const answer = await memberRoles.write.updateMemberRole({
            caller,
            groupId,
            id: params.member_role_id,
            name: params.name,
            description: params.description,
            permissionsGiven,
            permissions,
          })
          return requireField(answer.memberRole, 'member_role')
        },
        present: presentMemberRole,
      })
    }

    api.delete(`${base}/:member_role_id`, {
      ...access,
      params: roleIdParams,
      handle: async ({ caller, params, group }) => {
        await memberRoles.write.deleteMemberRole({
          caller,
          groupId: group?.id,
          id: params.member_role_id,
        })
      },
    })
  }
}
