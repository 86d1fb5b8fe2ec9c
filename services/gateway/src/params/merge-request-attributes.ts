import type { MergeRequestAttributes } from '@suite/proto'
import { listOf, p, saturatingInteger } from './coercions.js'
import { MESSAGES, Param } from './param.js'
import type { ParamRule } from './parse-params.js'

/** A list however sent: JSON array, `name[]=` (as a hash past qs's 20), or a comma list. */
function items(raw: unknown): unknown[] {
  return listOf(raw, true)
}

/** Comma-separated names or `name[]=`; "" is given (it removes every label). */
export function labelList(): Param<string[]> {
  return new Param<string[]>((raw) => {
    const names = items(raw)
    if (names.some((name) => typeof name !== 'string' && typeof name !== 'number')) {
      return { ok: false, message: MESSAGES.invalid }
    }
    return { ok: true, value: names.map((name) => String(name).trim()).filter((n) => n !== '') }
  }, false)
}

/** User ids where 0 or an empty value means none (assignee_ids, reviewer_ids). */
export function userIdList(): Param<number[]> {
  return new Param<number[]>((raw) => {
    const ids: number[] = []
    for (const item of items(raw)) {
      const text = typeof item === 'number' ? String(item) : item
      if (typeof text !== 'string' || !/^\s*\d+\s*$/.test(text)) {
        return { ok: false, message: MESSAGES.invalid }
      }
      const id = saturatingInteger(text)
      if (id !== 0) ids.push(id)
    }
    return { ok: true, value: ids }
  }, false)
}

/** An id where 0 or "" unassigns (assignee_id, milestone_id): read as 0. */
export function idOrZero(): Param<number> {
  return new Param<number>(
    (raw) => (raw === '' ? { ok: true, value: 0 } : p.int().read(raw)),
    false,
  )
}

/** The optional attributes of create and update (lib/api/merge_requests.rb optional_params). */
export const optionalAttributeParams = {
  description: p.string(),
  assignee_id: idOrZero(),
  assignee_ids: userIdList(),
  reviewer_ids: userIdList(),
  milestone_id: idOrZero(),
  labels: labelList(),
  add_labels: labelList(),
  remove_labels: labelList(),
  remove_source_branch: p.bool(),
  allow_collaboration: p.bool(),
  allow_maintainer_to_push: p.bool(),
  squash: p.bool(),
  discussion_locked: p.bool(),
  merge_after: p
    .string()
    .check((value) => value.trim() === '' || !Number.isNaN(Date.parse(value)), MESSAGES.invalid),
  approvals_before_merge: p.int32(),
}

/** POST /projects/:id/merge_requests. */
export const createParams = {
  id: p.string().required(),
  title: p.string().required(),
  source_branch: p.string().required(),
  target_branch: p.string().required(),
  target_project_id: p.int(),
  ...optionalAttributeParams,
}

/** PUT /projects/:id/merge_requests/:merge_request_iid. */
export const updateParams = {
  id: p.string().required(),
  merge_request_iid: p.iid().required(),
  title: p.string().check((title) => title.trim() !== '', 'is empty'),
  target_branch: p.string().check((branch) => branch.trim() !== '', 'is empty'),
  state_event: p.string().values(['close', 'reopen']),
  ...optionalAttributeParams,
}

/** MergeRequests.update_params_at_least_one_of. */
export const UPDATE_AT_LEAST_ONE_OF = [
  'assignee_id',
  'assignee_ids',
  'reviewer_ids',
  'description',
  'labels',
  'add_labels',
  'remove_labels',
  'milestone_id',
  'remove_source_branch',
  'allow_collaboration',
  'allow_maintainer_to_push',
  'squash',
  'target_branch',
  'title',
  'state_event',
  'discussion_locked',
  'merge_after',
]

export const updateRules: ParamRule[] = [{ kind: 'at_least_one_of', names: UPDATE_AT_LEAST_ONE_OF }]

type Optional<T> = { [K in keyof T]?: T[K] | undefined }

type AttributeValues = Optional<{
  title: string
  target_branch: string
  state_event: string
  description: string
  assignee_id: number
  assignee_ids: number[]
  reviewer_ids: number[]
  milestone_id: number
  labels: string[]
  add_labels: string[]
  remove_labels: string[]
  remove_source_branch: boolean
  allow_collaboration: boolean
  allow_maintainer_to_push: boolean
  squash: boolean
  discussion_locked: boolean
  merge_after: string
  approvals_before_merge: number
}>

/** merge_after: "" clears it; else the time (validated as a parameter). */
function mergeAfter(
  value: string | undefined,
): Pick<MergeRequestAttributes, 'mergeAfter' | 'clearMergeAfter'> {
  if (value === undefined) return { mergeAfter: undefined, clearMergeAfter: false }
  if (value.trim() === '') return { mergeAfter: undefined, clearMergeAfter: true }
  return { mergeAfter: new Date(value), clearMergeAfter: false }
}

/** The parsed create/update parameters as MergeRequestAttributes (absent = unchanged). */
export function mergeRequestAttributes(params: AttributeValues): MergeRequestAttributes {
  const assignees =
    params.assignee_ids ??
    (params.assignee_id === undefined
      ? undefined
      : params.assignee_id === 0
        ? []
        : [params.assignee_id])
  return {
    title: params.title,
    description: params.description,
    targetBranch: params.target_branch,
    setAssignees: assignees !== undefined,
    assigneeIds: assignees ?? [],
    setReviewers: params.reviewer_ids !== undefined,
    reviewerIds: params.reviewer_ids ?? [],
    setLabels: params.labels !== undefined,
    labels: params.labels ?? [],
    addLabels: params.add_labels ?? [],
    removeLabels: params.remove_labels ?? [],
    milestoneId: params.milestone_id,
    removeSourceBranch: params.remove_source_branch,
    squash: params.squash,
    allowCollaboration: params.allow_collaboration ?? params.allow_maintainer_to_push,
    discussionLocked: params.discussion_locked,
    stateEvent: params.state_event,
    ...mergeAfter(params.merge_after),
    approvalsBeforeMerge: params.approvals_before_merge,
  }
}
