/**
 * notes on merge requests, with merge_requests.user_notes_count kept in step
 * (non-system notes) in the same transaction, and the request touched.
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Note } from '../domain/collaboration-records.js'
import type { Database, NotesTable } from './schema.js'
import { inTransaction } from './transactions.js'

type NoteRow = Selectable<NotesTable> & { merge_request_iid: number }

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    mergeRequestId: row.merge_request_id,
    mergeRequestIid: row.merge_request_iid,
    projectId: row.project_id,
    authorId: row.author_id,
    body: row.body,
    system: row.system,
    internal: row.internal,
    resolvable: row.resolvable,
    resolvedAt: row.resolved_at,
    resolvedById: row.resolved_by_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** A note list's order: GitLab's order_by (created_at, updated_at) and sort. */
export interface NoteOrder {
  by: 'created_at' | 'updated_at'
  direction: 'asc' | 'desc'
}

/** Moves the request's user note count (for a user note) and touches it. */
async function touchMergeRequest(
  trx: Kysely<Database>,
  mergeRequestId: number,
  delta: 0 | 1 | -1,
): Promise<void> {
  await trx
    .updateTable('merge_requests')
    .set((eb) => ({
      updated_at: new Date(),
      user_notes_count: eb(eb.ref('user_notes_count'), '+', delta),
    }))
    .where('id', '=', mergeRequestId)
    .execute()
}

export class NotesStore {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db
      .selectFrom('notes')
      .innerJoin('merge_requests', 'merge_requests.id', 'notes.merge_request_id')
      .selectAll('notes')
      .select('merge_requests.iid as merge_request_iid')
  }

  /** One page of the request's notes in `order`, ties by id. */
  async list(
    mergeRequestId: number,
    window: { limit: number; offset: number },
    order: NoteOrder,
  ): Promise<{ notes: Note[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.select()
        .where('notes.merge_request_id', '=', mergeRequestId)
        .orderBy(`notes.${order.by}`, order.direction)
        .orderBy('notes.id', order.direction)
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.db
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('merge_request_id', '=', mergeRequestId)
        .executeTakeFirstOrThrow(),
    ])
    return { notes: rows.map(toNote), total: Number(count.count) }
  }

  async find(mergeRequestId: number, noteId: number): Promise<Note | undefined> {
    const row = await this.select()
      .where('notes.merge_request_id', '=', mergeRequestId)
      .where('notes.id', '=', noteId)
      .executeTakeFirst()
    return row && toNote(row)
  }

  insert(note: {
    mergeRequestId: number
    projectId: number
    authorId: number
    body: string
    system: boolean
    internal: boolean
    createdAt: Date | null
  }): Promise<Note> {
    return inTransaction(this.db, async (trx) => {
      const { id } = await trx
        .insertInto('notes')
        .values({
          merge_request_id: note.mergeRequestId,
          project_id: note.projectId,
          author_id: note.authorId,
          body: note.body,
          system: note.system,
          internal: note.internal,
          ...(note.createdAt ? { created_at: note.createdAt, updated_at: note.createdAt } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await touchMergeRequest(trx, note.mergeRequestId, note.system ? 0 : 1)
      const row = await trx
        .selectFrom('notes')
        .innerJoin('merge_requests', 'merge_requests.id', 'notes.merge_request_id')
        .selectAll('notes')
        .select('merge_requests.iid as merge_request_iid')
        .where('notes.id', '=', id)
        .executeTakeFirstOrThrow()
      return toNote(row)
    })
  }

  async updateBody(note: Note, body: string): Promise<Note> {
    await this.db
      .updateTable('notes')
      .set({ body, updated_at: sql<Date>`now()` })
      .where('id', '=', note.id)
      .execute()
    return (await this.find(note.mergeRequestId, note.id)) ?? note
  }

  delete(note: Note): Promise<void> {
    return inTransaction(this.db, async (trx) => {
      const deleted = await trx.deleteFrom('notes').where('id', '=', note.id).executeTakeFirst()
      if (deleted.numDeletedRows > 0n) {
        await touchMergeRequest(trx, note.mergeRequestId, note.system ? 0 : -1)
      }
    })
  }
}
