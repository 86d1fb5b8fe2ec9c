import {
  allocateInternalId,
  insertOutboxMessage,
  isUniqueViolation,
  PIPELINE_CREATED_OUTBOX,
  PIPELINE_FINISHED_OUTBOX,
} from '@suite/runtime'
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely'
import { CANCELABLE_STATUSES, type Job } from '../domain/job.js'
import { headPipelineCandidate, type Pipeline } from '../domain/pipeline.js'
import { pipelineFinishedNews } from '../domain/pipeline-finished.js'
import type { PipelineHookFacts } from '../domain/pipeline-hook.js'
import type { RequestVariable } from '../domain/pipeline-request.js'
import type {
  JobChange,
  JobFilter,
  LockedPipeline,
  NewPipeline,
  PipelineContents,
  PipelineFilter,
  PipelineOrder,
  PipelineState,
  PipelineStore,
  Window,
} from '../domain/ports.js'

import { newJobRow, retriedJobRow, toJob } from './job-rows.js'
import { insertPipelineHookEvent, pipelineHookFacts } from './pipeline-hook-outbox.js'
import { newPipelineRow, toPipeline } from './pipeline-rows.js'
import type { Database } from './schema.js'

const FINISHED = ['success', 'failed', 'canceled', 'skipped']

/** Pipelines in the `ci_triggers` schema. */
export class PipelinesStore implements PipelineStore {
  constructor(private readonly db: Kysely<Database>) {}

  async create(
    pipeline: NewPipeline,
    contents?: PipelineContents,
  ): Promise<{ pipeline: Pipeline; created: boolean }> {
    const key = pipeline.idempotencyKey
    const earlier = key === null ? undefined : await this.findByIdempotencyKey(key)
    if (earlier) return { pipeline: earlier, created: false }
    try {
      return { pipeline: await this.insert(pipeline, contents), created: true }
    } catch (error) {
      // A concurrent retry with the same key committed first: answer its pipeline.
      const winner =
        key !== null && isUniqueViolation(error) ? await this.findByIdempotencyKey(key) : undefined
      if (!winner) throw error
      return { pipeline: winner, created: false }
    }
  }

  async findInProject(projectId: number, id: number): Promise<Pipeline | undefined> {
    const row = await this.db
      .selectFrom('pipelines')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row ? toPipeline(row) : undefined
  }

  async findByIds(ids: readonly number[]): Promise<Pipeline[]> {
    if (ids.length === 0) return []
    const rows = await this.db.selectFrom('pipelines').selectAll().where('id', 'in', ids).execute()
    return rows.map(toPipeline)
  }

