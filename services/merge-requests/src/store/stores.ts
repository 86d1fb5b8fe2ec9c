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
import { LabelsStore } from './labels.store.js'
import type { ListCounts } from './merge-request-list.js'
import { MergeRequestsStore } from './merge-requests.store.js'
import { MergeStatusStore } from './merge-status.store.js'
import { MilestonesStore } from './milestones.store.js'
import { PeopleStore } from './people.store.js'
import { PresentationStore } from './presentation.store.js'
import { ResourceStateEventsStore } from './resource-state-events.store.js'
import { AccessFactsStore } from './project-access-facts.store.js'
import type { Database } from './schema.js'
import { SubscriptionsStore } from './subscriptions.store.js'
import { TimelogsStore } from './timelogs.store.js'
import { TodosStore } from './todos.store.js'

/** Read caches the stores use outside transactions. */
export interface StoreCaches {
  listCounts?: ListCounts
}

/** The domain's store ports over `db` (a pool, or a transaction of it, which gets no caches). */
export function createStores(db: Kysely<Database>, caches: StoreCaches = {}): Stores {
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
    presentation: new PresentationStore(db),
    awardEmoji: new AwardEmojiStore(db),
    notes: new NotesStore(db),
    stateEvents: new ResourceStateEventsStore(db),
    subscriptions: new SubscriptionsStore(db),
    todos: new TodosStore(db),
    timelogs: new TimelogsStore(db),
    accessFacts: new AccessFactsStore(db),
    outbox: new EventOutboxStore(db),
    hookEvents: new HookEventOutboxStore(db),
    transaction: (fn) =>
      db.isTransaction ? fn(stores) : db.transaction().execute((trx) => fn(createStores(trx))),
  }
  return stores
}
