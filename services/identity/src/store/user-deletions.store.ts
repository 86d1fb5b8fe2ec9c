import { sql, type Kysely } from 'kysely'
import { AccessLevel, type UserDeleted } from '@suite/proto'
import {
  insertOutboxMessage,
  purgeInBatches,
  USER_BLOCKED_OUTBOX,
  USER_DELETED_OUTBOX,
} from '@suite/runtime'
import { personalNamespace } from '../domain/user-writes.js'
import { markGroupDeleted } from './group-deletions.store.js'
import { toNamespaceColumns } from './namespace-rows.js'
import type { Database } from './schema.js'

/** Users::Internal.ghost's profile. */
const GHOST = {
  name: 'Ghost User',
  bio: 'This is a "Ghost User", created to hold all issues authored by users that have since been deleted. This user cannot be removed.',
}

const OWNER = AccessLevel.ACCESS_LEVEL_OWNER

/** What a deletion request comes to. */
export type DeletionMark =
  { kind: 'marked' } | { kind: 'not_found' } | { kind: 'internal' } | { kind: 'sole_owner' }

/**
 * Identity's side of Users::DestroyService: the Ghost user (created on
 * first need), the checks and mark of a deletion with its UserDeleted
 * message (one transaction), the batched removal of the user's rows once the
 * other services are done, and the removal of one identity.
 */
export class UserDeletionsStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Groups the user is the only direct Owner of (User#solo_owned_groups). */
  async soloOwnedGroups(db: Kysely<Database>, userId: number): Promise<number[]> {
    const { rows } = await sql<{ id: string }>`select m.source_id as id from members m
        join namespaces n on n.id = m.source_id and n.type = 'Group' and not n.pending_delete
      where m.source_type = 'Namespace' and m.user_id = ${userId} and m.access_level = ${OWNER}
        and not exists (select 1 from members o where o.source_type = 'Namespace'
          and o.source_id = m.source_id and o.access_level = ${OWNER} and o.user_id <> ${userId})
      order by m.source_id`.execute(db)
    return rows.map((row) => Number(row.id))
  }

  /** The Ghost user's id, created (with its personal namespace) when there is none yet. */
  private async ghost(trx: Kysely<Database>): Promise<number> {
    await sql`select pg_advisory_xact_lock(hashtext('identity.ghost-user'))`.execute(trx)
    const found = await trx
      .selectFrom('internal_users')
      .select('user_id')
      .where('kind', '=', 'ghost')
      .executeTakeFirst()
    if (found) return Number(found.user_id)
    // Users::Internal#unique_internal: ghost, ghost1, ghost2... whichever is free.
    const { rows } = await sql<{ n: number }>`select n from generate_series(0, 1000) n
      where not exists (select 1 from users where lower(username) =
          'ghost' || case when n = 0 then '' else n::text end)
        and not exists (select 1 from namespaces where lower(full_path) =
          'ghost' || case when n = 0 then '' else n::text end)
      order by n limit 1`.execute(trx)
    const n = Number(rows[0]?.n ?? 0)
    const username = n === 0 ? 'ghost' : `ghost${n}`
    const now = new Date()
    const { id } = await trx
      .insertInto('users')
      .values({
        username,
        email: `${username}@example.com`,
        name: GHOST.name,
        bio: GHOST.bio,
        encrypted_password: '',
        confirmed_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { rows: next } = await sql<{
      id: string
    }>`select nextval(pg_get_serial_sequence('namespaces', 'id')) as id`.execute(trx)
    const namespace = personalNamespace(Number(next[0]?.id), id, username, GHOST.name, now)
    await trx.insertInto('namespaces').values(toNamespaceColumns(namespace)).execute()
    await trx.insertInto('internal_users').values({ kind: 'ghost', user_id: id }).execute()
    return Number(id)
  }

  /**
   * Blocks the user and writes its UserDeleted message in one transaction;
   * with `hardDelete` the groups it solely owns are marked for deletion too.
   * Refused for an unknown user, an internal one (the Ghost user) and, without
   * `hardDelete`, the sole owner of a group. Asking again is a no-op.
   */
  markDeleted(userId: number, hardDelete: boolean, deletedById: number): Promise<DeletionMark> {
    return this.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'state'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst()
      if (!user) return { kind: 'not_found' }
      const internal = await trx
        .selectFrom('internal_users')
        .select('kind')
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (internal) return { kind: 'internal' }
      const solo = await this.soloOwnedGroups(trx, userId)
      if (solo.length > 0 && !hardDelete) return { kind: 'sole_owner' }
      const ghostUserId = await this.ghost(trx)
      await trx
        .updateTable('users')
        .set({ state: 'blocked', updated_at: new Date() })
        .where('id', '=', userId)
        .execute()
      // Users::DestroyService blocks the user first, which drops their pipelines.
      if (user.state !== 'blocked') {
        const blocked = { userId, blockedAtMs: Date.now(), blockedByUserId: deletedById }
        await insertOutboxMessage(trx, USER_BLOCKED_OUTBOX, blocked)
      }
      for (const groupId of solo) await markGroupDeleted(trx, groupId, deletedById)
      await trx
        .insertInto('user_deletions')
        .values({ user_id: userId, hard_delete: hardDelete, deleted_by_id: deletedById || null })
        .onConflict((oc) => oc.doNothing())
        .execute()
      const namespace = await trx
        .selectFrom('namespaces')
        .select('id')
        .where('owner_id', '=', userId)
        .where('type', '=', 'User')
        .executeTakeFirst()
      const message: UserDeleted = {
        userId,
        ghostUserId,
        hardDelete,
        namespaceId: namespace ? Number(namespace.id) : 0,
        deletedByUserId: deletedById,
      }
      await insertOutboxMessage(trx, USER_DELETED_OUTBOX, message)
      return { kind: 'marked' }
    })
  }

  /**
   * Removes a user whose deletion was asked: memberships (theirs, and those
   * in their personal namespace's projects), tokens and identities in
   * batches, the personal namespace, the user, and the request last.
   * Nothing for a user whose deletion was not asked. Returns rows removed.
   */
  async purge(userId: number): Promise<number> {
    const asked = await this.db
      .selectFrom('user_deletions')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!asked) return 0
    const personal = sql`select id from namespaces where owner_id = ${userId} and type = 'User'`
    let removed = await purgeInBatches(
      this.db,
      'members',
      sql`user_id = ${userId} or member_namespace_id in (${personal})`,
    )
    removed += await purgeInBatches(this.db, 'personal_access_tokens', sql`user_id = ${userId}`)
    removed += await purgeInBatches(this.db, 'identities', sql`user_id = ${userId}`)
    await this.db.transaction().execute(async (trx) => {
      const namespaces = await trx
        .deleteFrom('namespaces')
        .where('owner_id', '=', userId)
        .where('type', '=', 'User')
        .executeTakeFirst()
      const users = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst()
      await trx.deleteFrom('user_deletions').where('user_id', '=', userId).execute()
      removed += Number(namespaces.numDeletedRows) + Number(users.numDeletedRows)
    })
    return removed
  }

  async userExists(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst()
    return row !== undefined
  }

  /** Removes the user's identity for `provider`; false when the user has none. */
  async deleteIdentity(userId: number, provider: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('identities')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }
}
