import { HOOK_EVENT_OUTBOX, insertOutboxMessage, type HookEvent } from '@suite/runtime'
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'
import type { HookEventOutboxPort } from '../domain/ports.js'

/**
 * The transactional outbox of webhook events: written in the transaction of
 * the change that causes them, drained to the projects service's hook event
 * queue by the relay.
 */
export class HookEventOutboxStore implements HookEventOutboxPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records an event; the same event (uuid) twice is recorded once. */
  async add(event: HookEvent): Promise<void> {
    await insertOutboxMessage(this.db, HOOK_EVENT_OUTBOX, event)
  }
}
