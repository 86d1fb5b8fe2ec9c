import { api, type Params } from './api'
import { rootToken } from './suite-state'
import type { UserJson } from './types'

/**
 * The boolean permissions of a member role, as spec document 3 lists them
 * ("Member role"). The tests' own restatement: it shares nothing with the
 * services, so a permission the services forget to answer shows up here.
 */
export const MEMBER_ROLE_PERMISSIONS = [
  'admin_cicd_variables',
  'admin_compliance_framework',
  'admin_group_member',
  'admin_merge_request',
  'admin_push_rules',
  'admin_infra_state',
  'admin_vulnerability',
  'admin_web_hook',
  'archive_project',
  'manage_deploy_tokens',
  'manage_group_access_tokens',
  'manage_merge_request_settings',
  'manage_project_access_tokens',
  'manage_security_policy_link',
  'read_code',
  'read_runners',
  'read_dependency',
  'read_vulnerability',
  'remove_group',
  'remove_project',
] as const

export type MemberRolePermission = (typeof MEMBER_ROLE_PERMISSIONS)[number]

/** EE::API::Entities::MemberRole. */
export interface MemberRoleJson {
  id: number
  name: string
  description: string | null
  group_id: number | null
  base_access_level: number
  [field: string]: unknown
}

/** API::Entities::IdentityDetail for a SAML identity. */
export interface SamlIdentityJson {
  extern_uid: string
  user_id: number
  [field: string]: unknown
}

/** GitLab's render_api_error! body for the 11th role (MemberRole#max_count_per_group_hierarchy). */
export const MAX_ROLES = /maximum number of Member Roles/
/** MemberRoles::CreateService on a subgroup. */
export const ROOT_GROUPS_ONLY = {
  message: 'Creation of member role is allowed only for root groups',
}
/** ee/lib/api/member_roles.rb, not_found!('Member Role'). */
export const MEMBER_ROLE_NOT_FOUND = { message: '404 Member Role Not Found' }

/** Every permission false except `enabled`, as GitLab answers a role created with only those. */
export function permissionsWith(enabled: readonly MemberRolePermission[] = []) {
  return Object.fromEntries(
    MEMBER_ROLE_PERMISSIONS.map((name) => [name, enabled.includes(name)]),
  ) as Record<MemberRolePermission, boolean>
}

function expectStatus(what: string, status: number, expected: number, text: string): void {
  if (status !== expected) {
    throw new Error(`${what}: expected ${expected}, got ${status}: ${text.slice(0, 500)}`)
  }
}

/** POST /member_roles as root (admin); fails unless 201. */
export async function createInstanceRole(attributes: Params = {}): Promise<MemberRoleJson> {
  const res = await api<MemberRoleJson>('/member_roles', {
    method: 'POST',
    token: rootToken(),
    body: { name: `Instance role ${Date.now()}`, base_access_level: 10, ...attributes },
  })
  expectStatus('POST /member_roles', res.status, 201, res.text)
  return res.body
}

/** POST /groups/:id/member_roles with `token` (the group's Owner or an admin); fails unless 201. */
export async function createGroupRole(
  token: string,
  groupId: number,
  attributes: Params = {},
): Promise<MemberRoleJson> {
  const res = await api<MemberRoleJson>(`/groups/${groupId}/member_roles`, {
    method: 'POST',
    token,
    body: { name: `Group role ${Date.now()}`, base_access_level: 10, ...attributes },
  })
  expectStatus('POST /groups/:id/member_roles', res.status, 201, res.text)
  return res.body
}

/** Links a group SAML identity to a user through PUT /users/:id as root; fails unless 200. */
export async function linkSamlIdentity(
  userId: number,
  groupId: number,
  externUid: string,
): Promise<UserJson> {
  const res = await api<UserJson>(`/users/${userId}`, {
    method: 'PUT',
    token: rootToken(),
    body: { provider: 'group_saml', extern_uid: externUid, group_id_for_saml: groupId },
  })
  expectStatus('PUT /users/:id (group_saml identity)', res.status, 200, res.text)
  return res.body
}
