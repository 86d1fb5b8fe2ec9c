import type { Kysely, Selectable } from 'kysely'
import type { Label } from '../domain/label.js'
import type { Database, LabelsTable } from './schema.js'
import type { LabelsPort } from '../domain/ports.js'

export function toLabel(row: Selectable<LabelsTable>): Label {
  return {
    id: row.id,
    projectId: row.project_id,
    title: row.title,
    color: row.color,
    description: row.description,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** Project labels and the labels of merge requests. */
export class LabelsStore implements LabelsPort {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The project's labels with these titles, created (with `color`) where
   * missing (Labels::FindOrCreateService); an existing label that differs only
   * in case is reused. In the order of `titles`.
   */
  async findOrCreate(
    projectId: number,
    titles: readonly string[],
    color: string,
  ): Promise<Label[]> {
    const unique = [...new Set(titles)]
    if (unique.length === 0) return []
    await this.db
      .insertInto('labels')
      .values(unique.map((title) => ({ project_id: projectId, title, color })))
      .onConflict((oc) => oc.doNothing())
      .execute()
    const labels = await this.findByTitles(projectId, unique)
    const byLower = new Map(labels.map((label) => [label.title.toLowerCase(), label]))
    return unique.flatMap((title) => byLower.get(title.toLowerCase()) ?? [])
  }

  /** The label ids of a request. */
  async idsOf(mergeRequestId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('merge_request_labels')
      .select('label_id')
      .where('merge_request_id', '=', mergeRequestId)
      .execute()
    return rows.map((row) => row.label_id)
  }

  /** Replaces a request's labels. */
  async setIds(mergeRequestId: number, labelIds: readonly number[]): Promise<void> {
    await this.db
      .deleteFrom('merge_request_labels')
      .where('merge_request_id', '=', mergeRequestId)
      .execute()
    const unique = [...new Set(labelIds)]
    if (unique.length === 0) return
    await this.db
      .insertInto('merge_request_labels')
      .values(unique.map((labelId) => ({ merge_request_id: mergeRequestId, label_id: labelId })))
      .execute()
  }

  /** Existing project labels with these titles (any case), for remove_labels. */
  async findByTitles(projectId: number, titles: readonly string[]): Promise<Label[]> {
    if (titles.length === 0) return []
    const rows = await this.db
      .selectFrom('labels')
      .selectAll()
      .where('project_id', '=', projectId)
      .where((eb) =>
        eb(
          eb.fn('lower', ['title']),
          'in',
          titles.map((title) => title.toLowerCase()),
        ),
      )
      .execute()
    return rows.map(toLabel)
  }

  /** One page of a project's labels by title, with the total. */
  async listInProject(
    projectId: number,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ labels: Label[]; total: number }> {
    let base = this.db.selectFrom('labels').where('project_id', '=', projectId)
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      base = base.where((eb) =>
        eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]),
      )
    }
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('title').orderBy('id').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    ])
    return { labels: rows.map(toLabel), total: Number(count?.total ?? 0) }
  }
}
