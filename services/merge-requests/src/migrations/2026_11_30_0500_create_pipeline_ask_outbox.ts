import type { Kysely } from 'kysely'
import { createOutboxTableV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Merge request pipelines asked for by an opened request or a push to its
 * source branch, waiting for the `merge-requests.pipelines` queue; written in
 * the transaction of the open (or by the branch update's job).
 */
export async function up(db: AnyDB): Promise<void> {
  // payload: the domain's PipelineAsk (mergeRequestId, userId, sha when a push asked)
  await createOutboxTableV1(db, 'pipeline_ask_outbox')
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('pipeline_ask_outbox').execute()
}
