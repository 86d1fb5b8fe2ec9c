import { AccessLevel, MemberPermission } from '@suite/proto'
import type { Caller } from './caller.js'
import {
  allOf,
  anyOf,
  available,
  guestAccess,
  member,
  notArchived,
  notWithheld,
  plannerRole,
  publicAccess,
  publicBuilds,
  publicUserAccess,
  type Condition,
  type PolicyActor,
  type PolicySubject,
} from './policy-conditions.js'
import { reaches } from './project-grant.js'
import type { Grant, Project } from './project.js'

const GUEST = AccessLevel.ACCESS_LEVEL_GUEST
const PLANNER = AccessLevel.ACCESS_LEVEL_PLANNER
const REPORTER = AccessLevel.ACCESS_LEVEL_REPORTER
const DEVELOPER = AccessLevel.ACCESS_LEVEL_DEVELOPER
const MAINTAINER = AccessLevel.ACCESS_LEVEL_MAINTAINER
const OWNER = AccessLevel.ACCESS_LEVEL_OWNER

/**
 * One row of the table. An ability is held when the caller can read the
 * project, `member` or one of `also` holds, every one of `needs` holds, and
 * the token's scopes carry it.
 */
export interface AbilityRule {
  /** Members from this level up, and administrators (owner_access). */
  member: AccessLevel
  /** GitLab's other enable rules for it. */
  also?: readonly Condition[]
  /** GitLab's prevent rules, stated as what must hold. */
  needs?: readonly Condition[]
  /** Token scopes that carry it (Gitlab::Auth.abilities_for_scopes); absent: any token. */
  scopes?: readonly string[]
}

/** download_code: api, read_api (read-only abilities), read_repository, write_repository. */
const READ_CODE_SCOPES = ['api', 'read_api', 'read_repository', 'write_repository']
/** push_code: api and write_repository. */
const PUSH_CODE_SCOPES = ['api', 'write_repository']

/** The abilities the table decides, named as the fields of gitlab.common.v1.ProjectAbilities. */
export const TABLE_ABILITIES = [
  'readProject',
  'readEvents',
  'readProjectMember',
  'readMilestone',
  'readLabel',
  'awardEmoji',
  'readCode',
  'readMergeRequest',
  'createMergeRequestIn',
  'readPipeline',
  'readBuild',
  'readStatistics',
  'adminMilestone',
  'adminLabel',
  'pushCode',
  'adminTag',
  'createMergeRequestFrom',
  'updateMergeRequest',
  'adminMergeRequest',
  'createPipeline',
  'readAlertManagementAlert',
  'updatePipeline',
  'updateAlertManagementAlert',
  'adminPipeline',
  'adminPipelineTriggers',
  'adminCicdVariables',
  'adminAlertIntegrations',
  'pushToProtectedBranch',
  'adminProject',
  'renameProject',
  'adminProjectMember',
  'manageMergeRequestSettings',
  'readRunnersToken',
  'updateBuild',
  'adminRunner',
  'readRunners',
  'adminJobTokenScope',
  'destroyMergeRequest',
  'destroyPipeline',
  'removeProject',
  'archiveProject',
  'changeVisibilityLevel',
  'changeNamespace',
  'forkProject',
  'manageOwners',
  'readInternalNote',
  'readCommitStatus',
  'adminNote',
  'resolveNote',
  'setNoteCreatedAt',
  'readIssue',
  'createIssue',
  'updateIssue',
  'adminIssue',
  'readConfidentialIssues',
  'destroyIssue',
] as const

export type TableAbility = (typeof TABLE_ABILITIES)[number]

/** The ability `name` as the same caller holds it (GitLab's can?(:x) inside a rule). */
function can(name: TableAbility): Condition {
  return (subject, actor) => ruleHolds(name, subject, actor)
}

/** merge_requests_disabled | repository_disabled | ~can?(:download_code) prevents these. */
const MERGE_REQUESTS = [available('merge_requests'), available('repository'), can('readCode')]
/** (builds_disabled & ~internal_builds_disabled) | repository_disabled prevents these. */
const PIPELINES = [available('repository'), notWithheld('builds')]
/** builds_disabled | repository_disabled prevents these. */
const BUILDS = [available('builds'), available('repository')]
/** issues_disabled & merge_requests_disabled prevents these. */
const LABELS = [anyOf(available('issues'), available('merge_requests'))]
/** issues_disabled prevents these; archived prevents all but reading them. */
const ISSUES = [available('issues')]

/**
 * GitLab's ProjectPolicy (app/policies/project_policy.rb, with ProjectFeature
 * and ArchivedAbilities), one row per ProjectAbilities field. Every ability
 * also needs readProject.
 */
