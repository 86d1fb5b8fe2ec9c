/**
 * lib/api/issues.rb's project endpoints as use cases: find_project_issue,
 * Issues::CreateService, Issues::UpdateService (with close and reopen),
 * Issues::DestroyService and IssuesFinder for one project.
 */
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '@suite/runtime'
import { usersWhoCanRead } from './assignable-users.js'
import type { Caller } from './caller.js'
import { labelView, milestoneView, sortLabels } from './catalog-views.js'
import {
  canAdminIssue,
  canCreateIssue,
  canDestroyIssue,
  canReadIssue,
  canSetNewIssueMetadata,
  canUpdateIssue,
  confidentialVisibility,
  isAuthorOrAssignee,
  type Issue,
  type IssueChanges,
  type IssueListQuery,
  type IssueOrder,
  type IssueView,
} from './issue.js'
import type { IssueAction, IssueEvent } from './event-records.js'
import type { HookSite } from './hook-payloads.js'
import { issueHookEvent, type IssueBefore, type IssueHookAction } from './issue-hooks.js'
import { DEFAULT_LABEL_COLOR } from './label-color.js'
import { findHookTarget } from './merge-request-hooks.js'
import type { ListFilter } from './list-filter.js'
import { resolveConditions, usernameLookup } from './list-resolution.js'
import { labelNames } from './merge-request-metadata.js'
import { validateTexts } from './merge-request-rules.js'
import type { MergeRequestsDeps, Stores } from './ports.js'
import { grantsIn, requireProjectGrants, signedInUserId } from './policy.js'
import { isSubscribed } from './subscribable.js'
import { countTasks } from './task-list.js'

/** The writable fields of an issue; absent ones stay as they are. */
export interface IssueAttributes {
  title?: string | undefined
  description?: string | undefined
  setAssignees: boolean
  assigneeIds: number[]
  setLabels: boolean
  labels: string[]
  addLabels: string[]
  removeLabels: string[]
  /** 0 (or less) unassigns. */
  milestoneId?: number | undefined
  confidential?: boolean | undefined
  /** YYYY-MM-DD */
  dueDate?: string | undefined
  clearDueDate: boolean
  discussionLocked?: boolean | undefined
  /** close, reopen */
  stateEvent?: string | undefined
}

export interface IssueKey {
  projectId: number
  iid: number
}

export type IssueDeps = Pick<MergeRequestsDeps, 'stores' | 'ports' | 'settings'>

/**
 * The activity event of an action on an issue (EventCreateService#open_issue,
 * #close_issue, #reopen_issue); the key names the issue, action and moment.
 */
export function issueEvent(issue: Issue, action: IssueAction, authorId: number): IssueEvent {
  const moment = action === 'created' ? 'once' : String(issue.updatedAt.getTime())
  return {
    targetType: 'Issue',
    action,
    projectId: issue.projectId,
    authorId,
    targetId: issue.id,
    targetIid: issue.iid,
    targetTitle: issue.title,
    createdAt: new Date(),
    idempotencyKey: `issues:${issue.id}:${action}:${moment}`,
  }
}

/**
 * Records the event in `tx`. A confidential issue's events are not recorded:
 * the activity feed checks read_issue per project, which cannot tell who may
 * read one confidential issue (GitLab hides them from the others).
 */
async function recordIssueEvent(
  tx: Stores,
  issue: Issue,
  action: IssueAction,
  authorId: number,
): Promise<void> {
  if (issue.confidential) return
  await tx.outbox.add(issueEvent(issue, action, authorId))
}

