import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

/** Runs `fn` in a transaction of `db`, or in `db` itself when it already is one. */
export function inTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn)
}
