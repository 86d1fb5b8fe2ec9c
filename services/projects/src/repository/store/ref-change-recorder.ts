import type { EventRecord } from '@suite/proto'
import type { HookEvent, Logger } from '@suite/runtime'
import type {
  PushHookFacts,
  RecordedRefChanges,
  RefChangesStore,
  IntentOwner,
} from '../../store/ref-changes.store.js'
import { branchUpdatesOf } from '../domain/branch-updates.js'
import { commitTitle, loadCommits } from '../git/commit-log.js'
import { diffRefs, pushEventRecord, type RefChange } from '../domain/push-events.js'
import { pushHookEvent } from '../git/push-hook.js'
import type { Repo } from './repository-store.js'

/** What a ref write answers: its result and, when it knows them, the refs it changed. */
export interface RefWrite<T> {
  result: T
  /** Undefined: the changes are the difference between the refs before and after. */
  changes?: readonly RefChange[]
  /** The CI push options of the write (`ci.skip`, `ci.variable=...`), for its pipelines. */
  pushOptions?: readonly string[]
}

/** Runs ref writes so that their changes are recorded, or derived again after a crash. */
export interface RefChangeRecorder {
  write<T>(
    repo: Repo,
    projectId: number,
    userId: number | undefined,
    run: () => Promise<RefWrite<T>>,
  ): Promise<T>
}

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

/** Where push hook events find the project's facts and the instance's URL. */
export interface PushHookSource {
  facts: (projectId: number) => Promise<PushHookFacts | undefined>
  externalUrl: string
}

/** The push and tag push hook events of changes a user made, when hooks want them. */
async function hookEventsOf(
  repo: Repo,
  hooks: PushHookSource,
  projectId: number,
  userId: number,
  changes: readonly RefChange[],
  otherRefs: readonly string[],
): Promise<HookEvent[]> {
  const facts = await hooks.facts(projectId)
  if (!facts) return []
  const context = { projectId, userId, externalUrl: hooks.externalUrl, ...facts }
  const events: HookEvent[] = []
  for (const change of changes) {
    const tag = change.ref.startsWith('refs/tags/')
    if (tag ? !facts.tagPush : !facts.push) continue
    const event = await pushHookEvent(repo, context, change, otherRefs)
    if (event) events.push(event)
  }
  return events
}

/**
 * The push events, branch updates and push hook events of some ref changes.
 * A push event whose facts git cannot give is logged and left out: retrying
 * would not help.
 */
export async function refChangeRecords(
  repo: Repo,
  logger: Logger,
  hooks: PushHookSource,
  intent: { projectId: number; userId: number | undefined },
  changes: readonly RefChange[],
  before: ReadonlyMap<string, string>,
  pushOptions: readonly string[] = [],
): Promise<RecordedRefChanges> {
  const { projectId, userId } = intent
  const events: EventRecord[] = []
  const otherRefs = [...before.values()]
  for (const change of userId === undefined ? [] : changes) {
    try {
      const facts = await pushFacts(repo, change, otherRefs)
      const event = pushEventRecord(projectId, userId as number, change, facts)
      if (event) events.push(event)
    } catch (err) {
      logger.error({ err, projectId, ref: change.ref }, 'push event facts not read')
    }
  }
  let hookEvents: HookEvent[] = []
  if (userId !== undefined && changes.length > 0) {
    try {
      hookEvents = await hookEventsOf(repo, hooks, projectId, userId, changes, otherRefs)
    } catch (err) {
      logger.error({ err, projectId }, 'push hook events not built')
    }
  }
  const branchUpdates = branchUpdatesOf(projectId, userId, changes, pushOptions)
  return { events, branchUpdates, hookEvents }
}

export interface RefChangeRecorderDeps {
  store: RefChangesStore
  logger: Logger
  hooks: PushHookSource
  owner: IntentOwner
  /** Runs the branch updates' relay soon. */
  wake: () => void
}

/**
 * The one place every ref write of the repository role goes through (pushes
 * over HTTP, the branches, commits and tags APIs, merges): an intent with the
 * refs before is stored first (a write the database cannot take is refused),
 * then the write runs, then its push events and branch updates are stored
 * with the intent's end in one transaction, before the caller gets its
 * answer. If that last step fails or the process dies first, the intent
 * stays and the sweep derives the changes from the refs.
 */
export function refChangeRecorder(deps: RefChangeRecorderDeps): RefChangeRecorder {
  const { store, logger } = deps

  async function report(
    repo: Repo,
    intent: { id: number; projectId: number; userId: number | undefined },
    before: ReadonlyMap<string, string>,
    outcome: Omit<RefWrite<unknown>, 'result'>,
  ): Promise<void> {
    try {
      const changed = outcome.changes ?? diffRefs(before, await repo.refs())
      const records = await refChangeRecords(
        repo,
        logger,
        deps.hooks,
        intent,
        changed,
        before,
        outcome.pushOptions,
      )
      await store.record(intent.id, records)
      deps.wake()
    } catch (err) {
      logger.error(
        { err, projectId: intent.projectId, intentId: intent.id },
        'ref changes not recorded; the intent sweep derives them',
      )
    }
  }

  return {
    async write(repo, projectId, userId, run) {
      const before = await repo.refs()
      const id = await store.openIntent(deps.owner, projectId, userId, before)
      const intent = { id, projectId, userId }
      let outcome
      try {
        outcome = await run()
      } catch (err) {
        // A failed write may still have moved some refs (a partly rejected push).
        await report(repo, intent, before, {})
        throw err
      }
      await report(repo, intent, before, outcome)
      return outcome.result
    },
  }
}
