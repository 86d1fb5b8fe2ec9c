/**
 * The metadata attributes of create and update (assignees, reviewers,
 * labels, milestone): resolved before the transaction, written inside it.
 */
import { usersWhoCanRead } from './assignable-users.js'
import type { PersonRole } from './collaboration-records.js'
import type { MergeRequestsDeps, Stores } from './ports.js'
import { DEFAULT_LABEL_COLOR } from './label-color.js'
import type { MergeRequestAttributes } from './merge-request-attributes.js'

const READ = 'readMergeRequest'

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

/**
 * The metadata the attributes ask for. A milestone of another project is
 * ignored (IssuableBaseService#filter_milestone); 0 unassigns. Assignees and
 * reviewers who may not read the project's merge requests are dropped.
 */
export async function resolveMetadata(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  projectId: number,
  attributes: MergeRequestAttributes,
): Promise<ResolvedMetadata> {
  const resolved: ResolvedMetadata = {
    addLabels: labelNames(attributes.addLabels),
    removeLabels: labelNames(attributes.removeLabels),
  }
  if (attributes.setAssignees) {
    resolved.assigneeIds = await usersWhoCanRead(deps, projectId, attributes.assigneeIds, READ)
  }
  if (attributes.setReviewers) {
    resolved.reviewerIds = await usersWhoCanRead(deps, projectId, attributes.reviewerIds, READ)
  }
  if (attributes.setLabels) resolved.setLabels = labelNames(attributes.labels)
  if (attributes.milestoneId !== undefined) {
    if (attributes.milestoneId <= 0) resolved.milestoneId = null
    else {
      const [milestone] = await deps.stores.milestones.findByIds([attributes.milestoneId])
      if (milestone?.projectId === projectId) resolved.milestoneId = milestone.id
    }
  }
  return resolved
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}

async function writePeople(
  tx: Stores,
  role: PersonRole,
  mergeRequestId: number,
  ids: readonly number[] | undefined,
): Promise<boolean> {
  if (ids === undefined) return false
  const current = (await tx.people.load(role, [mergeRequestId])).get(mergeRequestId) ?? []
  if (sameList(current, ids)) return false
  await tx.people.set(role, mergeRequestId, ids)
  return true
}

async function writeLabels(
  tx: Stores,
  projectId: number,
  mergeRequestId: number,
  metadata: ResolvedMetadata,
  userId: number | null,
): Promise<boolean> {
  if (
    metadata.setLabels === undefined &&
    metadata.addLabels.length === 0 &&
    metadata.removeLabels.length === 0
  ) {
    return false
  }
  const labels = tx.labels
  const current = await labels.idsOf(mergeRequestId)
  const wanted = new Set(current)
  if (metadata.setLabels !== undefined) {
    wanted.clear()
    const set = await labels.findOrCreate(projectId, metadata.setLabels, DEFAULT_LABEL_COLOR)
    set.forEach((label) => wanted.add(label.id))
  }
  const added = await labels.findOrCreate(projectId, metadata.addLabels, DEFAULT_LABEL_COLOR)
  added.forEach((label) => wanted.add(label.id))
  const removed = await labels.findByTitles(projectId, metadata.removeLabels)
  removed.forEach((label) => wanted.delete(label.id))
  const currentSet = new Set(current)
  if (wanted.size === currentSet.size && [...wanted].every((id) => currentSet.has(id))) return false
  await labels.setIds(mergeRequestId, [...wanted])
  // ResourceEvents::ChangeLabelsService: one event per label added or removed.
  await tx.labelEvents.add(mergeRequestId, userId, [
    ...[...wanted]
      .filter((id) => !currentSet.has(id))
      .map((labelId) => ({ labelId, action: 'add' as const })),
    ...current
      .filter((id) => !wanted.has(id))
      .map((labelId) => ({ labelId, action: 'remove' as const })),
  ])
  return true
}

/**
 * ResourceEvents::ChangeMilestoneService: a new milestone is an `add` of it,
 * an unset one a `remove` of the old one; write it in the change's transaction.
 */
export async function recordMilestoneChange(
  tx: Stores,
  mergeRequest: { id: number; state: string },
  before: number | null,
  after: number | null,
  userId: number | null,
): Promise<void> {
  if (before === after) return
  const change =
    after !== null
      ? { milestoneId: after, action: 'add' as const }
      : before !== null
        ? { milestoneId: before, action: 'remove' as const }
        : undefined
  if (change) {
    await tx.milestoneEvents.add(mergeRequest.id, userId, { ...change, state: mergeRequest.state })
  }
}

/** Writes people and labels of a request in `tx` (a transaction's stores); whether anything changed. */
export async function writeMetadata(
  tx: Stores,
  projectId: number,
  mergeRequestId: number,
  metadata: ResolvedMetadata,
  userId: number | null,
): Promise<boolean> {
  const assignees = await writePeople(tx, 'assignees', mergeRequestId, metadata.assigneeIds)
  const reviewers = await writePeople(tx, 'reviewers', mergeRequestId, metadata.reviewerIds)
  const labels = await writeLabels(tx, projectId, mergeRequestId, metadata, userId)
  return assignees || reviewers || labels
}
