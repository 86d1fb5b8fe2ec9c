import { addCommitsBody, diffComparePath, type NoteCommit } from './commit-notes.js'

/** `count` commits, oldest first, with 8-character short ids. */
function commits(count: number, prefix = 'c'): NoteCommit[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `${prefix}${String(i).padStart(39, '0')}`
    return { id, shortId: id.slice(0, 8), title: `Commit ${i}` }
  })
}

const PATH = '/group/app/-/merge_requests/3/diffs?diff_id=7&start_sha=1234567890ab'

function body(input: {
  newCommits?: NoteCommit[]
  existingCommits?: NoteCommit[]
  oldrev?: string
  targetBranch?: string
}): string {
  return addCommitsBody({
    newCommits: input.newCommits ?? [],
    existingCommits: input.existingCommits ?? [],
    oldrev: input.oldrev,
    targetBranch: input.targetBranch ?? 'main',
    comparePath: PATH,
  })
}

describe('addCommitsBody: SystemNotes::CommitService#add_commits', () => {
  it('counts the commits, lists each and links the comparison, a blank line apart', () => {
    const [one] = commits(1)
    expect(body({ newCommits: [one as NoteCommit] })).toBe(
      [
        'added 1 commit',
        `<ul><li>${one?.shortId} - Commit 0</li></ul>`,
        `[Compare with previous version](${PATH})`,
      ].join('\n\n'),
    )
    const two = commits(2)
    expect(body({ newCommits: two }).split('\n\n').slice(0, 2)).toEqual([
      'added 2 commits',
      `<ul><li>${two[0]?.shortId} - Commit 0</li><li>${two[1]?.shortId} - Commit 1</li></ul>`,
    ])
  })

  it('escapes HTML in titles', () => {
    const note = body({
      newCommits: [{ id: 'x', shortId: '12345678', title: '<pre>A & "b"</pre>' }],
    })
    expect(note.split('\n\n')[1]).toBe(
      '<ul><li>12345678 - &lt;pre&gt;A &amp; &quot;b&quot;&lt;/pre&gt;</li></ul>',
    )
  })

  it('lists ten new commits one by one', () => {
    const ten = commits(10)
    const list = body({ newCommits: ten }).split('\n\n')[1] ?? ''
    expect(list.match(/<li>/g)).toHaveLength(10)
    expect(list).not.toContain('earlier')
  })

  it('folds the oldest commits past ten into one "earlier" line', () => {
    const eleven = commits(11)
    const list = body({ newCommits: eleven }).split('\n\n')[1] ?? ''
    expect(list).toMatch(new RegExp(`^<ul><li>${eleven[0]?.shortId} - 1 earlier commit</li>`))
    expect(list.match(/<li>/g)).toHaveLength(11)

    const thirteen = commits(13)
    expect(body({ newCommits: thirteen }).split('\n\n')[1]).toMatch(
      new RegExp(
        `^<ul><li>${thirteen[0]?.shortId}\\.\\.${thirteen[2]?.shortId} - 3 earlier commits</li><li>${thirteen[3]?.shortId} - Commit 3</li>`,
      ),
    )
    expect(body({ newCommits: thirteen, oldrev: '12345678abcd' }).split('\n\n')[1]).toMatch(
      new RegExp(`^<ul><li>12345678\\.\\.\\.${thirteen[2]?.shortId} - 3 earlier commits</li>`),
    )
    // A new branch's oldrev (all zeros) is no range start.
    expect(body({ newCommits: thirteen, oldrev: '0'.repeat(40) }).split('\n\n')[1]).toMatch(
      new RegExp(`^<ul><li>${thirteen[0]?.shortId}\\.\\.${thirteen[2]?.shortId} - 3 earlier`),
    )
  })

  it('summarizes the commits from the target branch in one line first', () => {
    const existing = commits(26, 'e')
    const fresh = commits(1, 'f')
    const oldrev = 'abcdef0123456789'
    expect(body({ newCommits: fresh, existingCommits: existing, oldrev })).toBe(
      [
        'added 27 commits',
        `<ul><li>abcdef01...${existing[25]?.shortId} - 26 commits from branch <code>main</code></li>` +
          `<li>${fresh[0]?.shortId} - Commit 0</li></ul>`,
        `[Compare with previous version](${PATH})`,
      ].join('\n\n'),
    )
    expect(body({ existingCommits: existing, targetBranch: 'group:main' }).split('\n\n')[1]).toBe(
      `<ul><li>${existing[0]?.shortId}..${existing[25]?.shortId} - 26 commits from branch <code>group:main</code></li></ul>`,
    )
    expect(body({ existingCommits: existing.slice(0, 1), oldrev }).split('\n\n')[1]).toBe(
      `<ul><li>${existing[0]?.shortId} - 1 commit from branch <code>main</code></li></ul>`,
    )
  })

  it('starts the "earlier" range at the last existing commit', () => {
    const existing = commits(1, 'e')
    const fresh = commits(13, 'f')
    expect(body({ newCommits: fresh, existingCommits: existing }).split('\n\n')[1]).toMatch(
      new RegExp(
        `^<ul><li>${existing[0]?.shortId} - 1 commit from branch <code>main</code></li><li>${existing[0]?.shortId}\\.\\.\\.${fresh[2]?.shortId} - 3 earlier commits</li>`,
      ),
    )
  })
})

describe('diffComparePath', () => {
  it('names the version and the push start', () => {
    const project = { namespaceFullPath: 'group/sub', path: 'app' }
    expect(diffComparePath(project, 3, 7, 'abc')).toBe(
      '/group/sub/app/-/merge_requests/3/diffs?diff_id=7&start_sha=abc',
    )
    expect(diffComparePath(project, 3, 7, undefined)).toBe(
      '/group/sub/app/-/merge_requests/3/diffs?diff_id=7',
    )
  })
})
