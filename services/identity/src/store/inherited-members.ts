import { sql, type Kysely } from 'kysely'
import { AccessLevel } from '@suite/proto'
import type { Member } from '../domain/member.js'
import type { MemberFilter, MembershipScope } from '../domain/member-query.js'
import type { Database } from './schema.js'
import { likeEscape, type PageWindow } from './sql-helpers.js'
import { toMember, type MemberRow } from './member-rows.js'

/**
 * GitLab's /members/all: the memberships of the source and of every group
 * above it, and of the groups shared with those, one per user, keeping the highest level (and, on a tie, the one
 * held closest to the source). Ordered by user id.
 */
export async function listInheritedMembers(
  db: Kysely<Database>,
  scope: MembershipScope,
  filter: MemberFilter,
  window: PageWindow,
): Promise<{ members: Member[]; total: number }> {
  const groupIds = sql`array[${sql.join(scope.groupIds.length > 0 ? [...scope.groupIds] : [0])}]::bigint[]`
  const projectId = scope.projectId ?? 0
  const term = filter.query?.toLowerCase()
  const userFilter =
    filter.userIds.length > 0 ? sql`and m.user_id in (${sql.join([...filter.userIds])})` : sql``
  const queryFilter =
    term !== undefined
      ? sql`and (lower(u.name) like ${`%${likeEscape(term)}%`} or lower(u.username) like ${`%${likeEscape(term)}%`} or lower(u.public_email) = ${term})`
      : sql``
  // Members of groups shared with the source's groups count too (GitLab's
  // shared_from_groups / shared_into_ancestors relations), each at most the
  // link's group_access and without its custom role; on a tie a membership of
  // the source's own hierarchy wins (depth 0).
  const candidates = sql`
    select m.id, m.source_type, m.source_id, m.user_id, m.access_level, m.expires_at,
      m.created_by_id, m.member_role_id, m.member_namespace_id, m.created_at, m.updated_at,
      case when m.source_type = 'Project' then 2147483647
           else array_position(${groupIds}, m.source_id) end as depth
    from members m join users u on u.id = m.user_id
    where ((m.source_type = 'Project' and m.source_id = ${projectId})
        or (m.source_type = 'Namespace' and m.source_id = any(${groupIds})))
      and (m.expires_at is null or m.expires_at >= current_date)
      ${userFilter} ${queryFilter}
    union all
    select m.id, m.source_type, m.source_id, m.user_id,
      least(m.access_level, l.group_access) as access_level, m.expires_at, m.created_by_id,
      null::bigint as member_role_id, m.member_namespace_id, m.created_at, m.updated_at,
      0 as depth
    from group_group_links l
      join namespaces invited on invited.id = l.shared_with_group_id
      join members m on m.source_type = 'Namespace' and m.source_id = any(invited.traversal_ids)
      join users u on u.id = m.user_id
    where l.shared_group_id = any(${groupIds})
      and (l.expires_at is null or l.expires_at >= current_date)
      and (m.expires_at is null or m.expires_at >= current_date)
      and m.access_level >= ${AccessLevel.ACCESS_LEVEL_GUEST}
      and not invited.pending_delete
      ${userFilter} ${queryFilter}`
  const [page, count] = await Promise.all([
    sql<MemberRow>`
      select * from (
        select distinct on (c.user_id) c.* from (${candidates}) c
        order by c.user_id, c.access_level desc, c.depth desc
      ) best order by best.user_id limit ${window.limit} offset ${window.offset}`.execute(db),
    sql<{ total: string }>`
      select count(distinct c.user_id) as total from (${candidates}) c`.execute(db),
  ])
  return { members: page.rows.map(toMember), total: Number(count.rows[0]?.total ?? 0) }
}
