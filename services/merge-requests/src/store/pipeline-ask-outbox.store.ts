import { insertOutboxMessage, type OutboxCodec } from '@suite/runtime'
import type { Kysely } from 'kysely'
import type { PipelineAsk, PipelineAskOutboxPort } from '../domain/ports.js'
import type { Database } from './schema.js'

/**
 * One ask per request and head (the open's, and each pushed head's), as
 * GitLab makes no second merge request pipeline for a head that has one
 * unless asked through the API; BullMQ ids may not contain ':'.
 */
export function pipelineAskKey(ask: PipelineAsk): string {
  return `mr-pipeline-${ask.mergeRequestId}-${ask.sha ?? 'open'}`
}

/** Merge request pipelines asked for, relayed to the worker's `merge-requests.pipelines` queue. */
export const PIPELINE_ASK_OUTBOX: OutboxCodec<PipelineAsk> = {
  table: 'pipeline_ask_outbox',
  toJSON: (ask) => ask,
  // The worker checks each job with decodePipelineAsk; a bad row must not stop the relay.
  fromJSON: (payload) => payload as PipelineAsk,
  keyOf: pipelineAskKey,
}

/** The transactional outbox of merge request pipelines asked for. */
export class PipelineAskOutboxStore implements PipelineAskOutboxPort {
  constructor(private readonly db: Kysely<Database>) {}

  async add(ask: PipelineAsk): Promise<void> {
    await insertOutboxMessage(this.db, PIPELINE_ASK_OUTBOX, ask)
  }
}
