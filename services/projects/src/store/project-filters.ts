import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { AccessLevel } from '@suite/proto'
import { abilityScope } from '../domain/access-requirements.js'
import type { ProjectFilter, Viewer } from '../domain/list-query.js'
import { reaches, type Memberships } from '../domain/project-grant.js'
import type { Grant } from '../domain/project.js'
import { meetsRequirementSql } from './requirement-columns.js'
import type { Database } from './schema.js'

type Eb = ExpressionBuilder<Database, 'projects'>

/** `like` pattern text with %, _ and \ taken literally. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/**
 * order_by=similarity: an approximation of GitLab's Gitlab::Database::SimilarityScore
 * (trigram similarity of path, name and description) that needs no extension:
 * 3 when path or name equals the search (any case), 2 when one starts with it,
 * 1 when path, name or description contains it, else 0. Ties are broken by id.
 */
export function similarityScore(search: string): Expression<number> {
  const exact = search.toLowerCase()
  const prefix = `${likeEscape(search)}%`
  const substring = `%${likeEscape(search)}%`
  return sql<number>`case
    when lower(projects.path) = ${exact} or lower(projects.name) = ${exact} then 3
    when projects.path ilike ${prefix} or projects.name ilike ${prefix} then 2
    when projects.path ilike ${substring} or projects.name ilike ${substring}
      or projects.description ilike ${substring} then 1
    else 0 end`
}

/** Projects `userId` starred (users_star_projects). */
function starredBy(eb: Eb, userId: number): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('users_star_projects')
      .select('users_star_projects.id')
      .whereRef('users_star_projects.project_id', '=', 'projects.id')
      .where('users_star_projects.user_id', '=', userId),
  )
}

function idsAtLeast(grants: ReadonlyMap<number, Grant>, minimum: number): number[] {
  return [...grants].filter(([, grant]) => reaches(grant.level, minimum)).map(([id]) => id)
}

/**
 * Projects where the user holds at least `minimum`: a project membership, a
 * membership in a group above it, or the personal namespace it lives in.
 */
export function heldAtLeast(
  eb: Eb,
  userId: number,
  memberships: Memberships,
  minimum: number,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = []
  const projectIds = idsAtLeast(memberships.projects, minimum)
  const groupIds = idsAtLeast(memberships.groups, minimum)
  if (projectIds.length > 0) conditions.push(eb('projects.id', 'in', projectIds))
  if (groupIds.length > 0) {
    conditions.push(
      sql<SqlBool>`projects.namespace_traversal_ids && ${sql.val(groupIds)}::bigint[]`,
    )
  }
  if (reaches(AccessLevel.ACCESS_LEVEL_OWNER, minimum)) {
    conditions.push(eb('projects.owner_id', '=', userId))
  }
  return eb.or(conditions)
}

/** GroupProjectsFinder: the group's own projects, and with include_subgroups those below it. */
function inGroup(eb: Eb, groupId: number, includeSubgroups = false): Expression<SqlBool> {
  const inGroupNamespace = eb.and([
    eb('projects.namespace_kind', '=', 'group'),
    eb('projects.namespace_id', '=', groupId),
  ])
  if (!includeSubgroups) return inGroupNamespace
  return eb.and([
    eb('projects.namespace_kind', '=', 'group'),
    sql<SqlBool>`projects.namespace_traversal_ids @> array[${groupId}]::bigint[]`,
  ])
}

/**
 * ProjectsFinder's visibility: the projects the viewer holds :read_project
 * in, by the Requirement each project row keeps (the policy table's).
 */
export function visibleTo(viewer: Viewer): Expression<SqlBool> {
  return meetsRequirementSql(
    'readProject',
    abilityScope(viewer.caller, viewer.memberships, 'readProject'),
  )
}

