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
import * as createIssues from './2026_11_29_0100_create_issues.js'
import * as addReadIssueAccessFacts from './2026_11_29_0120_add_read_issue_access_facts.js'
import * as notesOnIssues from './2026_11_29_0500_notes_on_issues.js'
import * as awardEmojiOnIssues from './2026_11_29_0510_award_emoji_on_issues.js'
import * as subscriptionsOnIssues from './2026_11_29_0800_subscriptions_on_issues.js'
import * as timeTrackingOnIssues from './2026_11_29_0810_time_tracking_on_issues.js'
import * as addRebaseJid from './2026_11_30_0300_add_rebase_jid.js'
import * as createResourceLabelMilestoneEvents from './2026_11_30_0310_create_resource_label_milestone_events.js'
import * as createPipelineAskOutbox from './2026_11_30_0500_create_pipeline_ask_outbox.js'
import * as notesOnCommits from './2026_12_01_0100_notes_on_commits.js'

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
  '2026_11_29_0100_create_issues': createIssues,
  '2026_11_29_0120_add_read_issue_access_facts': addReadIssueAccessFacts,
  '2026_11_29_0500_notes_on_issues': notesOnIssues,
  '2026_11_29_0510_award_emoji_on_issues': awardEmojiOnIssues,
  '2026_11_29_0800_subscriptions_on_issues': subscriptionsOnIssues,
  '2026_11_29_0810_time_tracking_on_issues': timeTrackingOnIssues,
  '2026_11_30_0300_add_rebase_jid': addRebaseJid,
  '2026_11_30_0310_create_resource_label_milestone_events': createResourceLabelMilestoneEvents,
  '2026_11_30_0500_create_pipeline_ask_outbox': createPipelineAskOutbox,
  '2026_12_01_0100_notes_on_commits': notesOnCommits,
}
