import type { EventRecord } from '@suite/proto'
import type { Kysely } from 'kysely'
import type { Stores } from '../domain/ports.js'
import { ApprovalsStore } from './approvals.store.js'
import { AutoMergeStore } from './auto-merge.store.js'
import { AwardEmojiStore } from './award-emoji.store.js'
import { NotesStore } from './notes.store.js'
import { BlocksStore } from './blocks.store.js'
import { DiffsStore } from './diffs.store.js'
import { EventOutboxStore } from './event-outbox.store.js'
import { HookEventOutboxStore } from './hook-event-outbox.store.js'
import { IssuesStore } from './issues.store.js'
import { LabelsStore } from './labels.store.js'
import type { ListCounts } from './merge-request-list.js'
import { MergeRequestsStore } from './merge-requests.store.js'
import { MergeStatusStore } from './merge-status.store.js'
import { MilestonesStore } from './milestones.store.js'
import { PeopleStore } from './people.store.js'
import { PipelineAskOutboxStore } from './pipeline-ask-outbox.store.js'
import { PresentationStore } from './presentation.store.js'
import { RebasesStore } from './rebases.store.js'
import { LabelEventsStore, MilestoneEventsStore } from './resource-events.store.js'
import { ResourceStateEventsStore } from './resource-state-events.store.js'
import { AccessFactsStore } from './project-access-facts.store.js'
import type { Database } from './schema.js'
import { SubscriptionsStore } from './subscriptions.store.js'
import { TimelogsStore } from './timelogs.store.js'
import { TodosStore } from './todos.store.js'

/** Read caches the stores use outside transactions, and what runs after a commit. */
export interface StoreCaches {
  listCounts?: ListCounts
  /**
   * Delivers the activity events a transaction wrote, once it committed (never throws):
   * the projects service stores them before the change is answered.
   */
  eventsCommitted?: (records: readonly EventRecord[]) => Promise<void>
}

/**
 * The domain's store ports over `db` (a pool, or a transaction of it, which gets no caches).
 * `written` collects a transaction's activity events for `eventsCommitted`.
 */
export function createStores(
  db: Kysely<Database>,
  caches: StoreCaches = {},
  written?: EventRecord[],
): Stores {
  const { eventsCommitted } = caches
  const afterAdd = (record: EventRecord): Promise<void> | undefined => {
    if (written) written.push(record)
    else if (!db.isTransaction) return eventsCommitted?.([record])
    return undefined
  }
  const stores: Stores = {
    mergeRequests: new MergeRequestsStore(db, db.isTransaction ? undefined : caches.listCounts),
    mergeStatus: new MergeStatusStore(db),
    people: new PeopleStore(db),
    labels: new LabelsStore(db),
    milestones: new MilestonesStore(db),
    diffs: new DiffsStore(db),
    blocks: new BlocksStore(db),
    approvals: new ApprovalsStore(db),
    autoMerge: new AutoMergeStore(db),
    rebases: new RebasesStore(db),
    presentation: new PresentationStore(db),
    awardEmoji: new AwardEmojiStore(db),
    notes: new NotesStore(db),
    stateEvents: new ResourceStateEventsStore(db),
    labelEvents: new LabelEventsStore(db),
    milestoneEvents: new MilestoneEventsStore(db),
    subscriptions: new SubscriptionsStore(db),
    todos: new TodosStore(db),
    timelogs: new TimelogsStore(db),
    accessFacts: new AccessFactsStore(db),
    outbox: new EventOutboxStore(db, afterAdd),
    hookEvents: new HookEventOutboxStore(db),
    pipelineAsks: new PipelineAskOutboxStore(db),
    issues: new IssuesStore(db),
    transaction: async (fn) => {
      if (db.isTransaction) return fn(stores)
      const events: EventRecord[] = []
      const result = await db.transaction().execute((trx) => fn(createStores(trx, {}, events)))
      if (events.length > 0) await eventsCommitted?.(events)
      return result
    },
  }
  return stores
}