/** ProjectsFinder's filters on top of what the viewer may read. */
export function filtered(eb: Eb, filter: ProjectFilter, viewer: Viewer): Expression<SqlBool> {
  const userId = viewer.caller.userId
  // A project being deleted is in no list (Project#pending_delete, GitLab's without_deleted).
  const and: Expression<SqlBool>[] = [eb('projects.pending_delete', '=', false), visibleTo(viewer)]
  if (filter.archived !== undefined) and.push(eb('projects.archived', '=', filter.archived))
  if (filter.active !== undefined) and.push(eb('projects.archived', '=', !filter.active))
  if (filter.idAfter !== undefined) and.push(eb('projects.id', '>', filter.idAfter))
  if (filter.idBefore !== undefined) and.push(eb('projects.id', '<', filter.idBefore))
  if (filter.lastActivityAfter) {
    and.push(eb('projects.last_activity_at', '>', filter.lastActivityAfter))
  }
  if (filter.lastActivityBefore) {
    and.push(eb('projects.last_activity_at', '<', filter.lastActivityBefore))
  }
  if (filter.updatedAfter) and.push(eb('projects.updated_at', '>', filter.updatedAfter))
  if (filter.updatedBefore) and.push(eb('projects.updated_at', '<', filter.updatedBefore))
  if (filter.visibilityLevel !== undefined) {
    and.push(eb('projects.visibility_level', '=', filter.visibilityLevel))
  }
  if (filter.userNamespaceOwnerId !== undefined) {
    and.push(eb('projects.owner_id', '=', filter.userNamespaceOwnerId))
    and.push(eb('projects.namespace_kind', '=', 'user'))
  }
  if (filter.withIssuesEnabled) and.push(eb('projects.issues_access_level', '<>', 'disabled'))
  if (filter.withMergeRequestsEnabled) {
    and.push(eb('projects.merge_requests_access_level', '<>', 'disabled'))
  }
  // Membership filters need a signed-in user; without one they match nothing.
  const needsUser = filter.membership || filter.owned || filter.minAccessLevel !== undefined
  if (needsUser && userId === undefined) and.push(sql<SqlBool>`false`)
  if (userId !== undefined) {
    if (filter.membership) {
      and.push(heldAtLeast(eb, userId, viewer.memberships, AccessLevel.ACCESS_LEVEL_MINIMAL))
    }
    if (filter.owned) {
      and.push(heldAtLeast(eb, userId, viewer.memberships, AccessLevel.ACCESS_LEVEL_OWNER))
    }
    if (filter.minAccessLevel !== undefined) {
      and.push(heldAtLeast(eb, userId, viewer.memberships, filter.minAccessLevel))
    }
  }
  // ProjectsFinder: starred=true is the signed-in user's starred projects; without a user it is ignored.
  if (filter.starred && userId !== undefined) and.push(starredBy(eb, userId))
  if (filter.starredByUserId !== undefined) and.push(starredBy(eb, filter.starredByUserId))
  if (filter.forkedFromProjectId !== undefined) {
    and.push(eb('projects.forked_from_project_id', '=', filter.forkedFromProjectId))
  }
  if (filter.groupId !== undefined) and.push(inGroup(eb, filter.groupId, filter.includeSubgroups))
  for (const term of filter.searchTerms) {
    const pattern = `%${likeEscape(term)}%`
    const fields: Expression<SqlBool>[] = [
      eb('projects.path', 'ilike', pattern),
      eb('projects.name', 'ilike', pattern),
      eb('projects.description', 'ilike', pattern),
    ]
    if (filter.searchNamespaces) {
      fields.push(eb('projects.full_path', 'ilike', pattern))
      fields.push(eb('projects.namespace_full_name', 'ilike', pattern))
    }
    and.push(eb.or(fields))
  }
  for (const topic of filter.topics) {
    and.push(
      eb.exists(
        eb
          .selectFrom('project_topics')
          .innerJoin('topics', 'topics.id', 'project_topics.topic_id')
          .select('project_topics.project_id')
          .whereRef('project_topics.project_id', '=', 'projects.id')
          .where(sql<SqlBool>`lower(topics.name) = lower(${topic})`),
      ),
    )
  }
  if (filter.topicId !== undefined) {
    const topicId = filter.topicId
    and.push(
      eb.exists(
        eb
          .selectFrom('project_topics')
          .select('project_topics.project_id')
          .whereRef('project_topics.project_id', '=', 'projects.id')
          .where('project_topics.topic_id', '=', topicId),
      ),
    )
  }
  return eb.and(and)
}
