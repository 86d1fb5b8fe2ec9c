import type { EventRecord } from '@suite/proto'
import {
  BRANCH_UPDATE_OUTBOX,
  HOOK_EVENT_OUTBOX,
  insertOutboxMessage,
  type BranchUpdate,
  type HookEvent,
} from '@suite/runtime'
import { sql, type Kysely } from 'kysely'
import { recordEvent } from './events.store.js'
import type { Database } from './schema.js'

/** Who holds a ref write: the repository replica (host name and port) and a per-start id. */
export interface IntentOwner {
  host: string
  processId: string
}

/** A ref write that began and whose changes were not recorded. */
export interface RefWriteIntent {
  id: number
  projectId: number
  userId: number | undefined
  refsBefore: ReadonlyMap<string, string>
}

/** What one ref write changed, as the projects schema keeps it. */
export interface RecordedRefChanges {
  events: readonly EventRecord[]
  branchUpdates: readonly BranchUpdate[]
  /** Push and tag push webhook events, for projects with hooks that want them. */
  hookEvents: readonly HookEvent[]
}

/** What the push hook events of a project need: its path, default branch and wanting hooks. */
export interface PushHookFacts {
  fullPath: string
  defaultBranch: string | undefined
  /** The names and patterns of its protected branch rules (ref_protected of the payload). */
  protectedBranches: readonly string[]
  push: boolean
  tagPush: boolean
}

/** Stores the push events and queues the branch updates of a write, ending its intent. */
async function record(
  trx: Kysely<Database>,
  intentId: number | undefined,
  changes: RecordedRefChanges,
): Promise<void> {
  for (const event of changes.events) await recordEvent(trx, event)
  for (const update of changes.branchUpdates) {
    await insertOutboxMessage(trx, BRANCH_UPDATE_OUTBOX, update)
  }
  for (const event of changes.hookEvents) {
    await insertOutboxMessage(trx, HOOK_EVENT_OUTBOX, event)
  }
  if (intentId !== undefined) {
    await trx.deleteFrom('ref_write_intents').where('id', '=', intentId).execute()
  }
}

/**
 * The repository role's durable record of ref changes: an intent (the refs
 * before) is written before git moves a ref; the push events and the branch
 * updates' outbox rows are written with the intent's deletion in one
 * transaction after. An intent left behind is a write whose process died.
 */
export class RefChangesStore {
  constructor(private readonly db: Kysely<Database>) {}

  async openIntent(
    owner: IntentOwner,
    projectId: number,
    userId: number | undefined,
    refsBefore: ReadonlyMap<string, string>,
  ): Promise<number> {
    const row = await this.db
      .insertInto('ref_write_intents')
      .values({
        project_id: projectId,
        user_id: userId ?? null,
        refs_before: JSON.stringify(Object.fromEntries(refsBefore)),
        host: owner.host,
        process_id: owner.processId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return Number(row.id)
  }

  /** Records the write's changes and ends its intent, in one transaction. */
  async record(intentId: number | undefined, changes: RecordedRefChanges): Promise<void> {
    await this.db.transaction().execute((trx) => record(trx, intentId, changes))
  }

  /**
   * Derives abandoned intents, one transaction each: those of another process
   * of this replica (an earlier start of it) and any older than
   * `abandonedBefore` (a host that is gone). Each is locked while `derive`
   * answers its changes (rows another sweeper holds are skipped), then
   * recorded and deleted. Answers how many were swept.
   */
  async sweep(
    owner: IntentOwner,
    abandonedBefore: Date,
    limit: number,
    derive: (intent: RefWriteIntent) => Promise<RecordedRefChanges>,
  ): Promise<number> {
    let swept = 0
    for (; swept < limit; swept++) {
      const done = await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('ref_write_intents')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb.and([eb('host', '=', owner.host), eb('process_id', '<>', owner.processId)]),
              eb('created_at', '<', abandonedBefore),
            ]),
          )
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst()
        if (!row) return false
        const intent: RefWriteIntent = {
          id: Number(row.id),
          projectId: Number(row.project_id),
          userId: row.user_id === null ? undefined : Number(row.user_id),
          refsBefore: new Map(Object.entries(row.refs_before)),
        }
        await record(trx, intent.id, await derive(intent))
        return true
      })
      if (!done) break
    }
    return swept
  }

  /** The project's push hook facts; undefined when it has no hook that wants pushes or tags. */
  async pushHookFacts(projectId: number): Promise<PushHookFacts | undefined> {
    const { rows } = await sql<{
      full_path: string
      default_branch: string | null
      protected_branches: string[]
      push: boolean
      tag_push: boolean
    }>`select p.full_path, p.default_branch,
        array(select b.name from protected_branches b where b.project_id = p.id)
          as protected_branches,
        exists(select 1 from web_hooks h where h.project_id = p.id
          and (h.events ->> 'push_events')::boolean) as push,
        exists(select 1 from web_hooks h where h.project_id = p.id
          and (h.events ->> 'tag_push_events')::boolean) as tag_push
      from projects p where p.id = ${projectId}`.execute(this.db)
    const row = rows[0]
    if (!row || (!row.push && !row.tag_push)) return undefined
    return {
      fullPath: row.full_path,
      defaultBranch: row.default_branch ?? undefined,
      protectedBranches: row.protected_branches,
      push: row.push,
      tagPush: row.tag_push,
    }
  }

  /** The number of intents still open (for tests and metrics). */
  async openIntents(): Promise<number> {
    const { rows } = await sql<{ count: string }>`select count(*) from ref_write_intents`.execute(
      this.db,
    )
    return Number(rows[0]?.count ?? 0)
  }
}
