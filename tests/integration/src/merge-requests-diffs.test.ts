import { join } from 'node:path'
import { api } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import { cloneUrl, commitFile, gitOk, withTempDir } from './support/git'
import {
  commitTo,
  createMergeRequest,
  featureBranch,
  ISO_TIME,
  mrPath,
  projectWithMain,
  SHA,
  waitForDiff,
  waitForMergeRequest,
  waitForMergeStatus,
  type DiffFileJson,
  type DiffVersionJson,
  type MergeRequestJson,
} from './support/merge-requests'
import { commitFiles, type CommitAction } from './support/projects'
import type { ProjectJson } from './support/types'

// Workers (diff collection, merge status) on two shared cores: a test may wait on several.
jest.setTimeout(120_000)

const VERSION_NOT_FOUND = [
  { message: '404 Not found' },
  { message: '404 Merge request diff Not Found' },
]

interface ChangesJson extends MergeRequestJson {
  changes: DiffFileJson[]
  overflow: boolean
}

/**
 * Diff versions, diffs, changes and raw diffs as the diff-collection worker
 * records them, and the merge-status worker's answers after pushes.
 *
 * main: README.md, keep.txt, old.txt, script.sh, conflict.txt, .gitattributes (gen/** generated)
 * feature (2 commits): keep.txt -> renamed.txt, old.txt deleted, new.txt added,
 *   script.sh made executable, gen/out.js added (generated)
 */
