import type { Kysely } from 'kysely'
import { createOutboxTableV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * New branch pipelines waiting for the `ci.pipeline-created` queue (the
 * merge requests' head pipelines), written in the pipeline's transaction.
 */
export async function up(db: AnyDB): Promise<void> {
  // payload: gitlab.ci.v1.PipelineCreated in its JSON form (projectId, pipelineId, ref, sha)
  await createOutboxTableV1(db, 'pipeline_created_outbox')
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('pipeline_created_outbox').execute()
}