/** The issues as the API presents them, each with its people, labels and milestone. */
export async function presentIssues(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  issues: readonly Issue[],
  caller: Caller | undefined,
  assignees?: Map<number, number[]>,
): Promise<IssueView[]> {
  if (issues.length === 0) return []
  const ids = issues.map((issue) => issue.id)
  const milestoneIds = [
    ...new Set(issues.flatMap((issue) => (issue.milestoneId === null ? [] : [issue.milestoneId]))),
  ]
  const userId = signedInUserId(caller)
  const [people, labels, milestones, choices, commented] = await Promise.all([
    assignees ?? deps.stores.issues.assigneeIds(ids),
    deps.stores.issues.labels(ids),
    milestoneIds.length === 0 ? [] : deps.stores.milestones.findByIds(milestoneIds),
    userId === undefined
      ? new Map<number, boolean>()
      : deps.stores.subscriptions.findForIssues(ids, userId),
    userId === undefined ? new Set<number>() : deps.stores.notes.issuesCommentedBy(ids, userId),
  ])
  const milestoneById = new Map(milestones.map((milestone) => [milestone.id, milestone]))
  const now = new Date()
  return issues.map((issue) => {
    const assigneeIds = people.get(issue.id) ?? []
    const tasks = countTasks(issue.description ?? '')
    const milestone = issue.milestoneId === null ? undefined : milestoneById.get(issue.milestoneId)
    return {
      ...issue,
      assigneeIds,
      labels: sortLabels(labels.get(issue.id) ?? []).map(labelView),
      milestone: milestone ? milestoneView(milestone, now) : null,
      taskCount: tasks.count,
      taskCompletedCount: tasks.completedCount,
      subscribed: isSubscribed(choices.get(issue.id), {
        participant: isAuthorOrAssignee(caller, issue, assigneeIds) || commented.has(issue.id),
      }),
    }
  })
}

/** The issue `iid` of the project, whoever asks (404 Issue Not Found when there is none). */
export async function findIssue(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  caller: Caller | undefined,
  key: IssueKey,
): Promise<{ issue: Issue; assigneeIds: number[] }> {
  requireProjectGrants(caller, key.projectId)
  const issue = await deps.stores.issues.findByIid(key.projectId, key.iid)
  if (!issue) throw new NotFoundError('Issue')
  const assigneeIds = (await deps.stores.issues.assigneeIds([issue.id])).get(issue.id) ?? []
  return { issue, assigneeIds }
}

async function presentOne(
  deps: IssueDeps,
  issue: Issue,
  caller: Caller | undefined,
): Promise<IssueView> {
  const [view] = await presentIssues(deps, [issue], caller)
  if (!view) throw new Error('an issue could not be presented')
  return view
}

/** GET /projects/:id/issues/:issue_iid: find_project_issue, 404 for one the caller may not read. */
export async function getIssue(
  deps: IssueDeps,
  caller: Caller | undefined,
  key: IssueKey,
): Promise<IssueView> {
  const { issue, assigneeIds } = await findIssue(deps, caller, key)
  if (!canReadIssue(caller, issue, assigneeIds)) throw new NotFoundError('Issue')
  const [view] = await presentIssues(deps, [issue], caller, new Map([[issue.id, assigneeIds]]))
  if (!view) throw new Error('an issue could not be presented')
  return view
}

/** A milestone id of this project, null to unassign, undefined to leave (another project's is ignored). */
async function milestoneFor(
  deps: IssueDeps,
  projectId: number,
  milestoneId: number | undefined,
): Promise<number | null | undefined> {
  if (milestoneId === undefined) return undefined
  if (milestoneId <= 0) return null
  const [milestone] = await deps.stores.milestones.findByIds([milestoneId])
  return milestone?.projectId === projectId ? milestone.id : undefined
}

/** The label ids an issue ends with; undefined when the attributes do not touch labels. */
async function labelIdsFor(
  tx: Stores,
  projectId: number,
  current: readonly number[],
  attributes: IssueAttributes,
): Promise<number[] | undefined> {
  const add = labelNames(attributes.addLabels)
  const remove = labelNames(attributes.removeLabels)
  if (!attributes.setLabels && add.length === 0 && remove.length === 0) return undefined
  const wanted = new Set(attributes.setLabels ? [] : current)
  if (attributes.setLabels) {
    const set = await tx.labels.findOrCreate(
      projectId,
      labelNames(attributes.labels),
      DEFAULT_LABEL_COLOR,
    )
    set.forEach((label) => wanted.add(label.id))
  }
  const added = await tx.labels.findOrCreate(projectId, add, DEFAULT_LABEL_COLOR)
  added.forEach((label) => wanted.add(label.id))
  const removed = await tx.labels.findByTitles(projectId, remove)
  removed.forEach((label) => wanted.delete(label.id))
  return [...wanted]
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a)
  return a.length === b.length && b.every((id) => set.has(id))
}

