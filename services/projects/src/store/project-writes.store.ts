import { sql, type Kysely, type Transaction } from 'kysely'
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
    // A fork counts on its upstream in the same transaction (its row's change event tells the caches).
    if (project.forkedFromProjectId !== null) {
      await trx
        .updateTable('projects')
        .set((eb) => ({ forks_count: eb('forks_count', '+', 1) }))
        .where('id', '=', project.forkedFromProjectId)
        .execute()
    }
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
    const gone = await trx
      .deleteFrom('projects')
      .where('id', '=', id)
      .returning('forked_from_project_id')
      .executeTakeFirst()
    // An undone fork no longer counts on its upstream.
    await uncountFork(trx, gone?.forked_from_project_id)
  })
}

/**
 * A fork that is undone or deleted stops counting in its upstream's
 * forks_count, in the transaction that removes or hides it.
 */
export async function uncountFork(
  trx: Transaction<Database>,
  upstreamId: number | null | undefined,
): Promise<void> {
  if (upstreamId === null || upstreamId === undefined) return
  await trx
    .updateTable('projects')
    .set((eb) => ({ forks_count: eb('forks_count', '-', 1) }))
    .where('id', '=', upstreamId)
    .where('forks_count', '>', 0)
    .execute()
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
