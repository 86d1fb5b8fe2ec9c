import { sql, type Kysely, type SqlBool } from 'kysely'
import type { Project } from '../domain/project.js'
import { toProject, type ProjectRow } from './project-rows.js'
import type { Database } from './schema.js'

/** Projects of rows, each with its topics in their order (one query for all rows). */
export async function withTopics(db: Kysely<Database>, rows: ProjectRow[]): Promise<Project[]> {
  if (rows.length === 0) return []
  const topicRows = await db
    .selectFrom('project_topics')
    .innerJoin('topics', 'topics.id', 'project_topics.topic_id')
    .select(['project_topics.project_id', 'topics.name'])
    .where(
      'project_topics.project_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('project_topics.position')
    .execute()
  const byProject = new Map<number, string[]>()
  for (const row of topicRows) {
    const list = byProject.get(row.project_id) ?? []
    list.push(row.name)
    byProject.set(row.project_id, list)
  }
  return rows.map((row) => toProject(row, byProject.get(row.id) ?? []))
}

/** Sets a project's topics, in order, creating the topics not seen before. */
export async function replaceTopics(
  trx: Kysely<Database>,
  projectId: number,
  topics: readonly string[],
): Promise<void> {
  await trx.deleteFrom('project_topics').where('project_id', '=', projectId).execute()
  let position = 0
  for (const name of topics) {
    const existing = await trx
      .selectFrom('topics')
      .select('id')
      .where(sql<SqlBool>`lower(name) = lower(${name})`)
      .executeTakeFirst()
    const topicId =
      existing?.id ??
      (
        await trx
          .insertInto('topics')
          .values({ name })
          .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
          .returning('id')
          .executeTakeFirst()
      )?.id ??
      (
        await trx
          .selectFrom('topics')
          .select('id')
          .where(sql<SqlBool>`lower(name) = lower(${name})`)
          .executeTakeFirstOrThrow()
      ).id
    await trx
      .insertInto('project_topics')
      .values({ project_id: projectId, topic_id: topicId, position })
      .onConflict((oc) => oc.doNothing())
      .execute()
    position += 1
  }
}