function validate(attributes: IssueAttributes): void {
  validateTexts({
    title: attributes.title,
    description: attributes.description,
    labels: [...attributes.labels, ...attributes.addLabels],
  })
}

/**
 * POST /projects/:id/issues: create_issue (403), GitLab's validations (400);
 * labels, assignees, milestone and due date with set_issue_metadata (members
 * and admin_issue), the discussion lock with admin_issue; filter_params drops
 * them otherwise.
 */
export async function createIssue(
  deps: IssueDeps,
  caller: Caller | undefined,
  projectId: number,
  attributes: IssueAttributes,
): Promise<IssueView> {
  const userId = signedInUserId(caller)
  if (caller === undefined || userId === undefined) throw new UnauthenticatedError()
  requireProjectGrants(caller, projectId)
  if (!canCreateIssue(caller, projectId)) throw new ForbiddenError()
  validate({ ...attributes, title: attributes.title ?? '' })
  const admin = canAdminIssue(caller, projectId)
  const metadata = canSetNewIssueMetadata(caller, projectId)
  const assigneeIds =
    metadata && attributes.setAssignees
      ? await usersWhoCanRead(deps, projectId, attributes.assigneeIds, 'readIssue')
      : []
  const milestoneId = metadata
    ? await milestoneFor(deps, projectId, attributes.milestoneId)
    : undefined
  const target = await findHookTarget(deps, projectId)
  const issue = await deps.stores.transaction(async (tx) => {
    const created = await tx.issues.insert({
      projectId,
      authorId: userId,
      title: (attributes.title ?? '').trim(),
      description: attributes.description ?? null,
      confidential: attributes.confidential ?? false,
      discussionLocked: admin ? (attributes.discussionLocked ?? null) : null,
      dueDate: metadata ? (attributes.dueDate ?? null) : null,
      milestoneId: milestoneId ?? null,
      createdAt: new Date(),
    })
    if (assigneeIds.length > 0) await tx.issues.setAssignees(created.id, assigneeIds)
    if (metadata) {
      const labelIds = await labelIdsFor(tx, projectId, [], attributes)
      if (labelIds && labelIds.length > 0) await tx.issues.setLabelIds(created.id, labelIds)
    }
    await recordIssueEvent(tx, created, 'created', userId)
    const [view] = await presentIssues({ stores: tx }, [created], caller)
    if (view) await tx.hookEvents.add(issueHookEvent(view, target.site, 'open', userId))
    return created
  })
  return presentOne(deps, issue, caller)
}

/** The hook action of an update: close and reopen name the state change, anything else is update. */
function hookAction(changes: IssueChanges): IssueHookAction {
  if (changes.state === 'closed') return 'close'
  if (changes.state === 'opened') return 'reopen'
  return 'update'
}

/** Writes the Issue Hook event of an update in `tx`, with the changes since `before`. */
async function recordIssueHook(
  tx: Stores,
  issue: Issue,
  site: HookSite,
  action: IssueHookAction,
  userId: number,
  before: IssueBefore | undefined,
): Promise<void> {
  const [view] = await presentIssues({ stores: tx }, [issue], undefined)
  if (view) await tx.hookEvents.add(issueHookEvent(view, site, action, userId, before))
}

/** The columns a state event changes (nothing when the issue is already in that state). */
function stateChanges(issue: Issue, event: string, userId: number, now: Date): IssueChanges {
  if (event === 'close' && issue.state === 'opened') {
    return { state: 'closed', closedAt: now, closedById: userId }
  }
  if (event === 'reopen' && issue.state === 'closed') {
    return { state: 'opened', closedAt: null, closedById: null }
  }
  return {}
}

/**
 * Issues::CloseService for a close that is not the issue's own update (a
 * merged request's `Closes #n`), in `tx`: closed_at and closed_by, the
 * 'closed' activity event and the Issue Hook. Returns the closed issue, or
 * undefined when it was not open.
 */
export async function closeIssueIn(
  tx: Stores,
  issue: Issue,
  site: HookSite,
  userId: number,
  now: Date,
): Promise<Issue | undefined> {
  const changes = stateChanges(issue, 'close', userId, now)
  if (changes.state !== 'closed') return undefined
  const [before] = await presentIssues({ stores: tx }, [issue], undefined)
  const next = await tx.issues.update(issue.id, { ...changes, updatedAt: now })
  await recordIssueEvent(tx, next, 'closed', userId)
  await recordIssueHook(tx, next, site, 'close', userId, before)
  return next
}