  async list(
    filter: PipelineFilter,
    window: Window,
    order: PipelineOrder = { by: 'id', direction: 'desc' },
  ): Promise<{ pipelines: Pipeline[]; total: number }> {
    const matches = this.matching(filter)
    let page = matches.selectAll()
    // Ties on the other columns fall back to id in the same direction, as GitLab's order does.
    if (order.by !== 'id') page = page.orderBy(order.by, order.direction)
    const [rows, count] = await Promise.all([
      page.orderBy('id', order.direction).limit(window.limit).offset(window.offset).execute(),
      matches.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { pipelines: rows.map(toPipeline), total: Number(count.total) }
  }

  async latest(projectId: number, ref: string): Promise<Pipeline | undefined> {
    const row = await this.db
      .selectFrom('pipelines')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('ref', '=', ref)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row ? toPipeline(row) : undefined
  }

  async newestHookFacts(projectId: number): Promise<PipelineHookFacts | undefined> {
    const row = await this.db
      .selectFrom('pipelines')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row ? pipelineHookFacts(this.db, toPipeline(row)) : undefined
  }

  async jobs(
    pipelineId: number,
    filter: JobFilter,
    window: Window,
  ): Promise<{ jobs: Job[]; total: number }> {
    let matches = this.db.selectFrom('jobs').where('pipeline_id', '=', pipelineId)
    if (!filter.includeRetried) matches = matches.where('retried', '=', false)
    if (filter.statuses.length > 0) matches = matches.where('status', 'in', filter.statuses)
    const [rows, count] = await Promise.all([
      matches.selectAll().orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
      matches.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { jobs: rows.map(toJob), total: Number(count.total) }
  }

  async findJob(projectId: number, id: number): Promise<Job | undefined> {
    const row = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row ? toJob(row) : undefined
  }

  async variables(pipelineId: number): Promise<RequestVariable[]> {
    const rows = await this.db
      .selectFrom('pipeline_variables')
      .select(['key', 'value', 'variable_type'])
      .where('pipeline_id', '=', pipelineId)
      .orderBy('id')
      .execute()
    return rows.map((row) => ({
      key: row.key,
      value: row.value,
      variableType: row.variable_type === 'file' ? 'file' : 'env_var',
    }))
  }

  withLocked<T>(
    projectId: number,
    id: number,
    work: (locked: LockedPipeline) => Promise<T>,
  ): Promise<T | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('pipelines')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
      if (!row) return undefined
      return work(await lockedPipeline(trx, toPipeline(row)))
    })
  }

  async delete(projectId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('pipelines')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  async cancelableOfUser(
    userId: number,
    afterId: number,
    limit: number,
  ): Promise<{ projectId: number; id: number }[]> {
    const rows = await this.db
      .selectFrom('pipelines')
      .select(['id', 'project_id'])
      .where('user_id', '=', userId)
      .where('status', 'in', [...CANCELABLE_STATUSES])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute()
    return rows.map((row) => ({ projectId: Number(row.project_id), id: Number(row.id) }))
  }

  private matching(filter: PipelineFilter) {
    const mergeRequestId = filter.mergeRequestId
    if (mergeRequestId === undefined) {
      return this.filtered(
        this.db.selectFrom('pipelines').where('project_id', '=', filter.projectId),
        filter,
      )
    }
    // A merge request's: its own pipelines (in its projects) and its branch's at its commits.
    const projects = [filter.projectId, ...(filter.mergeRequestProjectIds ?? [])]
    const branch = filter.branchCommits
    const query = this.db.selectFrom('pipelines').where((eb) => {
      const own = eb.and([
        eb('project_id', 'in', projects),
        eb('merge_request_id', '=', mergeRequestId),
      ])
      if (!branch || branch.shas.length === 0) return own
      return eb.or([
        own,
        eb.and([
          eb('project_id', '=', branch.projectId ?? filter.projectId),
          eb('merge_request_id', 'is', null),
          eb('tag', '=', false),
          eb('ref', '=', branch.branch),
          eb('sha', 'in', [...branch.shas]),
        ]),
      ])
    })
    return this.filtered(query, filter)
  }

  private filtered(
    selected: SelectQueryBuilder<Database, 'pipelines', object>,
    filter: PipelineFilter,
  ) {
    let query = selected
    if (filter.ref !== undefined) query = query.where('ref', '=', filter.ref)
    if (filter.sha !== undefined) query = query.where('sha', '=', filter.sha)
    if (filter.status !== undefined) query = query.where('status', '=', filter.status)
    if (filter.source !== undefined) query = query.where('source', '=', filter.source)
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId)
    if (filter.updatedAfter) query = query.where('updated_at', '>', filter.updatedAfter)
    if (filter.updatedBefore) query = query.where('updated_at', '<', filter.updatedBefore)
    if (filter.yamlErrors !== undefined) {
      query = query.where('yaml_errors', filter.yamlErrors ? 'is not' : 'is', null)
    }
    switch (filter.scope) {
      case 'running':
      case 'pending':
        return query.where('status', '=', filter.scope)
      case 'finished':
        return query.where('status', 'in', FINISHED)
      case 'branches':
      case 'tags':
        // Ci::PipelinesFinder: the newest pipeline of each branch (or tag).
        return query.where('id', 'in', (eb) =>
          eb
            .selectFrom('pipelines as newest')
            .select((inner) => inner.fn.max('newest.id').as('id'))
            .where('newest.project_id', '=', filter.projectId)
            .where('newest.tag', '=', filter.scope === 'tags')
            .where('newest.merge_request_id', 'is', null)
            .groupBy('newest.ref'),
        )
      default:
        return query
    }
  }

  private async findByIdempotencyKey(key: string): Promise<Pipeline | undefined> {
    const row = await this.db
      .selectFrom('pipelines')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst()
    return row ? toPipeline(row) : undefined
  }

  /**
   * Allocates the iid and inserts the pipeline, its jobs and variables in one
   * transaction (a failed insert gives the iid back), with its news for the
   * merge requests in the outbox, then processes it there.
   */
  private insert(pipeline: NewPipeline, contents?: PipelineContents): Promise<Pipeline> {
    return this.db.transaction().execute(async (trx) => {
      const iid = await allocateInternalId(trx, 'ci_pipelines', pipeline.projectId)
      const row = await trx
        .insertInto('pipelines')
        .values(newPipelineRow(pipeline, iid))
        .returningAll()
        .executeTakeFirstOrThrow()
      const stored = toPipeline(row)
      const news = headPipelineCandidate(stored)
      if (news) await insertOutboxMessage(trx, PIPELINE_CREATED_OUTBOX, news)
      // Stored already completed (a configuration error, nothing to run): it finished as it began.
      const finished = pipelineFinishedNews('created', stored)
      if (finished) await insertOutboxMessage(trx, PIPELINE_FINISHED_OUTBOX, finished)
      if (!contents) {
        await insertPipelineHookEvent(trx, 'created', stored)
        return stored
      }
      if (contents.jobs.length > 0) {
        const origin = { ...pipeline, pipelineId: stored.id }
        await trx
          .insertInto('jobs')
          .values(contents.jobs.map((job) => newJobRow(job, origin)))
          .execute()
      }
      if (contents.variables.length > 0) {
        await trx
          .insertInto('pipeline_variables')
          .values(
            contents.variables.map((variable) => ({
              pipeline_id: stored.id,
              key: variable.key,
              value: variable.value,
              variable_type: variable.variableType,
            })),
          )
          .execute()
      }
      // Stored in a status of its own (a configuration error): its first webhook event.
      await insertPipelineHookEvent(trx, 'created', stored)
      return contents.process ? contents.process(await lockedPipeline(trx, stored)) : stored
    })
  }
}

/** The pipeline `pipeline`, locked by the caller's transaction, with its latest jobs. */
export async function lockedPipeline(
  trx: Kysely<Database>,
  pipeline: Pipeline,
): Promise<LockedPipeline> {
  let current = pipeline
  const jobs = await trx
    .selectFrom('jobs')
    .selectAll()
    .where('pipeline_id', '=', pipeline.id)
    .where('retried', '=', false)
    .orderBy('stage_idx')
    .orderBy('id')
    .execute()
  return {
    pipeline,
    jobs: jobs.map(toJob),
    updateJobs: async (changes: readonly JobChange[]) => {
      for (const change of changes) {
        await trx
          .updateTable('jobs')
          .set({
            status: change.status,
            updated_at: sql<Date>`now()`,
            ...(change.queuedAt ? { queued_at: change.queuedAt } : {}),
            ...(change.finishedAt ? { finished_at: change.finishedAt } : {}),
            ...(change.failureReason !== undefined ? { failure_reason: change.failureReason } : {}),
            ...(change.exitCode !== undefined ? { exit_code: change.exitCode } : {}),
            ...(change.allowFailure !== undefined ? { allow_failure: change.allowFailure } : {}),
          })
          .where('id', '=', change.id)
          .execute()
      }
    },
    retryJobs: async (ids: readonly number[]) => {
      if (ids.length === 0) return []
      const old = jobs.filter((job) => ids.includes(job.id)).map(toJob)
      await trx.updateTable('jobs').set({ retried: true }).where('id', 'in', ids).execute()
      const rows = await trx
        .insertInto('jobs')
        .values(old.map(retriedJobRow))
        .returningAll()
        .execute()
      return rows.map(toJob)
    },
    updatePipeline: async (state: PipelineState) => {
      const before = current.status
      const row = await trx
        .updateTable('pipelines')
        .set({
          status: state.status,
          started_at: state.startedAt,
          finished_at: state.finishedAt,
          duration: state.duration,
          queued_duration: state.queuedDuration,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', pipeline.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      current = toPipeline(row)
      // Its news for the merge requests' auto-merge commits with the status, or not at all.
      const finished = pipelineFinishedNews(before, current)
      if (finished) await insertOutboxMessage(trx, PIPELINE_FINISHED_OUTBOX, finished)
      // GitLab's pipeline hooks: one event per status change, with the change.
      await insertPipelineHookEvent(trx, before, current)
      return current
    },
  }
}
