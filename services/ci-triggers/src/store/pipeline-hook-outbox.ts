import { HOOK_EVENT_OUTBOX, insertOutboxMessage } from '@suite/runtime'
import type { Kysely } from 'kysely'
import type { Pipeline, PipelineStatus } from '../domain/pipeline.js'
import {
  pipelineHookEvent,
  type HookRunner,
  type PipelineHookFacts,
} from '../domain/pipeline-hook.js'
import type { RunnerType } from '../domain/runner.js'
import { toJob } from './job-rows.js'
import type { Database } from './schema.js'

/** The runners of `ids`, as a pipeline's payload shows them. */
async function runnersOf(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, HookRunner>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('runners')
    .select(['id', 'description', 'runner_type', 'paused', 'tag_list'])
    .where('id', 'in', ids)
    .execute()
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        description: row.description,
        runnerType: row.runner_type as RunnerType,
        paused: row.paused,
        tags: row.tag_list,
      },
    ]),
  )
}

/** The project of the pipeline upstream of `pipeline`, from what that pipeline was created with. */
async function upstreamProjectOf(db: Kysely<Database>, pipeline: Pipeline) {
  if (!pipeline.upstream) return null
  const row = await db
    .selectFrom('pipelines')
    .select('predefined_variables')
    .where('id', '=', pipeline.upstream.pipelineId)
    .executeTakeFirst()
  const webUrl = row?.predefined_variables['CI_PROJECT_URL']
  const fullPath = row?.predefined_variables['CI_PROJECT_PATH']
  if (webUrl === undefined || fullPath === undefined) return null
  return { id: pipeline.upstream.projectId, webUrl, fullPath }
}

/**
 * What `pipeline`'s webhook payload is made of, read through `db` (in a
 * status change, the transaction that stored the status).
 */
export async function pipelineHookFacts(
  db: Kysely<Database>,
  pipeline: Pipeline,
  now: Date = new Date(),
): Promise<PipelineHookFacts> {
  // One after another: a transaction's connection takes one query at a time.
  const jobRows = await db
    .selectFrom('jobs')
    .selectAll()
    .where('pipeline_id', '=', pipeline.id)
    .where('retried', '=', false)
    .orderBy('id')
    .execute()
  const stageRows = await db
    .selectFrom('jobs')
    .select(['stage', 'stage_idx'])
    .distinct()
    .where('pipeline_id', '=', pipeline.id)
    .orderBy('stage_idx')
    .execute()
  const variables = await db
    .selectFrom('pipeline_variables')
    .select(['key', 'value'])
    .where('pipeline_id', '=', pipeline.id)
    .orderBy('id')
    .execute()
  const extra = await db
    .selectFrom('pipelines')
    .select('predefined_variables')
    .where('id', '=', pipeline.id)
    .executeTakeFirstOrThrow()
  const builds = jobRows.filter((row) => row.type === 'build').map(toJob)
  const runnerIds = [...new Set(builds.flatMap((job) => job.runnerId ?? []))]
  return {
    pipeline,
    builds,
    stages: [...new Set(stageRows.map((row) => row.stage))],
    hasWarnings: jobRows.some((row) => row.status === 'failed' && row.allow_failure),
    variables,
    predefinedVariables: extra.predefined_variables,
    runners: await runnersOf(db, runnerIds),
    upstreamProject: await upstreamProjectOf(db, pipeline),
    now,
  }
}

/**
 * Writes the webhook event of `pipeline`'s move from `before` to its current
 * status to the outbox, in the caller's transaction (the one that stored the
 * status); nothing when the status stayed.
 */
export async function insertPipelineHookEvent(
  trx: Kysely<Database>,
  before: PipelineStatus,
  pipeline: Pipeline,
): Promise<void> {
  if (before === pipeline.status) return
  const event = pipelineHookEvent(before, await pipelineHookFacts(trx, pipeline))
  if (event) await insertOutboxMessage(trx, HOOK_EVENT_OUTBOX, event)
}
