import { sql } from 'kysely'
import { migrations } from '../migrations/index.js'
import { createStores } from './stores.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const stores = () => createStores(test.db)

/** A merge request as a noteable. */
function onRequest(id: number) {
  return { type: 'MergeRequest' as const, id }
}

function note(mergeRequestId: number, extra: Record<string, unknown> = {}) {
  return {
    noteable: onRequest(mergeRequestId),
    projectId: 1,
    authorId: 5,
    body: 'text',
    system: false,
    internal: false,
    createdAt: null,
    ...extra,
  }
}

describe('notes store: discussions', () => {
  it('gives each plain note a discussion of its own and keeps replies in theirs', async () => {
    const mr = await insertTestMergeRequest(test.db)
    const plain = await stores().notes.insert(note(mr.id))
    const started = await stores().notes.insert(
      note(mr.id, { type: 'DiscussionNote', resolvable: true }),
    )
    const reply = await stores().notes.insert(
      note(mr.id, { type: 'DiscussionNote', resolvable: true, discussionId: started.discussionId }),
    )
    expect(plain.discussionId).toMatch(/^[0-9a-f]{40}$/)
    expect(plain.discussionId).not.toBe(started.discussionId)
    expect([plain.type, started.type, reply.discussionId]).toEqual([
      null,
      'DiscussionNote',
      started.discussionId,
    ])

    const page = await stores().notes.listDiscussionIds(
      onRequest(mr.id),
      { limit: 1, offset: 1 },
      true,
    )
    expect(page).toEqual({ ids: [started.discussionId], total: 2 })
    const notes = await stores().notes.listInDiscussions(
      onRequest(mr.id),
      [started.discussionId],
      true,
    )
    expect(notes.map((n) => n.id)).toEqual([started.id, reply.id])
  })

  it('resolves only resolvable notes, keeps the first resolver, and unresolves', async () => {
    const mr = await insertTestMergeRequest(test.db)
    const plain = await stores().notes.insert(note(mr.id))
    const thread = await stores().notes.insert(
      note(mr.id, { type: 'DiscussionNote', resolvable: true }),
    )
    expect(await stores().notes.hasUnresolved(mr.id)).toBe(true)
    await stores().notes.setResolved([plain.id, thread.id], 7)
    await stores().notes.setResolved([thread.id], 8)
    const [resolvedPlain, resolvedThread] = await Promise.all([
      stores().notes.find(onRequest(mr.id), plain.id, true),
      stores().notes.find(onRequest(mr.id), thread.id, true),
    ])
    expect(resolvedPlain?.resolvedAt).toBeNull()
    expect(resolvedThread?.resolvedById).toBe(7)
    expect(await stores().notes.hasUnresolved(mr.id)).toBe(false)
    await stores().notes.setResolved([thread.id], null)
    expect(await stores().notes.hasUnresolved(mr.id)).toBe(true)
  })

  it('keeps a DiffNote position as it was given', async () => {
    const mr = await insertTestMergeRequest(test.db)
    const position = {
      baseSha: 'a'.repeat(40),
      startSha: 'b'.repeat(40),
      headSha: 'c'.repeat(40),
      positionType: 'text' as const,
      oldPath: 'f.txt',
      newPath: 'f.txt',
      oldLine: null,
      newLine: 3,
    }
    const diffNote = await stores().notes.insert(
      note(mr.id, { type: 'DiffNote', resolvable: true, position }),
    )
    expect((await stores().notes.find(onRequest(mr.id), diffNote.id, true))?.position).toEqual(
      position,
    )
  })

  it('the migration gives notes written before it a discussion id each', async () => {
    const mr = await insertTestMergeRequest(test.db)
    const before = await stores().notes.insert(note(mr.id))
    const other = await stores().notes.insert(note(mr.id))
    await migrations['2026_11_27_1400_add_discussions']!.down!(test.db)
    await migrations['2026_11_27_1400_add_discussions']!.up(test.db)
    const { rows } = await sql<{ discussion_id: string }>`
      SELECT discussion_id FROM notes WHERE id IN (${before.id}, ${other.id})`.execute(test.db)
    expect(rows.map((row) => row.discussion_id)).toEqual([
      expect.stringMatching(/^[0-9a-f]{40}$/),
      expect.stringMatching(/^[0-9a-f]{40}$/),
    ])
    expect(rows[0]!.discussion_id).not.toBe(rows[1]!.discussion_id)
  })
})
