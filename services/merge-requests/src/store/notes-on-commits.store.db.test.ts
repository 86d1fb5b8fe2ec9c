import { sql } from 'kysely'
import { createStores } from './stores.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const stores = () => createStores(test.db)

/** A note of author 5 in project 41 on whatever noteable the test names. */
function note() {
  return {
    projectId: 41,
    authorId: 5,
    body: 'text',
    system: false,
    internal: false,
    createdAt: null,
  }
}

describe('notes store: notes on commits', () => {
  const sha = 'c'.repeat(40)
  const onCommit = (projectId: number, commitId = sha) => ({
    type: 'Commit' as const,
    projectId,
    commitId,
  })

  it("keeps a commit's notes by project and SHA, with a comment's diff line", async () => {
    const commitLine = { path: 'a.txt', line: 2, lineType: 'new' as const }
    const inline = await stores().notes.insert({
      ...note(),
      noteable: onCommit(41),
      type: 'LegacyDiffNote',
      commitLine,
    })
    const plain = await stores().notes.insert({ ...note(), noteable: onCommit(41) })
    // The same SHA in another project, and another commit of the project, are other noteables.
    await stores().notes.insert({ ...note(), noteable: onCommit(42), projectId: 42 })
    await stores().notes.insert({ ...note(), noteable: onCommit(41, 'd'.repeat(40)) })
    expect(inline).toMatchObject({
      noteableType: 'Commit',
      noteableId: 0,
      noteableIid: 0,
      commitId: sha,
      commitLine,
      type: 'LegacyDiffNote',
    })
    const listed = await stores().notes.list(
      onCommit(41),
      { limit: 20, offset: 0 },
      { by: 'created_at', direction: 'asc' },
      false,
    )
    expect(listed.total).toBe(2)
    expect(listed.notes.map((n) => n.id)).toEqual([inline.id, plain.id])
    expect(await stores().notes.find(onCommit(42), plain.id, true)).toBeUndefined()

    const edited = await stores().notes.updateBody(plain, 'edited')
    expect([edited.body, edited.commitId]).toEqual(['edited', sha])
    await stores().notes.delete(plain)
    expect(await stores().notes.find(onCommit(41), plain.id, true)).toBeUndefined()
  })

  it('refuses a note on no noteable or on two', async () => {
    await expect(
      sql`INSERT INTO notes (project_id, author_id, body, discussion_id)
          VALUES (1, 1, 'x', ${'e'.repeat(40)})`.execute(test.db),
    ).rejects.toThrow(/notes_one_noteable/)
    const mr = await insertTestMergeRequest(test.db)
    await expect(
      sql`INSERT INTO notes (merge_request_id, commit_id, project_id, author_id, body, discussion_id)
          VALUES (${mr.id}, ${sha}, 1, 1, 'x', ${'e'.repeat(40)})`.execute(test.db),
    ).rejects.toThrow(/notes_one_noteable/)
  })
})
