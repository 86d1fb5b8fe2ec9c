import { sql, type ExpressionBuilder, type Selectable } from 'kysely'
import type { Member } from '../domain/member.js'
import type { MembershipScope } from '../domain/member-query.js'
import type { Database, MembersTable } from './schema.js'

export type MemberRow = Selectable<MembersTable>

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    sourceType: row.source_type === 'Project' ? 'Project' : 'Namespace',
    sourceId: row.source_id,
    userId: row.user_id,
    accessLevel: row.access_level,
    expiresAt: row.expires_at,
    createdById: row.created_by_id,
    memberRoleId: row.member_role_id,
    createdAt: row.created_at,
  }
}

type Eb = ExpressionBuilder<Database, 'members'>

/** Expired memberships count for nothing, as if GitLab's daily job had removed them. */
export const unexpired = (eb: Eb) =>
  eb.or([
    eb('members.expires_at', 'is', null),
    eb('members.expires_at', '>=', sql<string>`current_date`),
  ])

/** Memberships held in the source itself or in the groups above it. */
export function membershipScope(eb: Eb, scope: MembershipScope) {
  const conditions = []
  if (scope.projectId !== undefined) {
    conditions.push(
      eb.and([
        eb('members.source_type', '=', 'Project'),
        eb('members.source_id', '=', scope.projectId),
      ]),
    )
  }
  if (scope.groupIds.length > 0) {
    conditions.push(
      eb.and([
        eb('members.source_type', '=', 'Namespace'),
        eb('members.source_id', 'in', [...scope.groupIds]),
      ]),
    )
  }
  return conditions.length > 0 ? eb.or(conditions) : sql<boolean>`false`
}
