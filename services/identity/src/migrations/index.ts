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
import * as addGroupDeletion from './2026_11_29_0210_add_group_deletion.js'
import * as addUserDeletion from './2026_11_29_0220_add_user_deletion.js'
import * as addImpersonationToTokens from './2026_11_29_0300_add_impersonation_to_tokens.js'
import * as createUserStatuses from './2026_11_29_0301_create_user_statuses.js'
import * as addUserBlockedOutbox from './2026_11_29_0900_add_user_blocked_outbox.js'
import * as createGroupGroupLinks from './2026_11_30_0600_create_group_group_links.js'
import * as addUserAvatars from './2026_11_30_0820_add_user_avatars.js'

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
  '2026_11_29_0210_add_group_deletion': addGroupDeletion,
  '2026_11_29_0220_add_user_deletion': addUserDeletion,
  '2026_11_29_0300_add_impersonation_to_tokens': addImpersonationToTokens,
  '2026_11_29_0301_create_user_statuses': createUserStatuses,
  '2026_11_29_0900_add_user_blocked_outbox': addUserBlockedOutbox,
  '2026_11_30_0600_create_group_group_links': createGroupGroupLinks,
  '2026_11_30_0820_add_user_avatars': addUserAvatars,
}
