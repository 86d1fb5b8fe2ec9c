/**
 * notes on merge requests, issues and commits (one of merge_request_id,
 * issue_id and commit_id names the noteable; a commit by project_id and
 * commit_id), with a merge request's or issue's user_notes_count kept in step
 * (non-system notes) in the same transaction, and the noteable touched.
 */
import { randomBytes } from 'node:crypto'
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely'
import type { CommitLine, Note, NoteTarget, NoteType } from '../domain/collaboration-records.js'
import type { DiffPosition } from '../domain/diff-position.js'
import type { Database, NotesTable } from './schema.js'
import { inTransaction } from './transactions.js'
import type { NewNote, NoteOrder, NotesPort } from '../domain/ports.js'

type NoteRow = Selectable<NotesTable> & { noteable_iid: number | null }

/** The note's noteable type, from the one column that names it. */
function noteableTypeOf(row: NoteRow): NoteTarget['type'] {
  if (row.commit_id !== null) return 'Commit'
  return row.issue_id === null ? 'MergeRequest' : 'Issue'
}

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    noteableType: noteableTypeOf(row),
    noteableId: Number(row.issue_id ?? row.merge_request_id ?? 0),
    noteableIid: Number(row.noteable_iid ?? 0),
    commitId: row.commit_id,
    commitLine: (row.commit_line as CommitLine | null) ?? null,
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
    discussionId: row.discussion_id,
    type: row.type as NoteType,
    position: (row.position as DiffPosition | null) ?? null,
  }
}

/** A new discussion id: 40 hex digits, as GitLab's SHA1-shaped ids. */
export function newDiscussionId(): string {
  return randomBytes(20).toString('hex')
}

/** The condition naming the noteable's notes: its id column, or a commit's project and SHA. */
function ofNoteable(noteable: NoteTarget) {
  return (eb: ExpressionBuilder<Database, 'notes'>) => {
    if (noteable.type === 'Commit') {
      return eb.and([
        eb('notes.project_id', '=', noteable.projectId),
        eb('notes.commit_id', '=', noteable.commitId),
      ])
    }
    const column = noteable.type === 'Issue' ? 'notes.issue_id' : 'notes.merge_request_id'
    return eb(column, '=', noteable.id)
  }
}

/** The noteable of a stored note. */
function noteableOf(note: Note): NoteTarget {
  if (note.noteableType === 'Commit') {
    return { type: 'Commit', projectId: note.projectId, commitId: note.commitId ?? '' }
  }
  return { type: note.noteableType, id: note.noteableId }
}

/**
 * Moves the noteable's user note count (for a user note) and touches it; a
 * commit has no row to keep them on.
 */
async function touchNoteable(
  trx: Kysely<Database>,
  noteable: NoteTarget,
  delta: 0 | 1 | -1,
): Promise<void> {
  if (noteable.type === 'Commit') return
  await trx
    .updateTable(noteable.type === 'Issue' ? 'issues' : 'merge_requests')
    .set((eb) => ({
      updated_at: new Date(),
      user_notes_count: eb(eb.ref('user_notes_count'), '+', delta),
    }))
    .where('id', '=', noteable.id)
    .execute()
}

/** Notes with their noteable's iid. */
function selectNotes(db: Kysely<Database>) {
  return db
    .selectFrom('notes')
    .leftJoin('merge_requests', 'merge_requests.id', 'notes.merge_request_id')
    .leftJoin('issues', 'issues.id', 'notes.issue_id')
    .selectAll('notes')
    .select(sql<number | null>`coalesce(issues.iid, merge_requests.iid)`.as('noteable_iid'))
}

