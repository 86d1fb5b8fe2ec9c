import type { Kysely, Selectable } from 'kysely'
import type { Database, LabelsTable } from './schema.js'

export type LabelRecord = Selectable<LabelsTable>

/**
 * The project's labels with these titles, created (with `color`) where
 * missing (Labels::FindOrCreateService); an existing label that differs only
 * in case is reused. In the order of `titles`.
 */
export async function findOrCreateLabels(
  tx: Kysely<Database>,
  projectId: number,
  titles: readonly string[],
  color: string,
): Promise<LabelRecord[]> {
  const unique = [...new Set(titles)]
  if (unique.length === 0) return []
  await tx
    .insertInto('labels')
    .values(unique.map((title) => ({ project_id: projectId, title, color })))
    .onConflict((oc) => oc.doNothing())
    .execute()
  const rows = await findLabelsByTitle(tx, projectId, unique)
  const byLower = new Map(rows.map((row) => [row.title.toLowerCase(), row]))
  return unique.flatMap((title) => byLower.get(title.toLowerCase()) ?? [])
}

/** The label ids of a request. */
export async function labelIdsOf(tx: Kysely<Database>, mergeRequestId: number): Promise<number[]> {
  const rows = await tx
    .selectFrom('merge_request_labels')
    .select('label_id')
    .where('merge_request_id', '=', mergeRequestId)
    .execute()
  return rows.map((row) => row.label_id)
}

/** Replaces a request's labels. */
export async function setLabelIds(
  tx: Kysely<Database>,
  mergeRequestId: number,
  labelIds: readonly number[],
): Promise<void> {
  await tx
    .deleteFrom('merge_request_labels')
    .where('merge_request_id', '=', mergeRequestId)
    .execute()
  const unique = [...new Set(labelIds)]
  if (unique.length === 0) return
  await tx
    .insertInto('merge_request_labels')
    .values(unique.map((labelId) => ({ merge_request_id: mergeRequestId, label_id: labelId })))
    .execute()
}

/** Existing project labels with these titles (any case), for remove_labels. */
export async function findLabelsByTitle(
  db: Kysely<Database>,
  projectId: number,
  titles: readonly string[],
): Promise<LabelRecord[]> {
  if (titles.length === 0) return []
  return db
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
}

/** Labels of each request. */
export async function loadLabels(
  db: Kysely<Database>,
  mergeRequestIds: readonly number[],
): Promise<Map<number, LabelRecord[]>> {
  const byRequest = new Map<number, LabelRecord[]>()
  if (mergeRequestIds.length === 0) return byRequest
  const rows = await db
    .selectFrom('merge_request_labels')
    .innerJoin('labels', 'labels.id', 'merge_request_labels.label_id')
    .selectAll('labels')
    .select('merge_request_labels.merge_request_id')
    .where('merge_request_labels.merge_request_id', 'in', [...mergeRequestIds])
    .execute()
  for (const { merge_request_id: id, ...label } of rows) {
    const list = byRequest.get(id) ?? []
    list.push(label)
    byRequest.set(id, list)
  }
  return byRequest
}

/** One page of a project's labels by title, with the total. */
export async function listProjectLabels(
  db: Kysely<Database>,
  projectId: number,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: LabelRecord[]; total: number }> {
  let base = db.selectFrom('labels').where('project_id', '=', projectId)
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
  return { rows, total: Number(count?.total ?? 0) }
}
