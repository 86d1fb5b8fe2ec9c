import { branchUpdatesOf } from './branch-updates.js'

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const ZERO = '0'.repeat(40)

describe('branchUpdatesOf', () => {
  it('makes one update per changed branch, zeros for created and deleted, no tags', () => {
    expect(
      branchUpdatesOf(3, 9, [
        { ref: 'refs/heads/main', oldId: A, newId: B },
        { ref: 'refs/heads/new', oldId: undefined, newId: A },
        { ref: 'refs/heads/gone', oldId: B, newId: undefined },
        { ref: 'refs/tags/v1', oldId: undefined, newId: A },
      ]),
    ).toEqual([
      { projectId: 3, branch: 'main', before: A, after: B, userId: 9 },
      { projectId: 3, branch: 'new', before: ZERO, after: A, userId: 9 },
      { projectId: 3, branch: 'gone', before: B, after: ZERO, userId: 9 },
    ])
    expect(branchUpdatesOf(3, undefined, [{ ref: 'refs/heads/x', oldId: A, newId: B }])).toEqual([
      { projectId: 3, branch: 'x', before: A, after: B },
    ])
  })
})
