import type { Kysely } from 'kysely'
import { createOutboxTableV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Pipelines that reached a completed status, waiting for the
 * `ci.pipeline-finished` queue (the merge requests' auto-merge), written in
 * the transaction that stored the status.
 */
export async function up(db: AnyDB): Promise<void> {
  // payload: gitlab.ci.v1.PipelineFinished in its JSON form (projectId, pipelineId, ref, sha, status, branch, finishedAt)
  await createOutboxTableV1(db, 'pipeline_finished_outbox')
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('pipeline_finished_outbox').execute()
}
