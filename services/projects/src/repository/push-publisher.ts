import type { BranchUpdatePublisher, EventPublisher, Logger } from '@suite/runtime'
import { publishBranchUpdates } from './branch-updates.js'
import { commitTitle, loadCommits } from './commit-log.js'
import { pushEventRecord, type RefChange } from './push-events.js'
import type { Repo } from './repository-store.js'

/** Counts the commits a ref change brought in (new commits not reachable from other refs before). */
async function pushFacts(repo: Repo, change: RefChange, otherRefs: readonly string[]) {
  if (!change.newId) return { commitCount: 0, commitTitle: undefined }
  const commitId = (
    await repo.text(['rev-parse', '--verify', '--end-of-options', `${change.newId}^{commit}`], {
      okCodes: [128],
    })
  ).trim()
  if (!/^[0-9a-f]{40,64}$/.test(commitId)) return { commitCount: 0, commitTitle: undefined }
  const commit = (await loadCommits(repo.gitEnv, repo.gitDir, [commitId])).get(commitId)
  let commitCount = 1
  if (change.ref.startsWith('refs/heads/')) {
    const exclude = change.oldId ? [change.oldId] : otherRefs
    const out = await repo.text(['rev-list', '--count', '--stdin', commitId], {
      input: exclude.map((id) => `^${id}\n`).join(''),
    })
    commitCount = Number.parseInt(out, 10) || 0
  }
  return { commitCount, commitTitle: commit ? commitTitle(commit.message) : undefined }
}

/**
 * Publishes one `pushed` event per changed ref. A failure is logged, never
 * thrown: the push itself has happened and git's client must get its answer.
 */
export async function publishPushEvents(
  publisher: EventPublisher,
  logger: Logger,
  repo: Repo,
  projectId: number,
  authorId: number | undefined,
  changes: readonly RefChange[],
  before: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  if (authorId === undefined || changes.length === 0) return
  const otherRefs = [...before.values()]
  for (const change of changes) {
    try {
      const facts = await pushFacts(repo, change, otherRefs)
      const record = pushEventRecord(projectId, authorId, change, facts)
      if (record) await publisher.publish(record)
    } catch (err) {
      logger.error({ err, projectId, ref: change.ref }, 'push event not published')
    }
  }
}

/** Where ref changes are reported: activity events and the branch-updates queue (opened lazily). */
export interface RefChangeSinks {
  publisher: () => EventPublisher
  branchUpdates: () => BranchUpdatePublisher
  logger: Logger
}

/**
 * The one place every ref change of the repository role is reported (pushes
 * over HTTP, the branches, commits and tags APIs, merges): a BranchUpdate per
 * changed branch, then the push events. Never throws for a failed publish.
 */
export async function publishRefChanges(
  sinks: RefChangeSinks,
  repo: Repo,
  projectId: number,
  userId: number | undefined,
  changes: readonly RefChange[],
  before: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  await publishBranchUpdates(sinks.branchUpdates, sinks.logger, projectId, userId, changes)
  await publishPushEvents(sinks.publisher(), sinks.logger, repo, projectId, userId, changes, before)
}
