import type { Migration } from 'kysely'
import * as createMergeRequests from './2026_11_21_1400_create_merge_requests.js'
import * as addMergeStatusChangedAt from './2026_11_21_1500_add_merge_status_changed_at.js'
import * as addDiffCollectionAttemptedAt from './2026_11_21_1520_add_diff_collection_attempted_at.js'
import * as addListFilterIndexes from './2026_11_21_1510_add_list_filter_indexes.js'
import * as createProjectAccessFacts from './2026_11_22_1000_create_project_access_facts.js'
import * as addChangeTriggers from './2026_11_26_0900_add_change_triggers.js'
import * as createNotes from './2026_11_27_1300_create_notes.js'
import * as addDiscussions from './2026_11_27_1400_add_discussions.js'
import * as addNotePushKeys from './2026_11_27_1500_add_note_push_keys.js'
import * as createResourceStateEvents from './2026_11_27_1510_create_resource_state_events.js'
import * as createHookEventOutbox from './2026_11_28_1100_create_hook_event_outbox.js'

/** Every migration of the `merge_requests` schema, by name; Kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_1400_create_merge_requests': createMergeRequests,
  '2026_11_21_1500_add_merge_status_changed_at': addMergeStatusChangedAt,
  '2026_11_21_1510_add_list_filter_indexes': addListFilterIndexes,
  '2026_11_21_1520_add_diff_collection_attempted_at': addDiffCollectionAttemptedAt,
  '2026_11_22_1000_create_project_access_facts': createProjectAccessFacts,
  '2026_11_26_0900_add_change_triggers': addChangeTriggers,
  '2026_11_27_1300_create_notes': createNotes,
  '2026_11_27_1400_add_discussions': addDiscussions,
  '2026_11_27_1500_add_note_push_keys': addNotePushKeys,
  '2026_11_27_1510_create_resource_state_events': createResourceStateEvents,
  '2026_11_28_1100_create_hook_event_outbox': createHookEventOutbox,
}
