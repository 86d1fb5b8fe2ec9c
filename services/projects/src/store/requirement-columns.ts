import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import {
  MEMBER_LEVELS,
  type AbilityScope,
  type ListAbility,
  type Requirement,
} from '../domain/access-requirements.js'
import { reaches } from '../domain/project-grant.js'
import { REQUIREMENT_PREFIX } from './project-tables.js'

type Columns = Record<string, boolean | number>

/** The columns a project row keeps of its list abilities' Requirements. */
export function requirementColumns(requirements: Record<ListAbility, Requirement>): Columns {
  const columns: Columns = {}
  for (const [ability, requirement] of Object.entries(requirements) as [
    ListAbility,
    Requirement,
  ][]) {
    const prefix = REQUIREMENT_PREFIX[ability]
    columns[`${prefix}_admin`] = requirement.admin
    columns[`${prefix}_anonymous`] = requirement.anonymous
    columns[`${prefix}_signed_in`] = requirement.signedIn
    columns[`${prefix}_min_level`] = requirement.memberMinLevel
  }
  return columns
}

/** The rows whose project is one of `projectIds` or lies under one of `groupIds`. */
function inSources(projectIds: number[], groupIds: number[]): RawBuilder<SqlBool>[] {
  const match: RawBuilder<SqlBool>[] = []
  if (projectIds.length > 0) match.push(sql<SqlBool>`projects.id = any(${projectIds}::bigint[])`)
  if (groupIds.length > 0) {
    match.push(sql<SqlBool>`projects.namespace_traversal_ids && ${groupIds}::bigint[]`)
  }
  return match
}

/** The sources the scope holds at `level` or above. */
function heldFrom(scope: AbilityScope, level: number): { projects: number[]; groups: number[] } {
  const ids = (grants: AbilityScope['projects']) =>
    grants.filter((grant) => reaches(grant.level, level)).map((grant) => grant.sourceId)
  return { projects: ids(scope.projects), groups: ids(scope.groups) }
}

/**
 * Whether the scope's memberships reach the row's `minimum` (a member level,
 * 0 for none): the personal namespace's owner (Owner), a project membership,
 * or one in a group above the project. Written per range of levels that the
 * same memberships reach, so that each part is an id list or an array
 * overlap the indexes serve. Undefined when the scope holds nothing.
 */
function membersReach(
  minimum: RawBuilder<number>,
  scope: AbilityScope,
): RawBuilder<SqlBool> | undefined {
  const reached: RawBuilder<SqlBool>[] = []
  if (scope.userId !== undefined) {
    reached.push(sql<SqlBool>`(${minimum} > 0 and projects.owner_id = ${scope.userId})`)
  }
  let range: { from: number; to: number; key: string } | undefined
  const close = () => {
    if (!range) return
    const held = heldFrom(scope, range.from)
    const match = inSources(held.projects, held.groups)
    if (match.length > 0) {
      reached.push(
        sql<SqlBool>`(${minimum} between ${range.from} and ${range.to} and (${sql.join(match, sql` or `)}))`,
      )
    }
  }
  for (const level of MEMBER_LEVELS) {
    const key = JSON.stringify(heldFrom(scope, level))
    if (range?.key === key) {
      range.to = level
      continue
    }
    close()
    range = { from: level, to: level, key }
  }
  close()
  return reached.length === 0 ? undefined : sql<SqlBool>`(${sql.join(reached, sql` or `)})`
}

/**
 * access-requirements.ts meetsRequirement in SQL: the caller (scope) holds
 * `ability` in the row's project (`projects`) by the Requirement the row keeps.
 */
export function meetsRequirementSql(
  ability: ListAbility,
  scope: AbilityScope,
): Expression<SqlBool> {
  const column = (suffix: string) => sql.ref(`projects.${REQUIREMENT_PREFIX[ability]}_${suffix}`)
  const met: RawBuilder<SqlBool>[] = [sql<SqlBool>`${column('anonymous')}`]
  if (scope.admin) met.push(sql<SqlBool>`${column('admin')}`)
  if (scope.signedIn) met.push(sql<SqlBool>`${column('signed_in')}`)
  const members = membersReach(sql<number>`${column('min_level')}`, scope)
  if (members) met.push(members)
  return sql<SqlBool>`(${sql.join(met, sql` or `)})`
}

/** scope=all's projects: those the caller holds any membership in (or owns the namespace of). */
export function memberOfSql(scope: AbilityScope): Expression<SqlBool> {
  const held = heldFrom(scope, 1)
  const member = inSources(held.projects, held.groups)
  if (scope.userId !== undefined) member.push(sql<SqlBool>`projects.owner_id = ${scope.userId}`)
  return member.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(member, sql` or `)})`
}
