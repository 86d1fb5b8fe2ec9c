import { AccessLevel } from '@suite/proto'
import {
  ForbiddenError,
  HOOK_EVENT_OUTBOX,
  InvalidError,
  NotFoundError,
  UnauthenticatedError,
} from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { FakeRepository } from '../testing/fake-repository.js'
import { memberCaller } from '../testing/test-callers.js'
import { testDeps } from '../testing/test-deps.js'
import { createAwardEmoji } from './award-emoji.js'
import { createDiscussion, listDiscussions } from './discussions.js'
import { createNote, deleteNote, listNotes, updateNote } from './notes.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const SHA = 'a'.repeat(40)
const GUEST = memberCaller(40, AccessLevel.ACCESS_LEVEL_GUEST)
const REPORTER = memberCaller(41, AccessLevel.ACCESS_LEVEL_REPORTER)
const MAINTAINER = memberCaller(42, AccessLevel.ACCESS_LEVEL_MAINTAINER)
const DEVELOPER = memberCaller(43, AccessLevel.ACCESS_LEVEL_DEVELOPER)
const OLDEST = { by: 'created_at', direction: 'asc' } as const

function deps() {
  const repository = new FakeRepository()
  const commit = {
    id: SHA,
    diffs: [{ oldPath: 'a.txt', newPath: 'a.txt', diff: '@@ -1 +1,2 @@\n a\n+b\n' }],
  }
  repository.commits.set(`1/${SHA}`, commit)
  repository.commits.set('1/main', commit)
  return testDeps(test.db, { repository })
}

const onCommit = (commitSha: string) => ({
  projectId: 1,
  iid: 0,
  noteableType: 'Commit' as const,
  commitSha,
})

describe('notes on a commit', () => {
  it('are read with read_code, by SHA or branch, and written with create_note', async () => {
    const d = deps()
    const plain = await createNote(d, REPORTER, onCommit('main'), {
      body: 'On main',
      internal: false,
      createdAt: null,
    })
    const inline = await createNote(d, REPORTER, onCommit(SHA), {
      body: 'On b',
      internal: false,
      createdAt: null,
      commitLine: { path: 'a.txt', line: 2, lineType: 'new' },
    })
    const missed = await createNote(d, REPORTER, onCommit(SHA), {
      body: 'On a context line',
      internal: false,
      createdAt: null,
      commitLine: { path: 'a.txt', line: 1, lineType: 'new' },
    })
    expect([plain.commitId, plain.noteableType, plain.type]).toEqual([SHA, 'Commit', null])
    expect([inline.type, inline.commitLine?.line]).toEqual(['LegacyDiffNote', 2])
    expect([missed.type, missed.commitLine]).toEqual([null, null])
    const { notes, total } = await listNotes(d, REPORTER, onCommit(SHA), undefined, OLDEST)
    expect([total, notes.map((note) => note.body)]).toEqual([
      3,
      ['On main', 'On b', 'On a context line'],
    ])
  })

  it('are 404 Commit Not Found without read_code or for an unknown commit', async () => {
    const d = deps()
    const input = { body: 'x', internal: false, createdAt: null }
    await expect(createNote(d, GUEST, onCommit(SHA), input)).rejects.toEqual(
      new NotFoundError('Commit'),
    )
    await expect(listNotes(d, GUEST, onCommit(SHA), undefined, OLDEST)).rejects.toEqual(
      new NotFoundError('Commit'),
    )
    await expect(createNote(d, REPORTER, onCommit('b'.repeat(40)), input)).rejects.toEqual(
      new NotFoundError('Commit'),
    )
    await expect(createNote(d, undefined, onCommit(SHA), input)).rejects.toBeInstanceOf(
      UnauthenticatedError,
    )
  })

  it("are changed by their author or a Maintainer (admin_note), not by a Developer; a commit's threads are not resolvable", async () => {
    const d = deps()
    const { notes } = await createDiscussion(d, REPORTER, onCommit(SHA), {
      body: 'A thread',
      createdAt: null,
      position: null,
    })
    const [first] = notes
    if (!first) throw new Error('no note')
    expect([first.type, first.resolvable]).toEqual(['DiscussionNote', false])
    await expect(updateNote(d, DEVELOPER, onCommit(SHA), first.id, 'Mine')).rejects.toEqual(
      new ForbiddenError(),
    )
    await expect(deleteNote(d, DEVELOPER, onCommit(SHA), first.id)).rejects.toEqual(
      new ForbiddenError(),
    )
    await updateNote(d, REPORTER, onCommit(SHA), first.id, 'Edited')
    await updateNote(d, MAINTAINER, onCommit(SHA), first.id, 'Edited by a Maintainer')
    await deleteNote(d, MAINTAINER, onCommit(SHA), first.id)
    const { discussions } = await listDiscussions(d, REPORTER, onCommit(SHA), undefined)
    expect(discussions.some((discussion) => discussion.id === first.discussionId)).toBe(false)
  })

  it('start a DiffNote thread on a line of the commit diff, and refuse one on no line', async () => {
    const d = deps()
    const at = (headSha: string, newLine: number) => ({
      baseSha: 'b'.repeat(40),
      startSha: 'b'.repeat(40),
      headSha,
      positionType: 'text' as const,
      oldPath: 'a.txt',
      newPath: 'a.txt',
      oldLine: null,
      newLine,
    })
    const { notes } = await createDiscussion(d, REPORTER, onCommit(SHA), {
      body: 'On b',
      createdAt: null,
      position: at(SHA, 2),
    })
    expect(notes.map((note) => [note.type, note.position?.newLine, note.commitId])).toEqual([
      ['DiffNote', 2, SHA],
    ])
    for (const position of [at(SHA, 1), at('c'.repeat(40), 2)]) {
      await expect(
        createDiscussion(d, REPORTER, onCommit(SHA), { body: 'x', createdAt: null, position }),
      ).rejects.toBeInstanceOf(InvalidError)
    }
  })

  it("send a Note Hook with the commit's attributes", async () => {
    const note = await createNote(deps(), REPORTER, onCommit('main'), {
      body: 'Hooked',
      internal: false,
      createdAt: null,
    })
    const rows = await test.db.selectFrom('hook_event_outbox').select('payload').execute()
    const [event] = rows
      .map((row) => HOOK_EVENT_OUTBOX.fromJSON(row.payload))
      .filter((candidate) => {
        const attributes = candidate.payload['object_attributes'] as Record<string, unknown>
        return attributes['id'] === note.id
      })
    expect(event?.kind).toBe('note_hooks')
    expect(event?.payload).toMatchObject({
      object_kind: 'note',
      object_attributes: {
        noteable_type: 'Commit',
        noteable_id: null,
        commit_id: SHA,
        note: 'Hooked',
        action: 'create',
      },
      commit: {
        id: SHA,
        title: 'A commit',
        timestamp: '2026-11-01T10:00:00Z',
        author: { name: 'Ada', email: 'ada@example.com' },
      },
    })
    expect(event?.payload).not.toHaveProperty('merge_request')
  })

  it('take no award emoji', async () => {
    await expect(createAwardEmoji(deps(), REPORTER, onCommit(SHA), 'thumbsup')).rejects.toEqual(
      new NotFoundError('Award Emoji'),
    )
  })
})
