import type { Migration } from 'kysely'
import * as createProjects from './2026_11_21_1200_create_projects.js'
import * as createEvents from './2026_11_21_1300_create_events.js'
import * as addProjectCiSettings from './2026_11_21_1330_add_project_ci_settings.js'
import * as addProjectAvatars from './2026_11_21_1400_add_project_avatars.js'
import * as addProjectAccessFacts from './2026_11_22_1000_add_project_access_facts.js'
import * as addChangeTriggers from './2026_11_26_0900_add_change_triggers.js'
import * as createRefChangeOutbox from './2026_11_26_1500_create_ref_change_outbox.js'
import * as createWebHooks from './2026_11_28_1000_create_web_hooks.js'
import * as createProtectedBranches from './2026_11_28_2000_create_protected_branches.js'
import * as createUsersStarProjects from './2026_11_29_0000_create_users_star_projects.js'
import * as addReadIssueRequirement from './2026_11_29_0110_add_read_issue_requirement.js'
import * as addProjectDeletion from './2026_11_29_0200_add_project_deletion.js'
import * as addProjectForks from './2026_11_29_0400_add_project_forks.js'
import * as addEventsTimeOrderIndexes from './2026_11_30_0810_add_events_time_order_indexes.js'
import * as addApplicationSettings from './2026_11_30_0830_add_application_settings.js'

/** Every migration of the `projects` schema, by name; Kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_1200_create_projects': createProjects,
  '2026_11_21_1300_create_events': createEvents,
  '2026_11_21_1330_add_project_ci_settings': addProjectCiSettings,
  '2026_11_21_1400_add_project_avatars': addProjectAvatars,
  '2026_11_22_1000_add_project_access_facts': addProjectAccessFacts,
  '2026_11_26_0900_add_change_triggers': addChangeTriggers,
  '2026_11_26_1500_create_ref_change_outbox': createRefChangeOutbox,
  '2026_11_28_1000_create_web_hooks': createWebHooks,
  '2026_11_28_2000_create_protected_branches': createProtectedBranches,
  '2026_11_29_0000_create_users_star_projects': createUsersStarProjects,
  '2026_11_29_0110_add_read_issue_requirement': addReadIssueRequirement,
  '2026_11_29_0200_add_project_deletion': addProjectDeletion,
  '2026_11_29_0400_add_project_forks': addProjectForks,
  '2026_11_30_0810_add_events_time_order_indexes': addEventsTimeOrderIndexes,
  '2026_11_30_0830_add_application_settings': addApplicationSettings,
}
