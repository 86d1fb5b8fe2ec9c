import type { Commit } from '@suite/proto'
import { presentBranch } from './branch.entity.js'
import { presentCommit } from './commit.entity.js'
import { presentTag } from './tag.entity.js'

const date = new Date('2026-01-02T03:04:05.000Z')
const commit: Commit = {
  id: 'a'.repeat(40),
  shortId: 'aaaaaaaa',
  title: 'Add b',
  message: 'Add b\n\nbody',
  authorName: 'Ada',
  authorEmail: 'ada@example.com',
  authoredDate: date,
  committerName: 'Ada',
  committerEmail: 'ada@example.com',
  committedDate: date,
  parentIds: ['b'.repeat(40)],
  trailers: [],
}
const project = { webUrl: 'http://gitlab.test/root/demo' }

const commitJson = {
  id: 'a'.repeat(40),
  short_id: 'aaaaaaaa',
  created_at: '2026-01-02T03:04:05.000Z',
  parent_ids: ['b'.repeat(40)],
  title: 'Add b',
  message: 'Add b\n\nbody',
  author_name: 'Ada',
  author_email: 'ada@example.com',
  authored_date: '2026-01-02T03:04:05.000Z',
  committer_name: 'Ada',
  committer_email: 'ada@example.com',
  committed_date: '2026-01-02T03:04:05.000Z',
  trailers: {},
  extended_trailers: {},
  web_url: `http://gitlab.test/root/demo/-/commit/${'a'.repeat(40)}`,
}

describe('repository presenters', () => {
  it('presents a commit as Entities::Commit', () => {
    expect(presentCommit(commit, project)).toEqual(commitJson)
  })

  it('presents a lightweight tag with null message and created_at', () => {
    const tag = {
      name: 'v1',
      message: undefined,
      target: commit.id,
      commit,
      createdAt: undefined,
      annotated: false,
    }
    expect(presentTag(tag, project)).toEqual({
      name: 'v1',
      message: null,
      target: commit.id,
      commit: commitJson,
      release: null,
      protected: false,
      created_at: null,
    })
  })

  it('presents an annotated tag with its message and creation time', () => {
    const tag = {
      name: 'v2',
      message: 'Release',
      target: 'c'.repeat(40),
      commit,
      createdAt: date,
      annotated: true,
    }
    expect(presentTag(tag, project)).toMatchObject({
      message: 'Release',
      target: 'c'.repeat(40),
      created_at: '2026-01-02T03:04:05.000Z',
    })
  })

  it('presents a branch as Entities::Branch', () => {
    const branch = {
      name: 'feature/x',
      commit,
      merged: true,
      default: false,
      protected: true,
      developersCanPush: false,
      developersCanMerge: true,
      canPush: true,
      canMerge: true,
      canForcePush: true,
    }
    expect(presentBranch(branch, project)).toEqual({
      name: 'feature/x',
      commit: commitJson,
      merged: true,
      protected: true,
      developers_can_push: false,
      developers_can_merge: true,
      can_push: true,
      default: false,
      web_url: 'http://gitlab.test/root/demo/-/tree/feature/x',
    })
  })
})
