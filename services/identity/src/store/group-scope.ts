import { AccessLevel } from '@suite/proto'
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely'
import type { GroupScope } from '../domain/group-query.js'
import type { Database } from './schema.js'
import { VisibilityLevel } from '@suite/runtime'

type Eb = ExpressionBuilder<Database, 'namespaces'>

const unexpired = sql<SqlBool>`(m.expires_at is null or m.expires_at >= current_date)`

/**
 * Groups around a user's memberships, as GitLab's GroupsFinder builds them:
 * the ancestors of every group or project the user is a member of, the
 * descendants of every group it is a member of (inherited membership), and
 * the groups shared with those groups and their descendants (authorized_groups).
 */
export function membershipHierarchy(userId: number): Expression<SqlBool> {
  return sql<SqlBool>`(exists (
      select 1 from members m join namespaces mn on mn.id = m.member_namespace_id
      where m.user_id = ${userId} and ${unexpired}
        and mn.traversal_ids @> array[namespaces.id]::bigint[])
    or exists (
      select 1 from members m
      where m.user_id = ${userId} and m.source_type = 'Namespace' and ${unexpired}
        and m.source_id = any(namespaces.traversal_ids))
    or exists (
      select 1 from group_group_links l
        join namespaces invited on invited.id = l.shared_with_group_id
        join members m on m.source_type = 'Namespace' and m.source_id = any(invited.traversal_ids)
      where m.user_id = ${userId} and ${unexpired}
        and m.access_level >= ${AccessLevel.ACCESS_LEVEL_GUEST}
        and (l.expires_at is null or l.expires_at >= current_date)
        and l.shared_group_id = any(namespaces.traversal_ids)))`
}

/** The condition a group row must meet to be in a listing's scope. */
export function scopeCondition(eb: Eb, scope: GroupScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`
    case 'membership':
      return membershipHierarchy(scope.userId)
    case 'readable': {
      const open = [eb('namespaces.visibility_level', '=', VisibilityLevel.VISIBILITY_LEVEL_PUBLIC)]
      if (scope.internalVisible) {
        open.push(eb('namespaces.visibility_level', '=', VisibilityLevel.VISIBILITY_LEVEL_INTERNAL))
      }
      if (scope.userId !== undefined) open.push(eb.and([membershipHierarchy(scope.userId)]))
      return eb.or(open)
    }
    case 'owned':
      return sql<SqlBool>`exists (select 1 from members m
        where m.user_id = ${scope.userId} and m.source_type = 'Namespace' and ${unexpired}
          and m.source_id = namespaces.id
          and m.access_level >= ${AccessLevel.ACCESS_LEVEL_OWNER})`
    case 'min_access':
      return sql<SqlBool>`exists (select 1 from members m
        where m.user_id = ${scope.userId} and m.source_type = 'Namespace' and ${unexpired}
          and m.access_level >= ${scope.level} and m.source_id = any(namespaces.traversal_ids))`
  }
}
