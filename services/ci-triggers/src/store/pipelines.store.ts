import { isUniqueViolation } from '@suite/runtime'
import type { Kysely } from 'kysely'
import type { Pipeline } from '../domain/pipeline.js'
import type { NewPipeline, PipelineFilter, PipelineStore, Window } from '../domain/ports.js'
import { allocateInternalId } from './internal-ids.js'
import { newPipelineRow, toPipeline } from './pipeline-rows.js'
import type { Database } from './schema.js'

/** Pipelines in the `ci_triggers` schema. */
export class PipelinesStore implements PipelineStore {
  constructor(private readonly db: Kysely<Database>) {}

  async create(pipeline: NewPipeline): Promise<{ pipeline: Pipeline; created: boolean }> {
    const key = pipeline.idempotencyKey
    const earlier = key === null ? undefined : await this.findByIdempotencyKey(key)
    if (earlier) return { pipeline: earlier, created: false }
    try {
      return { pipeline: await this.insert(pipeline), created: true }
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
  ): Promise<{ pipelines: Pipeline[]; total: number }> {
    const matches = this.matching(filter)
    const [rows, count] = await Promise.all([
      matches.selectAll().orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
      matches.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { pipelines: rows.map(toPipeline), total: Number(count.total) }
  }

  private matching(filter: PipelineFilter) {
    let query = this.db.selectFrom('pipelines').where('project_id', '=', filter.projectId)
    if (filter.mergeRequestId !== undefined) {
      query = query.where('merge_request_id', '=', filter.mergeRequestId)
    }
    if (filter.ref !== undefined) query = query.where('ref', '=', filter.ref)
    if (filter.sha !== undefined) query = query.where('sha', '=', filter.sha)
    return query
  }

  private async findByIdempotencyKey(key: string): Promise<Pipeline | undefined> {
    const row = await this.db
      .selectFrom('pipelines')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst()
    return row ? toPipeline(row) : undefined
  }

  /** Allocates the iid and inserts in one transaction, so a failed insert gives the iid back. */
  private insert(pipeline: NewPipeline): Promise<Pipeline> {
    return this.db.transaction().execute(async (trx) => {
      const iid = await allocateInternalId(trx, 'ci_pipelines', pipeline.projectId)
      const row = await trx
        .insertInto('pipelines')
        .values(newPipelineRow(pipeline, iid))
        .returningAll()
        .executeTakeFirstOrThrow()
      return toPipeline(row)
    })
  }
}