/** The column changes of the plain attributes (admin ones only with admin_issue). */
function attributeChanges(
  issue: Issue,
  attributes: IssueAttributes,
  admin: boolean,
  milestoneId: number | null | undefined,
): IssueChanges {
  const changes: IssueChanges = {}
  const title = attributes.title?.trim()
  if (title !== undefined && title !== issue.title) changes.title = title
  if (attributes.description !== undefined && attributes.description !== issue.description) {
    changes.description = attributes.description
  }
  if (!admin) return changes
  if (attributes.confidential !== undefined && attributes.confidential !== issue.confidential) {
    changes.confidential = attributes.confidential
  }
  if (
    attributes.discussionLocked !== undefined &&
    attributes.discussionLocked !== issue.discussionLocked
  ) {
    changes.discussionLocked = attributes.discussionLocked
  }
  const dueDate = attributes.clearDueDate ? null : attributes.dueDate
  if (dueDate !== undefined && dueDate !== issue.dueDate) changes.dueDate = dueDate
  if (milestoneId !== undefined && milestoneId !== issue.milestoneId) {
    changes.milestoneId = milestoneId
  }
  return changes
}

/**
 * PUT /projects/:id/issues/:issue_iid: 404 for an unknown issue, 403 without
 * update_issue on it (which a confidential issue the caller may not read
 * never gives); close and reopen write closed_at and closed_by; updated_at
 * moves only when something changed.
 */
export async function updateIssue(
  deps: IssueDeps,
  caller: Caller | undefined,
  key: IssueKey,
  attributes: IssueAttributes,
): Promise<IssueView> {
  const userId = signedInUserId(caller)
  if (caller === undefined || userId === undefined) throw new UnauthenticatedError()
  const { issue, assigneeIds } = await findIssue(deps, caller, key)
  if (!canUpdateIssue(caller, issue, assigneeIds)) throw new ForbiddenError()
  validate(attributes)
  const admin = canAdminIssue(caller, key.projectId)
  const milestoneId = admin
    ? await milestoneFor(deps, key.projectId, attributes.milestoneId)
    : undefined
  const newAssignees =
    admin && attributes.setAssignees
      ? await usersWhoCanRead(deps, key.projectId, attributes.assigneeIds, 'readIssue')
      : undefined
  const now = new Date()
  const changes: IssueChanges = {
    ...attributeChanges(issue, attributes, admin, milestoneId),
    ...(attributes.stateEvent ? stateChanges(issue, attributes.stateEvent, userId, now) : {}),
  }
  const target = await findHookTarget(deps, key.projectId)
  const updated = await deps.stores.transaction(async (tx) => {
    const [before] = await presentIssues({ stores: tx }, [issue], caller)
    let touched = Object.keys(changes).length > 0
    if (newAssignees !== undefined && !sameSet(newAssignees, assigneeIds)) {
      await tx.issues.setAssignees(issue.id, newAssignees)
      touched = true
    }
    if (admin) {
      const current = await tx.issues.labelIds(issue.id)
      const labelIds = await labelIdsFor(tx, key.projectId, current, attributes)
      if (labelIds !== undefined && !sameSet(labelIds, current)) {
        await tx.issues.setLabelIds(issue.id, labelIds)
        touched = true
      }
    }
    if (!touched) return issue
    const next = await tx.issues.update(issue.id, { ...changes, updatedAt: now })
    if (changes.state === 'closed') await recordIssueEvent(tx, next, 'closed', userId)
    if (changes.state === 'opened') await recordIssueEvent(tx, next, 'reopened', userId)
    await recordIssueHook(tx, next, target.site, hookAction(changes), userId, before)
    return next
  })
  return presentOne(deps, updated, caller)
}

/** DELETE /projects/:id/issues/:issue_iid: 404 unknown, 403 without destroy_issue. */
export async function deleteIssue(
  deps: IssueDeps,
  caller: Caller | undefined,
  key: IssueKey,
): Promise<void> {
  const userId = signedInUserId(caller)
  if (caller === undefined || userId === undefined) throw new UnauthenticatedError()
  const { issue } = await findIssue(deps, caller, key)
  if (!canDestroyIssue(caller, key.projectId)) throw new ForbiddenError()
  await deps.stores.issues.delete(issue.id)
}

