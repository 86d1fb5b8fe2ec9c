/**
 * The metadata attributes of create and update (assignees, reviewers,
 * labels, milestone): resolved before the transaction, written inside it.
 */
import type { MergeRequestAttributes } from '@suite/proto'
import type { Kysely } from 'kysely'
import type { MergeRequestsDeps } from './deps.js'
import {
  findLabelsByTitle,
  findOrCreateLabels,
  labelIdsOf,
  setLabelIds,
} from '../store/labels.store.js'
import { findMilestones } from '../store/milestones.store.js'
import { loadPeople, setPeople, type PersonTable } from '../store/people.store.js'
import type { Database } from '../store/schema.js'
import { DEFAULT_LABEL_COLOR } from './label-color.js'

export interface ResolvedMetadata {
  assigneeIds?: number[]
  reviewerIds?: number[]
  /** Labels replacing the current ones. */
  setLabels?: string[]
  addLabels: string[]
  removeLabels: string[]
  /** null unassigns the milestone. */
  milestoneId?: number | null
}

/** Label names of a comma list, trimmed, without blanks or repeats. */
export function labelNames(names: readonly string[]): string[] {
  return [
    ...new Set(
      names
        .flatMap((name) => name.split(','))
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ]
}

/** The users among `ids` that exist (0 and unknown ids are dropped, as GitLab does). */
async function existingUsers(deps: MergeRequestsDeps, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids.filter((id) => id > 0))]
  if (wanted.length === 0) return []
  const { users } = await deps.ports.users.batchGetUsers({ ids: wanted })
  const found = new Set(users.map((user) => user.id))
  return wanted.filter((id) => found.has(id))
}

/**
 * The metadata an attributes message asks for. A milestone of another
 * project is ignored (IssuableBaseService#filter_milestone); 0 unassigns.
 */
export async function resolveMetadata(
  deps: MergeRequestsDeps,
  projectId: number,
  attributes: MergeRequestAttributes,
): Promise<ResolvedMetadata> {
  const resolved: ResolvedMetadata = {
    addLabels: labelNames(attributes.addLabels),
    removeLabels: labelNames(attributes.removeLabels),
  }
  if (attributes.setAssignees) {
    resolved.assigneeIds = await existingUsers(deps, attributes.assigneeIds)
  }
  if (attributes.setReviewers) {
    resolved.reviewerIds = await existingUsers(deps, attributes.reviewerIds)
  }
  if (attributes.setLabels) resolved.setLabels = labelNames(attributes.labels)
  if (attributes.milestoneId !== undefined) {
    if (attributes.milestoneId <= 0) resolved.milestoneId = null
    else {
      const [milestone] = await findMilestones(deps.db, [attributes.milestoneId])
      if (milestone?.project_id === projectId) resolved.milestoneId = milestone.id
    }
  }
  return resolved
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}

async function writePeople(
  tx: Kysely<Database>,
  table: PersonTable,
  mergeRequestId: number,
  ids: readonly number[] | undefined,
): Promise<boolean> {
  if (ids === undefined) return false
  const current = (await loadPeople(tx, table, [mergeRequestId])).get(mergeRequestId) ?? []
  if (sameList(current, ids)) return false
  await setPeople(tx, table, mergeRequestId, ids)
  return true
}

async function writeLabels(
  tx: Kysely<Database>,
  projectId: number,
  mergeRequestId: number,
  metadata: ResolvedMetadata,
): Promise<boolean> {
  if (
    metadata.setLabels === undefined &&
    metadata.addLabels.length === 0 &&
    metadata.removeLabels.length === 0
  ) {
    return false
  }
  const current = await labelIdsOf(tx, mergeRequestId)
  const wanted = new Set(current)
  if (metadata.setLabels !== undefined) {
    wanted.clear()
    const labels = await findOrCreateLabels(tx, projectId, metadata.setLabels, DEFAULT_LABEL_COLOR)
    labels.forEach((label) => wanted.add(label.id))
  }
  const added = await findOrCreateLabels(tx, projectId, metadata.addLabels, DEFAULT_LABEL_COLOR)
  added.forEach((label) => wanted.add(label.id))
  const removed = await findLabelsByTitle(tx, projectId, metadata.removeLabels)
  removed.forEach((label) => wanted.delete(label.id))
  const currentSet = new Set(current)
  if (wanted.size === currentSet.size && [...wanted].every((id) => currentSet.has(id))) return false
  await setLabelIds(tx, mergeRequestId, [...wanted])
  return true
}

/** Writes people and labels of a request; whether anything changed. */
export async function writeMetadata(
  tx: Kysely<Database>,
  projectId: number,
  mergeRequestId: number,
  metadata: ResolvedMetadata,
): Promise<boolean> {
  const assignees = await writePeople(
    tx,
    'merge_request_assignees',
    mergeRequestId,
    metadata.assigneeIds,
  )
  const reviewers = await writePeople(
    tx,
    'merge_request_reviewers',
    mergeRequestId,
    metadata.reviewerIds,
  )
  const labels = await writeLabels(tx, projectId, mergeRequestId, metadata)
  return assignees || reviewers || labels
}