describe('merge request diffs', () => {
  let owner: UserWithToken
  let project: ProjectJson
  let baseSha: string
  let firstSha: string
  let head: string
  let mr: MergeRequestJson
  let created: MergeRequestJson

  const trailers = [
    'Signed-off-by: Ann Example <ann@example.com>',
    'Reviewed-by: Bea Example <bea@example.com>',
    'Reviewed-by: Cy Example <cy@example.com>',
  ]

  beforeAll(async () => {
    owner = await createUserWithToken()
    ;({ project } = await projectWithMain(owner))
    baseSha = (
      await commitFiles(owner.token, project.id, 'main', [
        { action: 'create', file_path: 'keep.txt', content: 'kept content\n'.repeat(20) },
        { action: 'create', file_path: 'old.txt', content: 'old\n' },
        { action: 'create', file_path: 'script.sh', content: 'echo hi\n' },
        { action: 'create', file_path: 'conflict.txt', content: 'line\n' },
        { action: 'create', file_path: '.gitattributes', content: 'gen/** gitlab-generated\n' },
      ])
    ).id
    firstSha = await featureBranch(owner.token, project.id, 'feature', [
      { action: 'move', previous_path: 'keep.txt', file_path: 'renamed.txt' },
      { action: 'delete', file_path: 'old.txt' },
      { action: 'create', file_path: 'new.txt', content: 'hello\n' },
    ])
    head = (
      await commitFiles(
        owner.token,
        project.id,
        'feature',
        [
          { action: 'chmod', file_path: 'script.sh', execute_filemode: true } as CommitAction,
          { action: 'create', file_path: 'gen/out.js', content: 'var generated = 1\n' },
        ],
        { commit_message: `Second commit\n\nWith a body.\n\n${trailers.join('\n')}\n` },
      )
    ).id
    created = await createMergeRequest(owner.token, project.id, {
      source_branch: 'feature',
      target_branch: 'main',
      title: 'Diff fixture',
    })
    mr = await waitForDiff(owner.token, project.id, created.iid, head)
  }, 120_000)

  const path = (tail: string) => mrPath(project.id, mr.iid, tail)
  const byPath = (files: DiffFileJson[], name: string) =>
    files.find((file) => file.new_path === name || file.old_path === name) as DiffFileJson

  it('diff_refs and changes_count are empty at creation, then filled by the worker', () => {
    expect(created.changes_count ?? null).toBeNull()
    const refs = created.diff_refs ?? null
    expect(refs === null || Object.values(refs).every((sha) => sha === null)).toBe(true)
    expect(mr.diff_refs).toEqual({ base_sha: baseSha, head_sha: head, start_sha: baseSha })
    expect(mr.sha).toBe(head)
    expect(mr.changes_count).toBe('5')
  })

  it('GET .../versions lists one version without commits and diffs', async () => {
    const res = await api<DiffVersionJson[]>(path('/versions'), { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(1)
    const version = res.body[0] as DiffVersionJson
    expect(version).toEqual({
      id: expect.any(Number),
      head_commit_sha: head,
      base_commit_sha: baseSha,
      start_commit_sha: baseSha,
      created_at: expect.stringMatching(ISO_TIME),
      merge_request_id: mr.id,
      state: 'collected',
      real_size: '5',
      patch_id_sha: expect.stringMatching(SHA),
    })
  })

  it('GET .../versions/:version_id adds the commits (newest first, with trailers) and the diffs', async () => {
    const [listed] = (await api<DiffVersionJson[]>(path('/versions'), { token: owner.token })).body
    const res = await api<DiffVersionJson>(path(`/versions/${listed?.id}`), { token: owner.token })
    expect(res.status).toBe(200)
    const version = res.body
    expect(version).toMatchObject({ id: listed?.id, head_commit_sha: head, state: 'collected' })
    const commits = version.commits ?? []
    expect(commits.map((commit) => commit.id)).toEqual([head, firstSha])
    const [second] = commits
    expect(second).toEqual(
      expect.objectContaining({
        id: head,
        short_id: head.slice(0, 8),
        title: 'Second commit',
        message: expect.stringContaining('With a body.'),
        author_name: expect.any(String),
        author_email: expect.any(String),
        committer_name: expect.any(String),
        committer_email: expect.any(String),
        parent_ids: [firstSha],
        web_url: `${project.web_url}/-/commit/${head}`,
        // Duplicate keys keep only the last value.
        trailers: {
          'Signed-off-by': 'Ann Example <ann@example.com>',
          'Reviewed-by': 'Cy Example <cy@example.com>',
        },
        extended_trailers: {
          'Signed-off-by': ['Ann Example <ann@example.com>'],
          'Reviewed-by': ['Bea Example <bea@example.com>', 'Cy Example <cy@example.com>'],
        },
      }),
    )
    for (const field of ['created_at', 'authored_date', 'committed_date'] as const) {
      expect(second?.[field]).toMatch(ISO_TIME)
    }
    expect(second?.created_at).toBe(second?.committed_date)
    expect(commits[1]?.trailers).toEqual({})
    expect((version.diffs ?? []).map((file) => file.new_path).sort()).toEqual(
      ['gen/out.js', 'new.txt', 'renamed.txt', 'old.txt', 'script.sh'].sort(),
    )
  })

  it('marks new, deleted, renamed, mode-changed and generated files', async () => {
    const res = await api<DiffFileJson[]>(path('/diffs'), { token: owner.token })
    expect(res.status).toBe(200)
    const files = res.body
    expect(files).toHaveLength(5)
    expect(byPath(files, 'new.txt')).toMatchObject({
      old_path: 'new.txt',
      new_path: 'new.txt',
      a_mode: '0',
      b_mode: '100644',
      new_file: true,
      renamed_file: false,
      deleted_file: false,
      generated_file: false,
      diff: '@@ -0,0 +1 @@\n+hello\n',
    })
    expect(byPath(files, 'old.txt')).toMatchObject({
      old_path: 'old.txt',
      a_mode: '100644',
      b_mode: '0',
      new_file: false,
      deleted_file: true,
      renamed_file: false,
      diff: '@@ -1 +0,0 @@\n-old\n',
    })
    expect(byPath(files, 'renamed.txt')).toMatchObject({
      old_path: 'keep.txt',
      new_path: 'renamed.txt',
      a_mode: '100644',
      b_mode: '100644',
      renamed_file: true,
      new_file: false,
      deleted_file: false,
      diff: '',
    })
    expect(byPath(files, 'script.sh')).toMatchObject({
      a_mode: '100644',
      b_mode: '100755',
      new_file: false,
      renamed_file: false,
      deleted_file: false,
    })
    expect(byPath(files, 'gen/out.js')).toMatchObject({ new_file: true, generated_file: true })
    for (const file of files) {
      expect([file.new_path, file.collapsed, file.too_large]).toEqual([file.new_path, false, false])
    }
  })

  it('unidiff=true prefixes the unified headers', async () => {
    const res = await api<DiffFileJson[]>(path('/diffs'), {
      token: owner.token,
      query: { unidiff: true },
    })
    expect(byPath(res.body, 'new.txt').diff).toBe(
      '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+hello\n',
    )
    expect(byPath(res.body, 'old.txt').diff).toBe(
      '--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-old\n',
    )
  })

  it('GET .../diffs pages with page and per_page', async () => {
    const first = await api<DiffFileJson[]>(path('/diffs'), {
      token: owner.token,
      query: { per_page: 2, page: 1 },
    })
    const third = await api<DiffFileJson[]>(path('/diffs'), {
      token: owner.token,
      query: { per_page: 2, page: 3 },
    })
    expect(first.body).toHaveLength(2)
    expect(third.body).toHaveLength(1)
    expect(first.headers.get('x-per-page')).toBe('2')
    const paths = new Set([...first.body, ...third.body].map((file) => file.new_path))
    expect(paths.size).toBe(3)
  })

  it('GET .../changes: the merge request, its changes and overflow false', async () => {
    const res = await api<ChangesJson>(path('/changes'), { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: mr.id,
      iid: mr.iid,
      changes_count: '5',
      overflow: false,
      diff_refs: { base_sha: baseSha, head_sha: head, start_sha: baseSha },
    })
    expect(res.body.changes).toHaveLength(5)
    expect(byPath(res.body.changes, 'renamed.txt')).toMatchObject({
      old_path: 'keep.txt',
      renamed_file: true,
    })
    const raw = await api<ChangesJson>(path('/changes'), {
      token: owner.token,
      query: { access_raw_diffs: true },
    })
    expect(raw.status).toBe(200)
    expect(raw.body.changes.map((file) => file.new_path).sort()).toEqual(
      res.body.changes.map((file) => file.new_path).sort(),
    )
  })

  it('GET .../raw_diffs answers the plain-text patch', async () => {
    const res = await api(path('/raw_diffs'), { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(res.text).toContain('diff --git a/new.txt b/new.txt\nnew file mode 100644\n')
    expect(res.text).toContain('+hello\n')
    expect(res.text).toContain('deleted file mode 100644')
    expect(res.text).toContain('rename from keep.txt\nrename to renamed.txt')
    expect(res.text).toContain('old mode 100644\nnew mode 100755')
  })

  it('404 for an unknown version and for another request’s version', async () => {
    const unknown = await api(path('/versions/999999999'), { token: owner.token })
    expect(unknown.status).toBe(404)
    expect(VERSION_NOT_FOUND).toContainEqual(unknown.body)
  })

  it('a git push to the source branch records a new version and a new merge status', async () => {
    const branch = uniqueName('pushed')
    const first = await featureBranch(owner.token, project.id, branch)
    const pushed = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'Pushed to',
    })
    await waitForMergeStatus(owner.token, project.id, pushed.iid, first, 'can_be_merged')

    const second = await withTempDir(async (dir) => {
      const url = cloneUrl(project.path_with_namespace, {
        username: owner.user.username,
        token: owner.token,
      })
      await gitOk(['clone', '-q', '--branch', branch, url, 'wt'], dir)
      const wt = join(dir, 'wt')
      const sha = await commitFile(wt, 'pushed.txt', 'pushed\n', 'Pushed with git')
      await gitOk(['push', '-q', 'origin', branch], wt)
      return sha
    })
    const after = await waitForMergeStatus(
      owner.token,
      project.id,
      pushed.iid,
      second,
      'can_be_merged',
    )
    expect(after.diff_refs?.head_sha).toBe(second)
    expect(after.changes_count).toBe('2')

    const versions = await api<DiffVersionJson[]>(mrPath(project.id, pushed.iid, '/versions'), {
      token: owner.token,
    })
    expect(versions.body.map((version) => version.head_commit_sha)).toEqual([second, first])
    expect(versions.body[0]?.id).toBeGreaterThan(versions.body[1]?.id ?? Infinity)
    expect(versions.body[0]?.real_size).toBe('2')
  })

  it('a push to the target branch records a version with the new start SHA', async () => {
    const target = uniqueName('target')
    const targetStart = await featureBranch(owner.token, project.id, target, [
      { action: 'create', file_path: `${target}.md`, content: 't\n' },
    ])
    const source = uniqueName('src')
    const sourceHead = await featureBranch(owner.token, project.id, source, undefined, target)
    const created = await createMergeRequest(owner.token, project.id, {
      source_branch: source,
      target_branch: target,
      title: 'Target moves',
    })
    await waitForDiff(owner.token, project.id, created.iid, sourceHead)
    const moved = await commitTo(owner.token, project.id, target, [
      { action: 'create', file_path: 'elsewhere.md', content: 'e\n' },
    ])
    const after = await waitForMergeRequest(
      owner.token,
      project.id,
      created.iid,
      `start_sha ${moved}`,
      (item) => item.diff_refs?.start_sha === moved,
    )
    expect(after.diff_refs).toEqual({
      base_sha: targetStart,
      head_sha: sourceHead,
      start_sha: moved,
    })
    const versions = await api<DiffVersionJson[]>(mrPath(project.id, created.iid, '/versions'), {
      token: owner.token,
    })
    expect(versions.body.map((version) => version.start_commit_sha)).toEqual([moved, targetStart])
  })

  it('a branch that conflicts with its target: cannot_be_merged and has_conflicts true', async () => {
    const branch = uniqueName('conflict')
    const branchHeadSha = await featureBranch(owner.token, project.id, branch, [
      { action: 'update', file_path: 'conflict.txt', content: 'from the branch\n' },
    ])
    const conflicting = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'Conflicting',
    })
    await commitTo(owner.token, project.id, 'main', [
      { action: 'update', file_path: 'conflict.txt', content: 'from main\n' },
    ])
    const result = await waitForMergeRequest(
      owner.token,
      project.id,
      conflicting.iid,
      'cannot_be_merged',
      (item) => item.sha === branchHeadSha && item.merge_status === 'cannot_be_merged',
    )
    expect(result).toMatchObject({ has_conflicts: true, detailed_merge_status: 'conflict' })
    const listed = await api<MergeRequestJson[]>(mrPath(project.id), {
      token: owner.token,
      query: { iids: [conflicting.iid] },
    })
    expect(listed.body[0]).toMatchObject({ has_conflicts: true, merge_status: 'cannot_be_merged' })
  })

  it('a file over the patch size limit is too_large with an empty diff', async () => {
    const branch = uniqueName('large')
    const big = Array.from({ length: 12_000 }, (_, i) => `line ${i} ${'x'.repeat(20)}`).join('\n')
    const sha = await featureBranch(owner.token, project.id, branch, [
      { action: 'create', file_path: 'big.txt', content: `${big}\n` },
      { action: 'create', file_path: 'small.txt', content: 'small\n' },
    ])
    const large = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'Large file',
    })
    await waitForDiff(owner.token, project.id, large.iid, sha)
    const res = await api<DiffFileJson[]>(mrPath(project.id, large.iid, '/diffs'), {
      token: owner.token,
    })
    expect(byPath(res.body, 'big.txt')).toMatchObject({ too_large: true, diff: '' })
    expect(byPath(res.body, 'small.txt')).toMatchObject({
      too_large: false,
      diff: '@@ -0,0 +1 @@\n+small\n',
    })
  })

  it('more files than the diff limit: overflow, state overflow, changes_count "1000+"', async () => {
    const branch = uniqueName('many')
    const actions = Array.from({ length: 1005 }, (_, i) => ({
      action: 'create' as const,
      file_path: `many/f${String(i).padStart(4, '0')}.txt`,
      content: `${i}\n`,
    }))
    const sha = await featureBranch(owner.token, project.id, branch, actions)
    const many = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: 'Many files',
    })
    const ready = await waitForDiff(owner.token, project.id, many.iid, sha)
    expect(ready.changes_count).toBe('1000+')
    const versions = await api<DiffVersionJson[]>(mrPath(project.id, many.iid, '/versions'), {
      token: owner.token,
    })
    expect(versions.body[0]).toMatchObject({ state: 'overflow', real_size: '1000+' })
    const changes = await api<ChangesJson>(mrPath(project.id, many.iid, '/changes'), {
      token: owner.token,
    })
    expect(changes.body.overflow).toBe(true)
    expect(changes.body.changes.length).toBeLessThanOrEqual(1000)
  })
})
