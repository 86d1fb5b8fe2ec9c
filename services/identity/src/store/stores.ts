import { sql, type Kysely } from 'kysely'
import type { Stores } from '../domain/ports.js'
import { EventOutboxStore } from './event-outbox.store.js'
import { GroupLinksStore } from './group-links.store.js'
import { MemberRolesStore } from './member-roles.store.js'
import { MembersStore } from './members.store.js'
import { NamespacesStore } from './namespaces.store.js'
import { SamlIdentitiesStore } from './saml-identities.store.js'
import type { Database } from './schema.js'
import { TokensStore } from './tokens.store.js'
import { UserStatusesStore } from './user-statuses.store.js'
import { UsersStore } from './users.store.js'

/**
 * The domain's Stores on PostgreSQL, with the outbox's relay side (what
 * drains it to the queue), which the domain does not see.
 */
export interface IdentityStores extends Stores {
  outbox: EventOutboxStore
  transaction<T>(fn: (stores: IdentityStores) => Promise<T>): Promise<T>
}

export function createStores(db: Kysely<Database>, inTransaction = false): IdentityStores {
  const stores: IdentityStores = {
    users: new UsersStore(db),
    namespaces: new NamespacesStore(db),
    members: new MembersStore(db),
    groupLinks: new GroupLinksStore(db),
    memberRoles: new MemberRolesStore(db),
    samlIdentities: new SamlIdentitiesStore(db),
    tokens: new TokensStore(db),
    userStatuses: new UserStatusesStore(db),
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
