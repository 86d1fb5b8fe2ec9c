import { sql, type Kysely } from 'kysely'
import { AccessLevel } from '@suite/proto'
import type { HeldMembership } from '../domain/access-level.js'
import type { GroupLink } from '../domain/group-link.js'
import { isGroup, type Group } from '../domain/namespace.js'
import type { GroupLinkStore } from '../domain/ports.js'
import { toNamespace } from './namespace-rows.js'
import type { Database } from './schema.js'
import { guardUnique } from './unique-violation.js'

/** Memberships below Guest (Minimal Access) are worth nothing through a link (non_minimal_access). */
const LOWEST_SHARED_LEVEL = AccessLevel.ACCESS_LEVEL_GUEST

/** group_group_links: groups shared with groups. */
export class GroupLinksStore implements GroupLinkStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(link: GroupLink): Promise<void> {
    await guardUnique(() =>
      this.db
        .insertInto('group_group_links')
        .values({
          shared_group_id: link.sharedGroupId,
          shared_with_group_id: link.sharedWithGroupId,
          group_access: link.groupAccess,
          expires_at: link.expiresAt,
        })
        .execute(),
    )
  }

  async delete(sharedGroupId: number, sharedWithGroupId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('group_group_links')
      .where('shared_group_id', '=', sharedGroupId)
      .where('shared_with_group_id', '=', sharedWithGroupId)
      .executeTakeFirst()
    return result.numDeletedRows > 0n
  }

  async listForSharedGroup(
    sharedGroupId: number,
  ): Promise<(GroupLink & { sharedWithGroup: Group })[]> {
    const rows = await this.db
      .selectFrom('group_group_links as l')
      .innerJoin('namespaces', 'namespaces.id', 'l.shared_with_group_id')
      .selectAll('namespaces')
      .select(['l.group_access', 'l.expires_at', 'l.shared_group_id', 'l.shared_with_group_id'])
      .where('l.shared_group_id', '=', sharedGroupId)
      .where('namespaces.pending_delete', '=', false)
      .orderBy('namespaces.name')
      .orderBy('namespaces.id')
      .execute()
    return rows.flatMap((row) => {
      const group = toNamespace(row)
      if (!isGroup(group)) return []
      return [
        {
          sharedGroupId: row.shared_group_id,
          sharedWithGroupId: row.shared_with_group_id,
          groupAccess: row.group_access,
          expiresAt: row.expires_at,
          sharedWithGroup: group,
        },
      ]
    })
  }

  async grantsOf(userId: number, sharedGroupIds?: readonly number[]): Promise<HeldMembership[]> {
    if (sharedGroupIds?.length === 0) return []
    const rows = await this.db
      .selectFrom('group_group_links as l')
      .innerJoin('namespaces as invited', 'invited.id', 'l.shared_with_group_id')
      .innerJoin('members as m', (join) =>
        join
          .on('m.source_type', '=', 'Namespace')
          .on(sql<boolean>`m.source_id = any(invited.traversal_ids)`),
      )
      .select('l.shared_group_id')
      .select(sql<number>`max(least(l.group_access, m.access_level))::integer`.as('access_level'))
      .where('m.user_id', '=', userId)
      .where('m.access_level', '>=', LOWEST_SHARED_LEVEL)
      .where(sql<boolean>`(m.expires_at is null or m.expires_at >= current_date)`)
      .where(sql<boolean>`(l.expires_at is null or l.expires_at >= current_date)`)
      .where('invited.pending_delete', '=', false)
      .$if(sharedGroupIds !== undefined, (qb) =>
        qb.where('l.shared_group_id', 'in', [...(sharedGroupIds ?? [])]),
      )
      .groupBy('l.shared_group_id')
      .execute()
    return rows.map((row) => ({
      sourceType: 'Namespace',
      sourceId: Number(row.shared_group_id),
      accessLevel: row.access_level,
      memberRoleId: null,
    }))
  }
}
