import { Note } from '@suite/proto'
import { contextFixture, userFixture } from '../testing/fixtures.js'
import { presentCommitNote } from './commit-note.entity.js'
import { presentNote } from './note.entity.js'

const ctx = contextFixture({ users: new Map([[2, userFixture()]]) })
const created = new Date('2026-12-01T01:00:00.000Z')
const sha = 'a'.repeat(40)

const commitNote = (fields: Partial<Note>) =>
  Note.fromPartial({
    id: 5,
    body: 'Nice',
    authorId: 2,
    createdAt: created,
    updatedAt: created,
    noteableType: 'Commit',
    commitId: sha,
    projectId: 3,
    discussionId: 'd'.repeat(40),
    ...fields,
  })

describe('presentCommitNote: API::Entities::CommitNote', () => {
  it('presents a plain comment with null path, line and line_type', () => {
    const json = presentCommitNote(commitNote({}), ctx)
    expect(Object.keys(json)).toEqual(['note', 'path', 'line', 'line_type', 'author', 'created_at'])
    expect(json).toMatchObject({
      note: 'Nice',
      path: null,
      line: null,
      line_type: null,
      author: { id: 2 },
      created_at: '2026-12-01T01:00:00.000Z',
    })
  })

  it('presents the diff line of an inline comment', () => {
    const note = commitNote({
      type: 'LegacyDiffNote',
      commitLine: { path: 'README.md', line: 2, lineType: 'new' },
    })
    expect(presentCommitNote(note, ctx)).toMatchObject({
      path: 'README.md',
      line: 2,
      line_type: 'new',
    })
  })
})

describe('presentNote of a commit note', () => {
  it('names the commit and has no noteable id or iid', () => {
    expect(presentNote(commitNote({}), ctx)).toMatchObject({
      noteable_type: 'Commit',
      noteable_id: null,
      noteable_iid: null,
      commit_id: sha,
      type: null,
    })
  })
})
