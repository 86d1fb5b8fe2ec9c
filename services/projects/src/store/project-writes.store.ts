import { sql, type Kysely } from 'kysely'
import type { AvatarChange } from '../domain/avatar.js'
import type { ChangedProject, NewProject } from '../domain/project.js'
import { storeEventRow } from './events.store.js'
import { writeAvatarChange } from './project-avatars.store.js'
import { replaceTopics } from './project-topics.store.js'
import { toRow } from './project-rows.js'
import type { Database } from './schema.js'

/** Queues the publication of a project's access facts (access-facts-outbox.store.ts relays it). */
async function queueAccessFacts(trx: Kysely<Database>, projectId: number): Promise<void> {
  await trx.insertInto('access_facts_outbox').values({ project_id: projectId }).execute()
}

/**
 * Inserts a project with its topics, avatar, `created` event and the
 * publication of its access facts, in one transaction.
 */
export async function insertProject(
  db: Kysely<Database>,
  project: NewProject,
  topics: readonly string[],
  authorId: number,
  avatar: AvatarChange | undefined,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('projects')
      .values(toRow(project))
      .returning('id')
      .executeTakeFirstOrThrow()
    await replaceTopics(trx, id, topics)
    if (avatar) await writeAvatarChange(trx, id, avatar)
    // created_at defaults to now(): the transaction's time, as the project's own.
    await storeEventRow(
      trx,
      {
        project_id: id,
        author_id: authorId,
        action: 'created',
        target_type: null,
        target_id: null,
        target_iid: null,
        target_title: null,
        idempotency_key: `projects:project-created:${id}`,
      },
      undefined,
    )
    await queueAccessFacts(trx, id)
    return id
  })
}

/**
 * Undoes insert: the project row (its topics cascade) and its events (their
 * push payloads cascade), in one transaction.
 */
export async function deleteCreatedProject(db: Kysely<Database>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('events').where('project_id', '=', id).execute()
    await trx.deleteFrom('projects').where('id', '=', id).execute()
  })
}

/**
 * Writes a project's new state (and topics and avatar when given); updated_at
 * moves and version grows. With `accessFactsChanged`, the publication of its
 * access facts is queued in the same transaction.
 */
export async function updateProject(
  db: Kysely<Database>,
  project: ChangedProject,
  topics: readonly string[] | undefined,
  avatar: AvatarChange | undefined,
  accessFactsChanged: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('projects')
      .set((eb) => ({
        ...toRow(project),
        updated_at: sql<Date>`now()`,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', project.id)
      .execute()
    if (topics !== undefined) await replaceTopics(trx, project.id, topics)
    if (avatar) await writeAvatarChange(trx, project.id, avatar)
    if (accessFactsChanged) await queueAccessFacts(trx, project.id)
  })
}
