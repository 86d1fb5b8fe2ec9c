import { presentDiffVersion, presentDiffVersionFull } from './diff-version.entity.js'

const at = new Date('2026-11-21T12:00:00.000Z')
const version = {
  id: 1,
  headCommitSha: 'h',
  baseCommitSha: 'b',
  startCommitSha: 's',
  createdAt: at,
  mergeRequestId: 101,
  state: 'collected',
  realSize: '1',
  patchIdSha: 'p',
  commits: [
    {
      id: 'h',
      shortId: 'h',
      title: 'Fix',
      message: 'Fix\n\nSigned-off-by: A\nSigned-off-by: B\n',
      authorName: 'A',
      authorEmail: 'a@example.com',
      authoredDate: at,
      committerName: 'A',
      committerEmail: 'a@example.com',
      committedDate: at,
      parentIds: ['b'],
      trailers: [
        { key: 'Signed-off-by', value: 'A' },
        { key: 'Signed-off-by', value: 'B' },
      ],
    },
  ],
  diffs: [
    {
      oldPath: 'a.txt',
      newPath: 'a.txt',
      aMode: '100644',
      bMode: '100644',
      diff: '@@ -1 +1 @@\n-a\n+b\n',
      newFile: false,
      renamedFile: false,
      deletedFile: false,
      generatedFile: false,
      collapsed: false,
      tooLarge: false,
      binary: false,
      addedLines: 1,
      removedLines: 1,
    },
  ],
}

describe('diff version entities', () => {
  it('lists a version without commits and diffs', () => {
    expect(presentDiffVersion(version)).toEqual({
      id: 1,
      head_commit_sha: 'h',
      base_commit_sha: 'b',
      start_commit_sha: 's',
      created_at: '2026-11-21T12:00:00.000Z',
      merge_request_id: 101,
      state: 'collected',
      real_size: '1',
      patch_id_sha: 'p',
    })
  })

  it('shows one version with commits (last trailer wins) and diff files', () => {
    const json = presentDiffVersionFull(version, 'https://gitlab.example.com/top/app')
    expect(json.commits[0]).toMatchObject({
      id: 'h',
      created_at: '2026-11-21T12:00:00.000Z',
      trailers: { 'Signed-off-by': 'B' },
      extended_trailers: { 'Signed-off-by': ['A', 'B'] },
      web_url: 'https://gitlab.example.com/top/app/-/commit/h',
    })
    expect(json.diffs).toEqual([
      {
        diff: '@@ -1 +1 @@\n-a\n+b\n',
        new_path: 'a.txt',
        old_path: 'a.txt',
        a_mode: '100644',
        b_mode: '100644',
        new_file: false,
        renamed_file: false,
        deleted_file: false,
        generated_file: false,
        collapsed: false,
        too_large: false,
      },
    ])
  })
})