export const PROJECT_POLICY: Readonly<Record<TableAbility, AbilityRule>> = {
  readProject: { member: GUEST, also: [publicAccess] },
  readEvents: { member: GUEST, also: [publicAccess] },
  readProjectMember: { member: GUEST, also: [publicAccess] },
  readMilestone: { member: GUEST, also: [publicAccess], needs: LABELS },
  readLabel: { member: GUEST, also: [publicAccess], needs: LABELS },
  awardEmoji: { member: GUEST, also: [publicUserAccess], needs: [notArchived] },
  readCode: {
    member: REPORTER,
    also: [publicAccess],
    needs: [available('repository')],
    scopes: READ_CODE_SCOPES,
  },
  readMergeRequest: { member: REPORTER, also: [publicAccess], needs: MERGE_REQUESTS },
  createMergeRequestIn: {
    member: GUEST,
    also: [publicUserAccess],
    needs: [...MERGE_REQUESTS, notArchived],
  },
  readPipeline: {
    member: REPORTER,
    also: [publicAccess, allOf(publicBuilds, guestAccess)],
    needs: PIPELINES,
  },
  readBuild: { member: REPORTER, also: [publicBuilds], needs: BUILDS },
  readStatistics: { member: REPORTER },
  adminMilestone: { member: REPORTER, needs: [...LABELS, notArchived] },
  adminLabel: { member: REPORTER, needs: [...LABELS, notArchived] },
  pushCode: {
    member: DEVELOPER,
    needs: [available('repository'), notArchived],
    scopes: PUSH_CODE_SCOPES,
  },
  adminTag: { member: DEVELOPER, needs: [can('pushCode')], scopes: PUSH_CODE_SCOPES },
  createMergeRequestFrom: { member: DEVELOPER, needs: [...MERGE_REQUESTS, notArchived] },
  updateMergeRequest: { member: DEVELOPER, needs: [...MERGE_REQUESTS, notArchived] },
  adminMergeRequest: { member: DEVELOPER, needs: [...MERGE_REQUESTS, notArchived] },
  createPipeline: { member: DEVELOPER, needs: [...PIPELINES, notArchived] },
  updatePipeline: { member: DEVELOPER, needs: [...PIPELINES, notArchived] },
  adminPipeline: { member: MAINTAINER, needs: [...PIPELINES, notArchived] },
  adminPipelineTriggers: { member: MAINTAINER, needs: [...BUILDS, notArchived] },
  // admin_cicd_variables: the project's CI/CD variables.
  adminCicdVariables: { member: MAINTAINER },
  // The Monitor area: alert integrations (admin_operations) and alerts.
  adminAlertIntegrations: { member: MAINTAINER, needs: [notArchived] },
  // GitLab moved alerts from Reporter to Developer (ProjectPolicy's developer rules).
  readAlertManagementAlert: { member: DEVELOPER },
  updateAlertManagementAlert: { member: DEVELOPER, needs: [notArchived] },
  // Default branch protection "fully protected": Maintainers push and merge.
  pushToProtectedBranch: { member: MAINTAINER, needs: [can('pushCode')], scopes: PUSH_CODE_SCOPES },
  adminProject: { member: MAINTAINER },
  renameProject: { member: MAINTAINER },
  adminProjectMember: { member: MAINTAINER },
  manageMergeRequestSettings: { member: MAINTAINER },
  readRunnersToken: { member: MAINTAINER },
  // Play, cancel and retry a job (update_build).
  updateBuild: { member: DEVELOPER, needs: [...BUILDS, notArchived] },
  // create_runner and admin_runner: project runners are the Maintainers'.
  adminRunner: { member: MAINTAINER, needs: [notArchived] },
  readRunners: { member: MAINTAINER },
  adminJobTokenScope: { member: MAINTAINER },
  destroyMergeRequest: { member: OWNER, needs: [...MERGE_REQUESTS, notArchived] },
  destroyPipeline: { member: OWNER, needs: PIPELINES },
  removeProject: { member: OWNER },
  archiveProject: { member: OWNER },
  changeVisibilityLevel: { member: OWNER },
  // Transferring the project (the target namespace's transfer_projects is identity's answer).
  changeNamespace: { member: OWNER },
  // fork_project: whoever may download the code, signed in (the route authenticates).
  forkProject: {
    member: REPORTER,
    also: [publicAccess],
    needs: [available('repository'), can('readCode')],
  },
  manageOwners: { member: OWNER },
  // NotePolicy#can_read_internal_note: Reporters and admins read internal
  // notes and may mark notes internal (mark_note_as_internal).
  readInternalNote: { member: REPORTER },
  // read_commit_status: Reporters and public_access, never public_builds alone.
  readCommitStatus: { member: REPORTER, also: [publicAccess], needs: PIPELINES },
  // The project's side of NotePolicy: editing anyone's note (admin_note),
  // resolving threads (resolve_note) and backdating a note (set_note_created_at).
  // The note's and the merge request's authors are the merge requests
  // service's object rules.
  adminNote: { member: MAINTAINER },
  resolveNote: { member: DEVELOPER },
  setNoteCreatedAt: { member: OWNER },
  // Issues: guest_access reads and opens them (public_user_access is
  // guest_access), planner_access and reporter_access update, administer and
  // read confidential ones; owner_access and the Planner role delete them.
  readIssue: { member: GUEST, also: [publicAccess], needs: ISSUES },
  createIssue: { member: GUEST, also: [publicUserAccess], needs: [...ISSUES, notArchived] },
  updateIssue: { member: PLANNER, needs: [...ISSUES, notArchived] },
  adminIssue: { member: PLANNER, needs: [...ISSUES, notArchived] },
  readConfidentialIssues: { member: PLANNER },
  destroyIssue: { member: OWNER, also: [plannerRole], needs: [...ISSUES, notArchived] },
}

