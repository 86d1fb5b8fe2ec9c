import { sql, type Kysely } from 'kysely'
import { EventOutboxStore } from './event-outbox.store.js'
import { MemberRolesStore } from './member-roles.store.js'
import { MembersStore } from './members.store.js'
import { NamespacesStore } from './namespaces.store.js'
import { SamlIdentitiesStore } from './saml-identities.store.js'
import type { DB } from './schema.js'
import { TokensStore } from './tokens.store.js'
import { UsersStore } from './users.store.js'

/** Everything the domain reaches data through. */
export interface Stores {
  users: UsersStore
  namespaces: NamespacesStore
  members: MembersStore
  memberRoles: MemberRolesStore
  samlIdentities: SamlIdentitiesStore
  tokens: TokensStore
  /** Activity events waiting for the queue; write them in the change's transaction. */
  outbox: EventOutboxStore
  /** Runs fn in one transaction (or in the current one when already inside). */
  transaction<T>(fn: (stores: Stores) => Promise<T>): Promise<T>
  /** Serialises writers of one kind until the transaction ends (call inside a transaction). */
  lock(key: string): Promise<void>
  /** Moves a table's id sequence past the ids written explicitly (the seed's). */
  advanceIdSequence(table: 'users' | 'namespaces'): Promise<void>
}

export function createStores(db: Kysely<DB>, inTransaction = false): Stores {
  const stores: Stores = {
    users: new UsersStore(db),
    namespaces: new NamespacesStore(db),
    members: new MembersStore(db),
    memberRoles: new MemberRolesStore(db),
    samlIdentities: new SamlIdentitiesStore(db),
    tokens: new TokensStore(db),
    outbox: new EventOutboxStore(db),
    transaction: (fn) =>
      inTransaction ? fn(stores) : db.transaction().execute((trx) => fn(createStores(trx, true))),
    lock: async (key) => {
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db)
    },
    advanceIdSequence: async (table) => {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'),
        greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db)
    },
  }
  return stores
}