export class NotesStore implements NotesPort {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return selectNotes(this.db)
  }

  /**
   * One page of the noteable's notes in `order`, ties by id. Without
   * `withInternal` internal notes are left out of the page and the total.
   */
  async list(
    noteable: NoteTarget,
    window: { limit: number; offset: number },
    order: NoteOrder,
    withInternal: boolean,
  ): Promise<{ notes: Note[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.select()
        .where(ofNoteable(noteable))
        .$if(!withInternal, (qb) => qb.where('notes.internal', '=', false))
        .orderBy(`notes.${order.by}`, order.direction)
        .orderBy('notes.id', order.direction)
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.db
        .selectFrom('notes')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where(ofNoteable(noteable))
        .$if(!withInternal, (qb) => qb.where('internal', '=', false))
        .executeTakeFirstOrThrow(),
    ])
    return { notes: rows.map(toNote), total: Number(count.count) }
  }

  /** The project's newest merge request note a user wrote in the open (not a system or internal one). */
  async newestUserNote(projectId: number): Promise<Note | undefined> {
    const row = await this.select()
      .where('notes.project_id', '=', projectId)
      .where('notes.merge_request_id', 'is not', null)
      .where('notes.system', '=', false)
      .where('notes.internal', '=', false)
      .orderBy('notes.id', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row && toNote(row)
  }

  /** One note of the noteable; an internal one only `withInternal`. */
  async find(
    noteable: NoteTarget,
    noteId: number,
    withInternal: boolean,
  ): Promise<Note | undefined> {
    const row = await this.select()
      .where(ofNoteable(noteable))
      .where('notes.id', '=', noteId)
      .$if(!withInternal, (qb) => qb.where('notes.internal', '=', false))
      .executeTakeFirst()
    return row && toNote(row)
  }

  insert(note: NewNote): Promise<Note> {
    return inTransaction(this.db, async (trx) => {
      const { id } = await trx
        .insertInto('notes')
        .values({
          merge_request_id: note.noteable.type === 'MergeRequest' ? note.noteable.id : null,
          issue_id: note.noteable.type === 'Issue' ? note.noteable.id : null,
          commit_id: note.noteable.type === 'Commit' ? note.noteable.commitId : null,
          commit_line: note.commitLine ? JSON.stringify(note.commitLine) : null,
          project_id: note.projectId,
          author_id: note.authorId,
          body: note.body,
          system: note.system,
          internal: note.internal,
          discussion_id: note.discussionId ?? newDiscussionId(),
          type: note.type ?? null,
          resolvable: note.resolvable ?? false,
          position: note.position ? JSON.stringify(note.position) : null,
          ...(note.createdAt ? { created_at: note.createdAt, updated_at: note.createdAt } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await touchNoteable(trx, note.noteable, note.system ? 0 : 1)
      const row = await selectNotes(trx).where('notes.id', '=', id).executeTakeFirstOrThrow()
      return toNote(row)
    })
  }

  /** Whether the request has the pushed-commits note of this push. */
  async hasPushNote(mergeRequestId: number, pushKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('notes')
      .select('id')
      .where('merge_request_id', '=', mergeRequestId)
      .where('push_key', '=', pushKey)
      .executeTakeFirst()
    return row !== undefined
  }

  /**
   * Writes a push's pushed-commits system note once: false when the request
   * has that push's note already (a retried job).
   */
  insertPushNote(
    note: { mergeRequestId: number; projectId: number; authorId: number; body: string },
    pushKey: string,
  ): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const inserted = await trx
        .insertInto('notes')
        .values({
          merge_request_id: note.mergeRequestId,
          project_id: note.projectId,
          author_id: note.authorId,
          body: note.body,
          system: true,
          internal: false,
          discussion_id: newDiscussionId(),
          push_key: pushKey,
        })
        .onConflict((oc) =>
          oc
            .columns(['merge_request_id', 'push_key'])
            .where('push_key', 'is not', null)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst()
      if (!inserted) return false
      await touchNoteable(trx, { type: 'MergeRequest', id: note.mergeRequestId }, 0)
      return true
    })
  }

  async updateBody(note: Note, body: string): Promise<Note> {
    await this.db
      .updateTable('notes')
      .set({ body, updated_at: sql<Date>`now()` })
      .where('id', '=', note.id)
      .execute()
    return (await this.find(noteableOf(note), note.id, true)) ?? note
  }

  delete(note: Note): Promise<void> {
    return inTransaction(this.db, async (trx) => {
      const deleted = await trx.deleteFrom('notes').where('id', '=', note.id).executeTakeFirst()
      if (deleted.numDeletedRows > 0n) {
        await touchNoteable(trx, noteableOf(note), note.system ? 0 : -1)
      }
    })
  }

  /**
   * One page of the noteable's discussion ids, in the order of their first
   * notes (Noteable#discussion_ids_relation), and how many there are.
   */
  async listDiscussionIds(
    noteable: NoteTarget,
    window: { limit: number; offset: number },
    withInternal: boolean,
  ): Promise<{ ids: string[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('notes')
        .select('discussion_id')
        .where(ofNoteable(noteable))
        .$if(!withInternal, (qb) => qb.where('internal', '=', false))
        .groupBy('discussion_id')
        .orderBy(sql`min(created_at)`)
        .orderBy(sql`min(id)`)
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.db
        .selectFrom('notes')
        .select(sql<string>`count(DISTINCT discussion_id)`.as('count'))
        .where(ofNoteable(noteable))
        .$if(!withInternal, (qb) => qb.where('internal', '=', false))
        .executeTakeFirstOrThrow(),
    ])
    return { ids: rows.map((row) => row.discussion_id), total: Number(count.count) }
  }

  /** The notes of these discussions, oldest first (GitLab's `fresh`); internal ones only `withInternal`. */
  async listInDiscussions(
    noteable: NoteTarget,
    discussionIds: string[],
    withInternal: boolean,
  ): Promise<Note[]> {
    if (discussionIds.length === 0) return []
    const rows = await this.select()
      .where(ofNoteable(noteable))
      .where('notes.discussion_id', 'in', discussionIds)
      .$if(!withInternal, (qb) => qb.where('notes.internal', '=', false))
      .orderBy('notes.created_at')
      .orderBy('notes.id')
      .execute()
    return rows.map(toNote)
  }

  /**
   * Replying to an individual note makes it a DiscussionNote (Note#to_discussion
   * + convert), resolvable when its noteable's notes are and it is a user note.
   */
  async convertToDiscussionNote(note: Note, resolvable: boolean): Promise<void> {
    await this.db
      .updateTable('notes')
      .set({ type: 'DiscussionNote', resolvable: resolvable && !note.system })
      .where('id', '=', note.id)
      .execute()
  }

  /** Resolves (resolver given) or unresolves these notes; only resolvable ones change. */
  async setResolved(noteIds: number[], resolvedById: number | null): Promise<void> {
    if (noteIds.length === 0) return
    await this.db
      .updateTable('notes')
      .set(
        resolvedById === null
          ? { resolved_at: null, resolved_by_id: null }
          : { resolved_at: sql<Date>`now()`, resolved_by_id: resolvedById },
      )
      .where('id', 'in', noteIds)
      .where('resolvable', '=', true)
      // Resolving keeps who resolved a note first (to_be_resolved notes only).
      .$if(resolvedById !== null, (query) => query.where('resolved_at', 'is', null))
      .execute()
  }

  /** Whether any resolvable note of the request is still unresolved (to_be_resolved?). */
  async hasUnresolved(mergeRequestId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('notes')
      .select('id')
      .where('merge_request_id', '=', mergeRequestId)
      .where('resolvable', '=', true)
      .where('resolved_at', 'is', null)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  /** The issues, of these, on which the user wrote a note (not a system note). */
  async issuesCommentedBy(issueIds: readonly number[], userId: number): Promise<Set<number>> {
    if (issueIds.length === 0) return new Set()
    const rows = await this.db
      .selectFrom('notes')
      .select('issue_id')
      .distinct()
      .where('issue_id', 'in', [...issueIds])
      .where('author_id', '=', userId)
      .where('system', '=', false)
      .execute()
    return new Set(rows.flatMap((row) => (row.issue_id === null ? [] : [row.issue_id])))
  }
}
