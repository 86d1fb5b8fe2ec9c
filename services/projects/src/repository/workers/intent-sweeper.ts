import type { Logger } from '@suite/runtime'
import type { IntentOwner, RefChangesStore } from '../../store/ref-changes.store.js'
import { diffRefs } from '../domain/push-events.js'
import { refChangeRecords, type PushHookSource } from '../store/ref-change-recorder.js'
import type { RepositoryStore } from '../store/repository-store.js'

export interface IntentSweeperDeps {
  store: RefChangesStore
  repositories: RepositoryStore
  logger: Logger
  hooks: PushHookSource
  owner: IntentOwner
  /** Runs the branch updates' relay soon. */
  wake: () => void
}

export interface IntentSweeperOptions {
  /** Pause between sweeps. */
  everyMs?: number
  /** An intent of another host older than this is abandoned (its host is gone). */
  abandonedAfterMs?: number
}

const BATCH = 50

/**
 * Who holds this process's ref writes: the replica (host name and gRPC port,
 * which a restarted replica keeps) and this start of it. The port tells apart
 * replicas that share a host (`npm start` with REPLICAS): by host name alone
 * each took the other's writes in flight for an earlier start's, recorded them
 * again beside it, and the two transactions deadlocked on the project's row.
 */
export function intentOwner(host: string, grpcPort: number, processId: string): IntentOwner {
  return { host: `${host}:${grpcPort}`, processId }
}

/**
 * Derives the ref changes of writes whose process died between git's ref
 * update and their record: an intent of an earlier start of this replica
 * (same host and port, another process id) at once, any other once it is old. The changes
 * are the refs now against the intent's refs before; pushes that came in
 * since are included and recorded once (events and branch updates are keyed
 * by ref and shas). Runs at start and then every `everyMs`.
 */
export function startIntentSweeper(
  deps: IntentSweeperDeps,
  options: IntentSweeperOptions = {},
): () => Promise<void> {
  const everyMs = options.everyMs ?? 15_000
  const abandonedAfterMs = options.abandonedAfterMs ?? 10 * 60_000
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false

  async function sweep(): Promise<void> {
    const swept = await deps.store.sweep(
      deps.owner,
      new Date(Date.now() - abandonedAfterMs),
      BATCH,
      async (intent) => {
        const repo = deps.repositories.repo(intent.projectId)
        if (!(await repo.exists())) return { events: [], branchUpdates: [], hookEvents: [] }
        const changes = diffRefs(intent.refsBefore, await repo.refs())
        return refChangeRecords(repo, deps.logger, deps.hooks, intent, changes, intent.refsBefore)
      },
    )
    if (swept > 0) {
      deps.logger.info({ swept }, 'ref changes of interrupted writes derived again')
      deps.wake()
    }
  }

  function run(): void {
    running = sweep()
      .catch((err: unknown) => deps.logger.error({ err }, 'ref write intent sweep failed'))
      .finally(() => {
        running = undefined
        if (!stopped) timer = setTimeout(run, everyMs)
      })
  }

  run()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
