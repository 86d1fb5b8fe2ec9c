import type { Migration } from 'kysely'
import * as createUsers from './2026_11_21_1100_create_users.js'
import * as createNamespaces from './2026_11_21_1101_create_namespaces.js'
import * as createIdentities from './2026_11_21_1102_create_identities.js'
import * as createMembers from './2026_11_21_1103_create_members.js'
import * as createPersonalAccessTokens from './2026_11_21_1104_create_personal_access_tokens.js'
import * as createEventOutbox from './2026_11_21_1230_create_event_outbox.js'
import * as createMemberRoles from './2026_11_22_1000_create_member_roles.js'
import * as addChangeTriggers from './2026_11_26_0900_add_change_triggers.js'
import * as addTokenChangeTriggers from './2026_11_26_1100_add_token_change_triggers.js'

/** The identity schema's migrations, by name; Kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_1100_create_users': createUsers,
  '2026_11_21_1101_create_namespaces': createNamespaces,
  '2026_11_21_1102_create_identities': createIdentities,
  '2026_11_21_1103_create_members': createMembers,
  '2026_11_21_1104_create_personal_access_tokens': createPersonalAccessTokens,
  '2026_11_21_1230_create_event_outbox': createEventOutbox,
  '2026_11_22_1000_create_member_roles': createMemberRoles,
  '2026_11_26_0900_add_change_triggers': addChangeTriggers,
  '2026_11_26_1100_add_token_change_triggers': addTokenChangeTriggers,
}
