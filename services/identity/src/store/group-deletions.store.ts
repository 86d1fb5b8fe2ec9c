import { sql, type Kysely } from 'kysely'
import type { GroupDeleted } from '@suite/proto'
import { GROUP_DELETED_OUTBOX, insertOutboxMessage, purgeInBatches } from '@suite/runtime'
import type { Database } from './schema.js'

/** Namespaces removed per statement, deepest first. */
const NAMESPACE_BATCH = 100

/**
 * Marks the group and every subgroup pending deletion and writes the
 * GroupDeleted message, in the caller's transaction; false when the group
 * was already marked or is gone.
 */
export async function markGroupDeleted(
  trx: Kysely<Database>,
  groupId: number,
  deletedByUserId: number,
): Promise<boolean> {
  const rows = await trx
    .updateTable('namespaces')
    .set({ pending_delete: true, updated_at: new Date() })
    .where('type', '=', 'Group')
    .where('pending_delete', '=', false)
    .where((eb) =>
      eb.or([eb('id', '=', groupId), eb(sql`${groupId}`, '=', sql`any(traversal_ids)`)]),
    )
    .returning('id')
    .execute()
  const ids = rows.map((row) => Number(row.id))
  if (!ids.includes(groupId)) return false
  const message: GroupDeleted = {
    groupId,
    namespaceIds: ids.sort((a, b) => a - b),
    deletedByUserId,
  }
  await insertOutboxMessage(trx, GROUP_DELETED_OUTBOX, message)
  return true
}

/**
 * Identity's side of Groups::DestroyService: the mark of a group and its
 * subgroups (with the GroupDeleted message, one transaction) and, once the
 * projects service has marked their projects, the batched removal of their
 * memberships and namespaces.
 */
export class GroupDeletionsStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Marks the group and every subgroup pending deletion and writes the
   * GroupDeleted message, in one transaction; false when the group was
   * already marked or is gone.
   */
  markDeleted(groupId: number, deletedByUserId: number): Promise<boolean> {
    return this.db.transaction().execute((trx) => markGroupDeleted(trx, groupId, deletedByUserId))
  }

  /**
   * Removes what is left of a marked group: the memberships in it and its
   * subgroups (and those of their projects that are still there), then the
   * namespaces, deepest first. Returns the rows removed; 0 when nothing of
   * the group is marked.
   */
  async purge(groupId: number): Promise<number> {
    const marked = sql`select id from namespaces where pending_delete
      and (id = ${groupId} or ${groupId} = any(traversal_ids))`
    let removed = await purgeInBatches(
      this.db,
      'members',
      sql`(source_type = 'Namespace' and source_id in (${marked}))
        or member_namespace_id in (${marked})`,
    )
    for (;;) {
      const result = await sql`delete from namespaces where id = any(array(
          select id from namespaces where pending_delete
            and (id = ${groupId} or ${groupId} = any(traversal_ids))
          order by cardinality(traversal_ids) desc limit ${NAMESPACE_BATCH}))`.execute(this.db)
      const deleted = Number(result.numAffectedRows ?? 0n)
      removed += deleted
      if (deleted < NAMESPACE_BATCH) return removed
    }
  }
}