export interface ListIssuesInput {
  caller: Caller | undefined
  /** project: GET /projects/:id/issues; group: GET /groups/:id/issues; global: GET /issues. */
  listScope: 'project' | 'group' | 'global' | 'unspecified'
  projectId: number
  groupId: number
  /** created_by_me, assigned_to_me, all; '' for the list's default. */
  scope: string
  /** opened, closed, all; '' is all. */
  state: string
  filter: ListFilter | undefined
  confidential: boolean | undefined
  orderBy: string
  ascending: boolean
  page: { page: number; perPage: number } | undefined
  /** group: only projects that are not archived. */
  nonArchived: boolean
}

const ORDERS: readonly IssueOrder[] = ['created_at', 'updated_at', 'title', 'due_date']
const SCOPES = { created_by_me: 'author', assigned_to_me: 'assignee' } as const

/**
 * The projects a list looks in: the one project (nothing without read_issue,
 * as IssuesFinder finds nothing), or every project (below the group) whose
 * access facts admit the caller's read_issue scope, matched in SQL.
 */
async function listedProjects(
  deps: IssueDeps,
  input: ListIssuesInput,
): Promise<IssueListQuery['projects'] | undefined> {
  if (input.listScope === 'project') {
    requireProjectGrants(input.caller, input.projectId)
    if (!grantsIn(input.caller, input.projectId)?.readIssue) return undefined
    return { kind: 'project', projectId: input.projectId }
  }
  if (input.listScope === 'unspecified') return undefined
  const group = input.listScope === 'group'
  return {
    kind: 'readable',
    scope: await deps.ports.projects.readIssueScope(input.caller),
    groupId: group ? input.groupId : undefined,
    nonArchived: group && input.nonArchived,
  }
}

/**
 * Confidential issues of a list: all of the one project with
 * read_confidential_issues; across projects all for an administrator, else
 * only those the caller wrote or is assigned to (the read model keeps no
 * per-project read_confidential_issues, so a Reporter's confidential issues
 * of others are left out there rather than shown to anyone who may not).
 */
function confidentialShown(
  input: ListIssuesInput,
  projects: IssueListQuery['projects'],
): IssueListQuery['confidentialVisibleTo'] {
  if (projects.kind === 'project') return confidentialVisibility(input.caller, projects.projectId)
  if (projects.scope.admin) return 'all'
  return { userId: signedInUserId(input.caller) ?? 0 }
}

/**
 * GET /projects/:id/issues, /groups/:id/issues and /issues (IssuesFinder):
 * the scope defaults to created_by_me for /issues and to all elsewhere;
 * confidential issues only for those who may read them.
 */
export async function listIssues(
  deps: IssueDeps,
  input: ListIssuesInput,
): Promise<{ issues: IssueView[]; total: number }> {
  const nothing = { issues: [], total: 0 }
  const projects = await listedProjects(deps, input)
  if (!projects) return nothing
  const fallback = input.listScope === 'global' ? 'created_by_me' : 'all'
  const scopeName = (input.scope || fallback).replace(/-/g, '_')
  let scope: IssueListQuery['scope']
  if (scopeName in SCOPES) {
    const userId = signedInUserId(input.caller)
    if (userId === undefined) return nothing
    scope = { role: SCOPES[scopeName as keyof typeof SCOPES], userId }
  }
  const include = await resolveConditions(input.filter, usernameLookup(deps, input.caller))
  const perPage = Math.min(Math.max(input.page?.perPage || 20, 1), 100)
  const page = Math.max(input.page?.page || 1, 1)
  const state = input.state === 'opened' || input.state === 'closed' ? input.state : undefined
  const { rows, total } = await deps.stores.issues.list({
    projects,
    state,
    scope,
    include,
    confidential: input.confidential,
    confidentialVisibleTo: confidentialShown(input, projects),
    orderBy: ORDERS.find((order) => order === input.orderBy) ?? 'created_at',
    ascending: input.ascending,
    limit: perPage,
    offset: (page - 1) * perPage,
  })
  return { issues: await presentIssues(deps, rows, input.caller), total }
}
