import { branchUpdatesOf } from './branch-updates.js'

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const ZERO = '0'.repeat(40)

describe('branchUpdatesOf', () => {
  it('makes one update per changed branch or tag, zeros for created and deleted, in order', () => {
    expect(
      branchUpdatesOf(3, 9, [
        { ref: 'refs/heads/main', oldId: A, newId: B },
        { ref: 'refs/heads/new', oldId: undefined, newId: A },
        { ref: 'refs/merge-requests/1/head', oldId: undefined, newId: A },
        { ref: 'refs/heads/gone', oldId: B, newId: undefined },
        { ref: 'refs/tags/v1', oldId: undefined, newId: A },
      ]),
    ).toEqual([
      { projectId: 3, branch: 'main', before: A, after: B, userId: 9, ...branch(0) },
      { projectId: 3, branch: 'new', before: ZERO, after: A, userId: 9, ...branch(1) },
      { projectId: 3, branch: 'gone', before: B, after: ZERO, userId: 9, ...branch(2) },
      { projectId: 3, branch: 'v1', before: ZERO, after: A, userId: 9, ...branch(3), tag: true },
    ])
    expect(branchUpdatesOf(3, undefined, [{ ref: 'refs/heads/x', oldId: A, newId: B }])).toEqual([
      { projectId: 3, branch: 'x', before: A, after: B, ...branch(0) },
    ])
  })

  it('carries the push options of a change (a rebase with skip_ci sends ci.skip)', () => {
    const change = { ref: 'refs/heads/topic', oldId: A, newId: B, pushOptions: ['ci.skip'] }
    expect(branchUpdatesOf(3, 9, [change])).toEqual([
      {
        projectId: 3,
        branch: 'topic',
        before: A,
        after: B,
        userId: 9,
        ...branch(0),
        pushOptions: { ci: ['ci.skip'] },
      },
    ])
  })

  it('carries the push options to every update', () => {
    const [update] = branchUpdatesOf(
      3,
      9,
      [{ ref: 'refs/heads/x', oldId: A, newId: B }],
      ['ci.skip'],
    )
    expect(update?.pushOptions).toEqual({ ci: ['ci.skip'] })
  })
})

function branch(changeIndex: number) {
  return { tag: false, changeIndex }
}
