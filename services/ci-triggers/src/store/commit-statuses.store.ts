import { allocateInternalId, insertOutboxMessage, PIPELINE_CREATED_OUTBOX } from '@suite/runtime'
import { sql, type Kysely } from 'kysely'
import { EXTERNAL_STAGE, EXTERNAL_STAGE_IDX, type CommitStatus } from '../domain/commit-status.js'
import type {
  CommitStatusStore,
  StatusDecisions,
  StatusFilter,
  StatusReport,
} from '../domain/commit-status-ports.js'
import { headPipelineCandidate, type Pipeline } from '../domain/pipeline.js'
import type { Window } from '../domain/ports.js'
import { toJob, type JobRow } from './job-rows.js'
import { insertPipelineHookEvent } from './pipeline-hook-outbox.js'
import { newPipelineRow, toPipeline } from './pipeline-rows.js'
import { lockedPipeline } from './pipelines.store.js'
import type { Database } from './schema.js'

function toStatus(row: JobRow): CommitStatus {
  return { job: toJob(row), targetUrl: row.target_url, description: row.description }
}

/** Commit statuses: generic jobs of the commit's pipelines in the `ci_triggers` schema. */
export class CommitStatusesStore implements CommitStatusStore {
  constructor(private readonly db: Kysely<Database>) {}

  async newestPipeline(
    projectId: number,
    sha: string,
    pipelineId: number | null,
  ): Promise<Pipeline | undefined> {
    let query = this.db
      .selectFrom('pipelines')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('sha', '=', sha)
    if (pipelineId !== null) query = query.where('id', '=', pipelineId)
    const row = await query.orderBy('id', 'desc').limit(1).executeTakeFirst()
    return row ? toPipeline(row) : undefined
  }

  record(
    report: StatusReport,
    decide: StatusDecisions,
  ): Promise<{ status: CommitStatus; pipeline: Pipeline; created: boolean } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // GitLab's lease on api:commit_statuses:project:<id>:sha:<sha>: two reports
      // on one commit never both create its pipeline or the same status.
      const key = `commit_statuses:${report.projectId}:${report.sha}`
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx)
      let query = trx
        .selectFrom('pipelines')
        .selectAll()
        .where('project_id', '=', report.projectId)
        .where('sha', '=', report.sha)
        .where('ref', '=', report.ref)
      if (report.pipelineId !== null) query = query.where('id', '=', report.pipelineId)
      const found = await query.orderBy('id', 'desc').limit(1).forUpdate().executeTakeFirst()
      if (!found && report.pipelineId !== null) return undefined
      const pipeline = found ? toPipeline(found) : await this.insertPipeline(trx, report)
      const current = await trx
        .selectFrom('jobs')
        .selectAll()
        .where('pipeline_id', '=', pipeline.id)
        .where('type', '=', 'generic')
        .where('status', 'in', ['pending', 'running'])
        .where('ref', '=', report.ref)
        .where('name', '=', report.name)
        .where((eb) =>
          report.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', report.userId),
        )
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
      const move = decide.move(current ? toJob(current) : undefined)
      const details = {
        ...(report.targetUrl !== undefined ? { target_url: report.targetUrl } : {}),
        ...(report.description !== undefined ? { description: report.description } : {}),
        ...(report.coverage !== undefined ? { coverage: String(report.coverage) } : {}),
      }
      const moved = {
        status: move.status,
        queued_at: move.queuedAt,
        started_at: move.startedAt,
        finished_at: move.finishedAt,
        failure_reason: move.failureReason,
      }
      const row = current
        ? await trx
            .updateTable('jobs')
            .set({ ...moved, ...details, updated_at: sql<Date>`now()` })
            .where('id', '=', current.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('jobs')
            .values({
              ...moved,
              ...details,
              type: 'generic',
              project_id: report.projectId,
              pipeline_id: pipeline.id,
              name: report.name,
              stage: EXTERNAL_STAGE,
              stage_idx: EXTERNAL_STAGE_IDX,
              ref: pipeline.ref,
              tag: pipeline.tag,
              sha: pipeline.sha,
              user_id: report.userId,
            })
            .returningAll()
            .executeTakeFirstOrThrow()
      // update_older_statuses_retried!: the newest status of a name is the one that counts.
      await trx
        .updateTable('jobs')
        .set({ retried: true })
        .where('pipeline_id', '=', pipeline.id)
        .where('name', '=', report.name)
        .where('retried', '=', false)
        .where('id', '<', row.id)
        .execute()
      const locked = await lockedPipeline(trx, pipeline)
      const after = await locked.updatePipeline(decide.settle(pipeline, locked.jobs))
      return { status: toStatus(row), pipeline: after, created: !found }
    })
  }

  async list(
    filter: StatusFilter,
    window: Window,
  ): Promise<{ statuses: CommitStatus[]; total: number }> {
    let matches = this.db
      .selectFrom('jobs')
      .where('project_id', '=', filter.projectId)
      .where('pipeline_id', 'in', (eb) =>
        eb
          .selectFrom('pipelines')
          .select('pipelines.id')
          .where('pipelines.project_id', '=', filter.projectId)
          .where('pipelines.sha', '=', filter.sha),
      )
    if (!filter.all) matches = matches.where('retried', '=', false)
    if (filter.ref) matches = matches.where('ref', '=', filter.ref)
    if (filter.stage) matches = matches.where('stage', '=', filter.stage)
    if (filter.name) matches = matches.where('name', '=', filter.name)
    const [rows, count] = await Promise.all([
      matches.selectAll().orderBy('id').limit(window.limit).offset(window.offset).execute(),
      matches.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { statuses: rows.map(toStatus), total: Number(count.total) }
  }

  /** A new external pipeline, with its news for the merge requests, as PipelinesStore inserts one. */
  private async insertPipeline(trx: Kysely<Database>, report: StatusReport): Promise<Pipeline> {
    const iid = await allocateInternalId(trx, 'ci_pipelines', report.projectId)
    const row = await trx
      .insertInto('pipelines')
      .values(newPipelineRow(report.newPipeline, iid))
      .returningAll()
      .executeTakeFirstOrThrow()
    const stored = toPipeline(row)
    const news = headPipelineCandidate(stored)
    if (news) await insertOutboxMessage(trx, PIPELINE_CREATED_OUTBOX, news)
    // Stored `created`, no event yet: updatePipeline reports its first status.
    await insertPipelineHookEvent(trx, 'created', stored)
    return stored
  }
}