/**
 * What a custom member role's permission switches on: for these abilities the
 * membership counts as the level the table names for them (all other
 * conditions still apply). EE ProjectPolicy's custom_role_enables_* rules.
 */
export const CUSTOM_PERMISSION_ABILITIES: Readonly<
  Partial<Record<MemberPermission, readonly TableAbility[]>>
> = {
  [MemberPermission.MEMBER_PERMISSION_READ_CODE]: ['readCode'],
  [MemberPermission.MEMBER_PERMISSION_ADMIN_MERGE_REQUEST]: [
    'readCode',
    'readMergeRequest',
    'createMergeRequestFrom',
    'adminMergeRequest',
  ],
  [MemberPermission.MEMBER_PERMISSION_MANAGE_MERGE_REQUEST_SETTINGS]: [
    'manageMergeRequestSettings',
  ],
  [MemberPermission.MEMBER_PERMISSION_READ_RUNNERS]: ['readRunners'],
  [MemberPermission.MEMBER_PERMISSION_ADMIN_CICD_VARIABLES]: ['adminCicdVariables'],
  [MemberPermission.MEMBER_PERMISSION_REMOVE_PROJECT]: ['removeProject'],
  [MemberPermission.MEMBER_PERMISSION_ARCHIVE_PROJECT]: ['archiveProject'],
}

/** The table's rule for one ability, without the readProject gate and the token scopes. */
export function ruleHolds(name: TableAbility, subject: PolicySubject, actor: PolicyActor): boolean {
  const rule = PROJECT_POLICY[name]
  const enabled =
    member(rule.member)(subject, actor) ||
    (rule.also ?? []).some((condition) => condition(subject, actor))
  return enabled && (rule.needs ?? []).every((condition) => condition(subject, actor))
}

/**
 * What one membership is worth for an ability: its level, raised by a custom
 * permission that switches the ability on. A custom role adds to a membership
 * that reads the project by itself (Guest and up): below that, as GitLab's
 * API asks for read_project first, its permissions give nothing.
 */
export function grantLevelFor(name: TableAbility, grant: Grant): number {
  const switchedOn =
    reaches(grant.level, PROJECT_POLICY.readProject.member) &&
    grant.permissions.some((permission) => CUSTOM_PERMISSION_ABILITIES[permission]?.includes(name))
  return switchedOn ? Math.max(grant.level, PROJECT_POLICY[name].member) : grant.level
}

/** The caller as the rule of `name` sees it. */
export function actorFor(
  name: TableAbility,
  caller: Pick<Caller, 'userId' | 'admin'>,
  grants: readonly Grant[],
): PolicyActor {
  return {
    admin: caller.admin,
    signedIn: caller.userId !== undefined,
    level: grants.reduce<number>(
      (level, grant) => Math.max(level, grantLevelFor(name, grant)),
      AccessLevel.ACCESS_LEVEL_NO_ACCESS,
    ),
  }
}

function scopesCarry(name: TableAbility, caller: Caller): boolean {
  const needed: readonly string[] | undefined = PROJECT_POLICY[name].scopes
  const held = caller.scopes ?? []
  return needed === undefined || held.length === 0 || held.some((scope) => needed.includes(scope))
}

/** ProjectPolicy's subject conditions of a project. */
export function policySubject(
  project: Pick<Project, 'visibility' | 'features' | 'archived' | 'flags'>,
): PolicySubject {
  return {
    visibility: project.visibility,
    features: project.features,
    archived: project.archived,
    publicJobs: project.flags.public_jobs,
  }
}

/** Whether the caller holds one ability of the table in the project. */
export function holdsAbility(
  name: TableAbility,
  subject: PolicySubject,
  caller: Caller,
  grants: readonly Grant[],
): boolean {
  return (
    ruleHolds('readProject', subject, actorFor('readProject', caller, grants)) &&
    ruleHolds(name, subject, actorFor(name, caller, grants)) &&
    scopesCarry(name, caller)
  )
}

/**
 * In the caller's authorized projects (GitLab's User#authorized_projects: a
 * membership at any level, inherited ones included; an administrator's are
 * every project): what a runner's details list (RunnerDetails' projects).
 */
export function isAuthorizedProject(level: AccessLevel): boolean {
  return level > AccessLevel.ACCESS_LEVEL_NO_ACCESS
}
