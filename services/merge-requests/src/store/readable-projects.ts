/**
 * read_merge_request for lists that span projects, as one SQL predicate on
 * the project_access_facts read model: the project's requirement (from the
 * projects service) against the caller's ability scope (also from it).
 */
import { sql, type Expression, type SqlBool } from 'kysely'
import {
  NAMESPACE_OWNER_LEVEL,
  type AbilityScope,
  type ScopedGrant,
} from '../domain/access-facts.js'
import type { ListedProjects } from '../domain/list-conditions.js'

/** The projects of a list that spans projects. */
export type ReadableProjects = Extract<ListedProjects, { kind: 'readable' }>

const FALSE = sql<SqlBool>`false`

/** A membership kind of the scope as `unnest` arrays: ids and the levels they are worth. */
function grantRows(grants: readonly ScopedGrant[]) {
  return sql`unnest(${sql.val(grants.map((grant) => grant.sourceId))}::bigint[],
    ${sql.val(grants.map((grant) => grant.accessLevel))}::integer[]) as m(source_id, access_level)`
}

/**
 * Membership: a project membership, a membership of a group above the
 * project, or owning its personal namespace (Owner), worth at least the
 * requirement's level; a requirement of 0 admits nobody by membership.
 */
function memberCondition(scope: AbilityScope, prefix: FactsPrefix): Expression<SqlBool> {
  const min = sql.ref(`f.${prefix}_member_min_level`)
  const ways: Expression<SqlBool>[] = []
  if (scope.projects.length > 0) {
    ways.push(sql<SqlBool>`exists (select 1 from ${grantRows(scope.projects)}
      where m.source_id = f.project_id and m.access_level >= ${min})`)
  }
  if (scope.groups.length > 0) {
    ways.push(sql<SqlBool>`exists (select 1 from ${grantRows(scope.groups)}
      where m.source_id = any(f.group_ids) and m.access_level >= ${min})`)
  }
  if (scope.userId !== undefined) {
    ways.push(sql<SqlBool>`(f.owner_user_id = ${scope.userId}
      and ${NAMESPACE_OWNER_LEVEL}::integer >= ${min})`)
  }
  if (ways.length === 0) return FALSE
  return sql<SqlBool>`(${min} > 0 and (${sql.join(ways, sql` or `)}))`
}

/** The read model's column prefix of the ability a list needs. */
export type FactsPrefix = 'read_merge_request' | 'read_issue'

/** Whether the caller of `scope` holds the ability in the project of row `f`. */
function holdsAbility(scope: AbilityScope, prefix: FactsPrefix): Expression<SqlBool> {
  const ways: Expression<SqlBool>[] = [sql<SqlBool>`${sql.ref(`f.${prefix}_anonymous`)}`]
  if (scope.admin) ways.push(sql<SqlBool>`${sql.ref(`f.${prefix}_admin`)}`)
  if (scope.signedIn) ways.push(sql<SqlBool>`${sql.ref(`f.${prefix}_signed_in`)}`)
  ways.push(memberCondition(scope, prefix))
  return sql<SqlBool>`(${sql.join(ways, sql` or `)})`
}

/**
 * The predicate on `merge_requests` rows: the target project's facts are
 * known and admit the caller (and lie below the group, and are not archived,
 * when asked). A project without facts is not listed.
 */
export function readableCondition(
  projects: ReadableProjects,
  target: { prefix: FactsPrefix; projectColumn: string } = {
    prefix: 'read_merge_request',
    projectColumn: 'merge_requests.target_project_id',
  },
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [
    sql<SqlBool>`f.project_id = ${sql.ref(target.projectColumn)}`,
  ]
  if (projects.groupId !== undefined) {
    conditions.push(sql<SqlBool>`f.group_ids @> array[${projects.groupId}]::bigint[]`)
  }
  if (projects.nonArchived) conditions.push(sql<SqlBool>`not f.archived`)
  conditions.push(holdsAbility(projects.scope, target.prefix))
  return sql<SqlBool>`exists (select 1 from project_access_facts f
    where ${sql.join(conditions, sql` and `)})`
}
