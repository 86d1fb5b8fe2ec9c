import { insertOutboxMessage, type OutboxCodec } from '@suite/runtime'
import { sql, type Kysely } from 'kysely'
import type { Job } from '../domain/job.js'
import type {
  Claim,
  ClaimedJob,
  JobDeadline,
  JobQueueStore,
  TraceAppend,
  TraceAppendResult,
} from '../domain/runner-ports.js'
import { toJob } from './job-rows.js'
import { toPipeline } from './pipeline-rows.js'
import type { Database } from './schema.js'

/** The pending-job conditions a runner's scope adds (Ci::Runner#matches_build? and its queue). */
function scopeOf(claim: Claim) {
  const { runner } = claim
  switch (runner.runnerType) {
    case 'instance_type':
      return sql<boolean>`true`
    case 'project_type':
      return sql<boolean>`jobs.project_id in (
        select project_id from runner_projects where runner_id = ${runner.id})`
    case 'group_type':
      // The projects under the group, by the namespace the pipeline was created in.
      return sql<boolean>`exists (
        select 1 from pipelines
        where pipelines.id = jobs.pipeline_id
          and (pipelines.predefined_variables->>'CI_PROJECT_NAMESPACE' = ${runner.groupPath}
            or starts_with(pipelines.predefined_variables->>'CI_PROJECT_NAMESPACE', ${`${runner.groupPath ?? ''}/`})))`
  }
}

/**
 * A ref_protected runner takes only jobs of pipelines on a protected ref
 * (Ci::Runner#matches_build?: `build.protected?`), as the projects service's
 * rules answered when the pipeline was created.
 */
function protectionOf(claim: Claim) {
  if (claim.runner.accessLevel !== 'ref_protected') return sql<boolean>`true`
  return sql<boolean>`exists (
    select 1 from pipelines
    where pipelines.id = jobs.pipeline_id
      and pipelines.predefined_variables->>'CI_COMMIT_REF_PROTECTED' = 'true')`
}

/**
 * The job queue, job logs and the job token scope in the `ci_triggers` schema.
 * A claim writes its job's deadline to `deadlines`, the outbox the worker
 * role's queue is fed from (handed in, so that the store knows no worker).
 */
export class JobQueueStoreImpl implements JobQueueStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deadlines: OutboxCodec<JobDeadline>,
  ) {}

  claim(claim: Claim, deadlineGraceSeconds: number): Promise<ClaimedJob | undefined> {
    const { runner } = claim
    return this.db.transaction().execute(async (trx) => {
      const candidate = await trx
        .selectFrom('jobs')
        .selectAll()
        .where('status', '=', 'pending')
        // A commit status is pending in the external system, never for a runner.
        .where('type', '=', 'build')
        .where('runner_id', 'is', null)
        .where('retried', '=', false)
        // Every tag of the job among the runner's; untagged jobs only for run_untagged runners.
        .where(sql<boolean>`tag_list <@ ${sql.val(runner.tagList)}::text[]`)
        .where(sql<boolean>`(${runner.runUntagged} or cardinality(tag_list) > 0)`)
        .where(protectionOf(claim))
        .where(scopeOf(claim))
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst()
      if (!candidate) return undefined
      const timeout = claim.timeoutFor(toJob(candidate))
      const row = await trx
        .updateTable('jobs')
        .set({
          status: 'running',
          runner_id: runner.id,
          runner_system_id: claim.systemId,
          token_digest: claim.tokenDigest,
          timeout,
          started_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', candidate.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      const job = toJob(row)
      const pipeline = await trx
        .selectFrom('pipelines')
        .selectAll()
        .where('id', '=', job.pipelineId)
        .executeTakeFirstOrThrow()
      const variables = await trx
        .selectFrom('pipeline_variables')
        .select(['key', 'value', 'variable_type'])
        .where('pipeline_id', '=', job.pipelineId)
        .orderBy('id')
        .execute()
      const startedAt = job.startedAt ?? new Date()
      await insertOutboxMessage(trx, this.deadlines, {
        jobId: job.id,
        at: startedAt.getTime() + (timeout + deadlineGraceSeconds) * 1000,
      })
      return {
        job,
        pipeline: toPipeline(pipeline),
        predefinedVariables: pipeline.predefined_variables,
        pipelineVariables: variables.map((variable) => ({
          key: variable.key,
          value: variable.value,
          variableType:
            variable.variable_type === 'file' ? ('file' as const) : ('env_var' as const),
        })),
      }
    })
  }

  async queueVersion(): Promise<string> {
    const row = await this.db
      .selectFrom('jobs')
      .select(sql<string>`count(*)::text || '-' || coalesce(sum(id), 0)::text`.as('version'))
      .where('status', '=', 'pending')
      .where('type', '=', 'build')
      .executeTakeFirstOrThrow()
    return row.version
  }

  async findJob(id: number): Promise<Job | undefined> {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toJob(row) : undefined
  }

  async findJobByTokenDigest(digest: string): Promise<Job | undefined> {
    const row = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('token_digest', '=', digest)
      .executeTakeFirst()
    return row ? toJob(row) : undefined
  }

  appendTrace(append: TraceAppend): Promise<TraceAppendResult> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('job_traces')
        .values({ job_id: append.jobId })
        .onConflict((oc) => oc.column('job_id').doNothing())
        .execute()
      const { length } = await trx
        .selectFrom('job_traces')
        .select(sql<string>`octet_length(content)`.as('length'))
        .where('job_id', '=', append.jobId)
        .forUpdate()
        .executeTakeFirstOrThrow()
      const current = Number(length)
      if (append.offset !== null && append.offset !== current) {
        return { kind: 'range', length: current }
      }
      if (current + append.content.length > append.maxBytes) {
        return { kind: 'too_large', length: current }
      }
      await trx
        .updateTable('job_traces')
        .set({
          content: sql<Buffer>`content || ${append.content}`,
          updated_at: sql<Date>`now()`,
        })
        .where('job_id', '=', append.jobId)
        .execute()
      return { kind: 'appended', length: current + append.content.length }
    })
  }

  async trace(jobId: number): Promise<Buffer> {
    const row = await this.db
      .selectFrom('job_traces')
      .select('content')
      .where('job_id', '=', jobId)
      .executeTakeFirst()
    return row?.content ?? Buffer.alloc(0)
  }
}
