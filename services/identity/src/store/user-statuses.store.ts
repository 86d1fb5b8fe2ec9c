import type { Kysely } from 'kysely'
import type { UserStatusStore } from '../domain/ports.js'
import type { UserStatus } from '../domain/user-status.js'
import type { Database } from './schema.js'

/** Users' statuses, one row per user. */
export class UserStatusesStore implements UserStatusStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's status, unless its clear_status_at has come. */
  async find(userId: number, now: Date): Promise<UserStatus | undefined> {
    const row = await this.db
      .selectFrom('user_statuses')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('clear_status_at', 'is', null), eb('clear_status_at', '>', now)]))
      .executeTakeFirst()
    return (
      row && {
        userId: row.user_id,
        emoji: row.emoji,
        message: row.message,
        availability: row.availability,
        clearStatusAt: row.clear_status_at,
      }
    )
  }

  async save(status: UserStatus): Promise<void> {
    const values = {
      emoji: status.emoji,
      message: status.message,
      availability: status.availability,
      clear_status_at: status.clearStatusAt,
      updated_at: new Date(),
    }
    await this.db
      .insertInto('user_statuses')
      .values({ user_id: status.userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute()
  }

  async remove(userId: number): Promise<void> {
    await this.db.deleteFrom('user_statuses').where('user_id', '=', userId).execute()
  }
}
