/** One ref that a push changed. Full ref names; undefined old/new for created/removed. */
export interface RefChange {
  ref: string
  oldId: string | undefined
  newId: string | undefined
  /** Push options the change came with (`ci.skip`); none unless given. */
  pushOptions?: readonly string[] | undefined
}

/** What a push event needs to know of the new commits. */
export interface PushFacts {
  commitCount: number
  commitTitle: string | undefined
}

/** The refs that differ between two snapshots (full ref name -> object id). */
export function diffRefs(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): RefChange[] {
  const changes: RefChange[] = []
  for (const [ref, newId] of after) {
    const oldId = before.get(ref)
    if (oldId !== newId) changes.push({ ref, oldId, newId })
  }
  for (const [ref, oldId] of before) {
    if (!after.has(ref)) changes.push({ ref, oldId, newId: undefined })
  }
  return changes.sort((a, b) => a.ref.localeCompare(b.ref))
}

/**
 * A `pushed` event as the projects service's event store records it (the
 * shape of gitlab.projects.v1.EventRecord, kept here so that the rule does not
 * change with the wire format).
 */
export interface PushEvent {
  action: 'pushed'
  projectId: number
  authorId: number
  targetType: undefined
  targetId: undefined
  targetIid: undefined
  targetTitle: undefined
  /** GitLab's push_event_payloads row. */
  pushData: {
    commitCount: number
    action: 'created' | 'removed' | 'pushed'
    refType: 'tag' | 'branch'
    commitFrom: string | undefined
    commitTo: string | undefined
    ref: string
    commitTitle: string | undefined
    refCount: number
  }
  createdAt: Date
  idempotencyKey: string
}

/** GitLab's push_event_payloads.commit_title is at most 70 characters. */
const COMMIT_TITLE_LIMIT = 70

/**
 * The `pushed` event of one ref change, as GitLab's PushEventPayloadService
 * stores it. The idempotency key makes a repeated report of the same change
 * (a retried job, a re-run) record one event.
 */
export function pushEventRecord(
  projectId: number,
  authorId: number,
  change: RefChange,
  facts: PushFacts,
  now: Date = new Date(),
): PushEvent | undefined {
  const isTag = change.ref.startsWith('refs/tags/')
  const isBranch = change.ref.startsWith('refs/heads/')
  if (!isTag && !isBranch) return undefined
  const name = change.ref.slice(isTag ? 'refs/tags/'.length : 'refs/heads/'.length)
  const action = !change.oldId ? 'created' : !change.newId ? 'removed' : 'pushed'
  return {
    action: 'pushed',
    projectId,
    authorId,
    targetType: undefined,
    targetId: undefined,
    targetIid: undefined,
    targetTitle: undefined,
    pushData: {
      commitCount: action === 'removed' ? 0 : facts.commitCount,
      action,
      refType: isTag ? 'tag' : 'branch',
      commitFrom: change.oldId,
      commitTo: change.newId,
      ref: name,
      commitTitle: facts.commitTitle?.slice(0, COMMIT_TITLE_LIMIT),
      refCount: 1,
    },
    createdAt: now,
    idempotencyKey: `push:${projectId}:${change.ref}:${change.oldId ?? 'new'}:${change.newId ?? 'deleted'}`,
  }
}
