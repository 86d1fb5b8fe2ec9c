import { AccessLevel } from '@suite/proto'
import { ForbiddenError, HOOK_EVENT_OUTBOX, NotFoundError } from '@suite/runtime'
import { sql } from 'kysely'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { memberCaller } from '../testing/test-callers.js'
import { testDeps } from '../testing/test-deps.js'
import { createAwardEmoji, deleteAwardEmoji, listAwardEmoji } from './award-emoji.js'
import { createDiscussion, getDiscussion, replyToDiscussion } from './discussions.js'
import { createNote, deleteNote, getNote, listNotes, updateNote } from './notes.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

let nextIid = 500
async function insertIssue(values: { confidential?: boolean; authorId?: number } = {}) {
  return test.db
    .insertInto('issues')
    .values({
      project_id: 1,
      iid: nextIid++,
      author_id: values.authorId ?? 10,
      title: 'An issue',
      confidential: values.confidential ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

const GUEST = memberCaller(40, AccessLevel.ACCESS_LEVEL_GUEST)
const REPORTER = memberCaller(41, AccessLevel.ACCESS_LEVEL_REPORTER)
const MAINTAINER = memberCaller(42, AccessLevel.ACCESS_LEVEL_MAINTAINER)
const NEWEST = { by: 'created_at', direction: 'desc' } as const

const userNotesCount = async (issueId: number) =>
  (
    await test.db
      .selectFrom('issues')
      .select('user_notes_count')
      .where('id', '=', issueId)
      .executeTakeFirstOrThrow()
  ).user_notes_count

/** The hook events of notes on this issue, oldest first. */
async function issueNoteHooks(issueId: number) {
  const rows = await test.db
    .selectFrom('hook_event_outbox')
    .select('payload')
    .orderBy('id')
    .execute()
  return rows
    .map((row) => HOOK_EVENT_OUTBOX.fromJSON(row.payload))
    .filter((event) => {
      const attributes = event.payload['object_attributes'] as Record<string, unknown>
      return attributes['noteable_type'] === 'Issue' && attributes['noteable_id'] === issueId
    })
}

describe('notes on issues through the merge request notes code', () => {
  it('writes a Guest note on an issue, apart from the merge request of the same iid', async () => {
    const deps = testDeps(test.db)
    const issue = await insertIssue()
    const mr = await insertTestMergeRequest(test.db, { iid: issue.iid })
    const key = { projectId: 1, iid: issue.iid, noteableType: 'Issue' as const }
    const note = await createNote(deps, GUEST, key, {
      body: 'line\r\nother ',
      internal: false,
      createdAt: null,
    })
    expect(note).toMatchObject({
      noteableType: 'Issue',
      noteableId: issue.id,
      noteableIid: issue.iid,
      authorId: 40,
      body: 'line\nother',
    })
    expect(await userNotesCount(issue.id)).toBe(1)
    expect((await listNotes(deps, GUEST, key, undefined, NEWEST)).total).toBe(1)
    const onRequest = await listNotes(
      deps,
      REPORTER,
      { projectId: 1, iid: mr.iid },
      undefined,
      NEWEST,
    )
    expect(onRequest.total).toBe(0)
    // A Guest cannot read merge requests: the request's notes stay 404 to them.
    await expect(
      listNotes(deps, GUEST, { projectId: 1, iid: mr.iid }, undefined, NEWEST),
    ).rejects.toEqual(new NotFoundError('Merge Request'))

    expect(await updateNote(deps, GUEST, key, note.id, 'edited')).toMatchObject({ body: 'edited' })
    await expect(updateNote(deps, REPORTER, key, note.id, 'not yours')).rejects.toBeInstanceOf(
      ForbiddenError,
    )
    await deleteNote(deps, MAINTAINER, key, note.id)
    expect(await userNotesCount(issue.id)).toBe(0)
    await expect(getNote(deps, GUEST, key, note.id)).rejects.toEqual(new NotFoundError('Note'))
  })

  it('keeps a confidential issue and its notes 404 to a Guest who is not its author', async () => {
    const deps = testDeps(test.db)
    const issue = await insertIssue({ confidential: true })
    const key = { projectId: 1, iid: issue.iid, noteableType: 'Issue' as const }
    const note = await createNote(deps, REPORTER, key, {
      body: 'secret',
      internal: false,
      createdAt: null,
    })
    await expect(getNote(deps, GUEST, key, note.id)).rejects.toEqual(new NotFoundError('Issue'))
    await expect(
      createNote(deps, GUEST, key, { body: 'x', internal: false, createdAt: null }),
    ).rejects.toEqual(new NotFoundError('Issue'))
    const author = memberCaller(10, AccessLevel.ACCESS_LEVEL_GUEST)
    expect(await getNote(deps, author, key, note.id)).toMatchObject({ body: 'secret' })
  })

  it("starts and replies to an issue's discussions, which are not resolvable", async () => {
    const deps = testDeps(test.db)
    const issue = await insertIssue()
    const key = { projectId: 1, iid: issue.iid, noteableType: 'Issue' as const }
    const plain = await createNote(deps, GUEST, key, {
      body: 'first',
      internal: false,
      createdAt: null,
    })
    const reply = await replyToDiscussion(deps, REPORTER, key, plain.discussionId, {
      body: 'reply',
      createdAt: null,
    })
    expect(reply).toMatchObject({ type: 'DiscussionNote', resolvable: false })
    const thread = await getDiscussion(deps, GUEST, key, plain.discussionId)
    expect(thread.individualNote).toBe(false)
    expect(thread.notes.map((n) => [n.body, n.type, n.resolvable])).toEqual([
      ['first', 'DiscussionNote', false],
      ['reply', 'DiscussionNote', false],
    ])
    const started = await createDiscussion(deps, GUEST, key, {
      body: 'thread',
      createdAt: null,
      position: null,
    })
    expect(started.notes[0]).toMatchObject({ type: 'DiscussionNote', resolvable: false })
    expect(await userNotesCount(issue.id)).toBe(3)
  })

  it('refuses a note on both or neither noteable (the migration check)', async () => {
    const issue = await insertIssue()
    const mr = await insertTestMergeRequest(test.db)
    const insert = (mergeRequestId: number | null, issueId: number | null) =>
      sql`
        INSERT INTO notes (merge_request_id, issue_id, project_id, author_id, body, discussion_id)
        VALUES (${mergeRequestId}, ${issueId}, 1, 1, 'x', 'd')`.execute(test.db)
    await expect(insert(mr.id, issue.id)).rejects.toThrow(/notes_one_noteable/)
    await expect(insert(null, null)).rejects.toThrow(/notes_one_noteable/)
  })

  it('writes Note Hooks with the issue, confidential ones for a confidential issue', async () => {
    const deps = testDeps(test.db)
    const issue = await insertIssue()
    const secret = await insertIssue({ confidential: true })
    const key = { projectId: 1, iid: issue.iid, noteableType: 'Issue' as const }
    const note = await createNote(deps, GUEST, key, {
      body: 'hi',
      internal: false,
      createdAt: null,
    })
    await updateNote(deps, GUEST, key, note.id, 'hi again')
    const secretKey = { projectId: 1, iid: secret.iid, noteableType: 'Issue' as const }
    await createNote(deps, REPORTER, secretKey, { body: 'psst', internal: false, createdAt: null })

    const events = await issueNoteHooks(issue.id)
    expect(events.map((event) => [event.kind, event.payload['event_type']])).toEqual([
      ['note_hooks', 'note'],
      ['note_hooks', 'note'],
    ])
    expect(events[0]?.payload['issue']).toMatchObject({ id: issue.id, iid: issue.iid })
    expect(events[0]?.payload['merge_request']).toBeUndefined()
    expect(events[1]?.payload['object_attributes']).toMatchObject({
      note: 'hi again',
      action: 'update',
    })
    const confidential = await issueNoteHooks(secret.id)
    expect(confidential.map((event) => [event.kind, event.payload['event_type']])).toEqual([
      ['confidential_note_hooks', 'confidential_note'],
    ])
  })

  it("awards emoji on an issue; a confidential issue's are 404 Award Emoji to a Guest", async () => {
    const deps = testDeps(test.db)
    const issue = await insertIssue()
    const secret = await insertIssue({ confidential: true })
    const key = { projectId: 1, iid: issue.iid, noteableType: 'Issue' as const }
    const award = await createAwardEmoji(deps, GUEST, key, '+1')
    expect(award).toMatchObject({ name: 'thumbsup', awardable: { type: 'Issue', id: issue.id } })
    expect((await listAwardEmoji(deps, REPORTER, key, undefined)).total).toBe(1)
    const secretKey = { projectId: 1, iid: secret.iid, noteableType: 'Issue' as const }
    await expect(createAwardEmoji(deps, GUEST, secretKey, 'tada')).rejects.toEqual(
      new NotFoundError('Award Emoji'),
    )
    await expect(listAwardEmoji(deps, GUEST, secretKey, undefined)).rejects.toEqual(
      new NotFoundError('Award Emoji'),
    )
    await deleteAwardEmoji(deps, GUEST, key, award.id)
    expect((await listAwardEmoji(deps, GUEST, key, undefined)).total).toBe(0)
  })
})
