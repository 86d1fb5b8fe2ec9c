import { createHash } from 'node:crypto'
import { api, apiUrl } from './support/api'
import { createUserWithToken, createToken, type UserWithToken } from './support/factories'
import { FORBIDDEN, INSUFFICIENT_SCOPE, UNAUTHORIZED, notFound } from './support/gitlab-errors'
import {
  addProjectMember,
  commitFiles,
  createBranch,
  createProject,
  projectWithReadme,
} from './support/projects'
import { createMergeRequest, mrPath, waitForDiff } from './support/merge-requests'
import type { CommitJson, ProjectJson } from './support/types'

interface TreeObjectJson {
  id: string
  name: string
  type: string
  path: string
  mode: string
}

const SHA = /^[0-9a-f]{40}$/
const BINARY = Buffer.from([0, 1, 2, 255, 254, 10, 0])

interface FileJson {
  file_name: string
  file_path: string
  size: number
  encoding: string
  content: string
  content_sha256: string
  ref: string
  blob_id: string
  commit_id: string
  last_commit_id: string
  execute_filemode: boolean
}

describe('GET /version and /metadata', () => {
  it('answer any signed-in token, read_user included, and 401 anonymous callers', async () => {
    const user = await createUserWithToken(['read_user'])
    for (const path of ['/version', '/metadata']) {
      const res = await api(path, { token: user.token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        version: expect.stringMatching(/^\d+\.\d+\.\d+-suite$/),
        revision: expect.stringMatching(/^([0-9a-f]{7,11}|unknown)$/),
        kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
        enterprise: false,
      })
      const anonymous = await api(path)
      expect(anonymous.status).toBe(401)
      expect(anonymous.body).toEqual(UNAUTHORIZED)
    }
  })
})

describe('repository tree and files', () => {
  let owner: UserWithToken
  let project: ProjectJson
  let head: CommitJson
  let binary: CommitJson

  beforeAll(async () => {
    ;({ owner, project } = await projectWithReadme({ visibility: 'private' }))
    head = await commitFiles(owner.token, project.id, 'main', [
      { action: 'create', file_path: 'lib/deep/b.ts', content: 'export const b = 2\n' },
      { action: 'create', file_path: 'lib/a.ts', content: 'export const a = 1\n' },
      { action: 'create', file_path: 'docs/guide file.md', content: '# Guide\n' },
    ])
    binary = await commitFiles(owner.token, project.id, 'main', [
      {
        action: 'create',
        file_path: 'bin/blob.dat',
        content: BINARY.toString('base64'),
        encoding: 'base64',
      },
    ])
  })

  const tree = () => `/projects/${project.id}/repository/tree`

  describe('GET /projects/:id/repository/tree', () => {
    it('lists the default branch root, trees first, with ids and modes', async () => {
      const res = await api<TreeObjectJson[]>(tree(), { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.body.map(({ name, type, path, mode }) => [name, type, path, mode])).toEqual([
        ['bin', 'tree', 'bin', '040000'],
        ['docs', 'tree', 'docs', '040000'],
        ['lib', 'tree', 'lib', '040000'],
        ['README.md', 'blob', 'README.md', '100644'],
      ])
      for (const entry of res.body) expect(entry.id).toMatch(SHA)
      expect(res.headers.get('x-total')).toBe('4')
      expect(res.headers.get('x-page')).toBe('1')
    })

    it('lists a directory, recursively, and paginates with GitLab headers', async () => {
      const lib = await api<TreeObjectJson[]>(tree(), {
        token: owner.token,
        query: { path: 'lib', ref: head.id },
      })
      expect(lib.body.map((entry) => entry.path)).toEqual(['lib/deep', 'lib/a.ts'])
      const all = await api<TreeObjectJson[]>(tree(), {
        token: owner.token,
        query: { recursive: true, per_page: 2, page: 2, ref: head.id },
      })
      expect(all.status).toBe(200)
      // docs, lib, lib/deep | docs/guide file.md, ... (trees first, then blobs)
      expect(all.body.map((entry) => entry.path)).toEqual(['lib/deep', 'README.md'])
      expect(all.headers.get('x-total')).toBe('7')
      expect(all.headers.get('x-total-pages')).toBe('4')
      expect(all.headers.get('x-next-page')).toBe('3')
      expect(all.headers.get('x-prev-page')).toBe('1')
    })

    it('answers 404 Tree Not Found for a missing ref, path or an empty repository', async () => {
      for (const query of [{ ref: 'no-such-branch' }, { path: 'nowhere' }, { path: 'README.md' }]) {
        const res = await api(tree(), { token: owner.token, query })
        expect(res.status).toBe(404)
        expect(res.body).toEqual(notFound('Tree'))
      }
      const empty = await createProject(owner.token)
      const res = await api(`/projects/${empty.id}/repository/tree`, { token: owner.token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound('Tree'))
    })

    it('is hidden from strangers of a private project and refused without a read scope', async () => {
      const stranger = await createUserWithToken()
      const hidden = await api(tree(), { token: stranger.token })
      expect(hidden.status).toBe(404)
      expect(hidden.body).toEqual(notFound('Project'))
      const scoped = await createToken(owner.user.id, ['read_user'])
      const refused = await api(tree(), { token: scoped.token })
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject(INSUFFICIENT_SCOPE)
    })
  })

  describe('GET /projects/:id/repository/files/:file_path', () => {
    const file = (path: string) =>
      `/projects/${project.id}/repository/files/${encodeURIComponent(path)}`

    it("reads a file back as GitLab's entity, its path URL-encoded", async () => {
      const res = await api<FileJson>(file('lib/deep/b.ts'), {
        token: owner.token,
        query: { ref: 'main' },
      })
      expect(res.status).toBe(200)
      const content = 'export const b = 2\n'
      expect(res.body).toEqual({
        file_name: 'b.ts',
        file_path: 'lib/deep/b.ts',
        size: content.length,
        encoding: 'base64',
        content: Buffer.from(content).toString('base64'),
        content_sha256: createHash('sha256').update(content).digest('hex'),
        ref: 'main',
        blob_id: expect.stringMatching(SHA),
        commit_id: binary.id,
        last_commit_id: head.id,
        execute_filemode: false,
      })
      const listed = await api<TreeObjectJson[]>(tree(), {
        token: owner.token,
        query: { path: 'lib/deep' },
      })
      expect(listed.body[0]?.id).toBe(res.body.blob_id)
    })

    it('reads at a tag-less commit id and a name with a space', async () => {
      const res = await api<FileJson>(file('docs/guide file.md'), {
        token: owner.token,
        query: { ref: head.id },
      })
      expect(res.status).toBe(200)
      expect(Buffer.from(res.body.content, 'base64').toString()).toBe('# Guide\n')
      expect(res.body).toMatchObject({ commit_id: head.id, file_name: 'guide file.md' })
    })

    it('answers 404 File Not Found, 404 Commit Not Found and 400 without ref', async () => {
      const missingFile = await api(file('lib/nope.ts'), {
        token: owner.token,
        query: { ref: 'main' },
      })
      expect(missingFile.status).toBe(404)
      expect(missingFile.body).toEqual(notFound('File'))
      const directory = await api(file('lib'), { token: owner.token, query: { ref: 'main' } })
      expect(directory.status).toBe(404)
      expect(directory.body).toEqual(notFound('File'))
      const missingRef = await api(file('README.md'), {
        token: owner.token,
        query: { ref: 'nope' },
      })
      expect(missingRef.status).toBe(404)
      expect(missingRef.body).toEqual(notFound('Commit'))
      const noRef = await api(file('README.md'), { token: owner.token })
      expect(noRef.status).toBe(400)
      expect(noRef.body).toEqual({ error: 'ref is missing' })
    })

    it('answers HEAD with the X-Gitlab-* headers only', async () => {
      const res = await api(file('lib/a.ts'), {
        method: 'HEAD',
        token: owner.token,
        query: { ref: 'main' },
      })
      expect(res.status).toBe(200)
      expect(res.text).toBe('')
      expect(res.headers.get('x-gitlab-file-path')).toBe('lib/a.ts')
      expect(res.headers.get('x-gitlab-commit-id')).toBe(binary.id)
      expect(res.headers.get('x-gitlab-last-commit-id')).toBe(head.id)
      expect(res.headers.get('x-gitlab-size')).toBe(String('export const a = 1\n'.length))
      expect(res.headers.get('x-gitlab-blob-id')).toMatch(SHA)
    })

    it('serves /raw bytes untouched, on the default branch when no ref is given', async () => {
      const raw = await fetch(apiUrl(`${file('bin/blob.dat')}/raw`), {
        headers: { 'PRIVATE-TOKEN': owner.token },
      })
      expect(raw.status).toBe(200)
      expect(raw.headers.get('content-type')).toBe('application/octet-stream')
      expect(Buffer.from(await raw.arrayBuffer())).toEqual(BINARY)
      const text = await api(`${file('README.md')}/raw`, {
        token: owner.token,
        query: { ref: 'main' },
      })
      expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(text.text.length).toBeGreaterThan(0)
      expect(text.headers.get('x-gitlab-file-name')).toBe('README.md')
    })

    it('is hidden from strangers of a private project', async () => {
      const stranger = await createUserWithToken()
      const res = await api(file('README.md'), { token: stranger.token, query: { ref: 'main' } })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound('Project'))
    })
  })

  describe('GET /projects/:id/repository/compare', () => {
    let forkPoint: string
    let first: CommitJson
    let second: CommitJson
    let mainOnly: CommitJson

    beforeAll(async () => {
      const branch = await createBranch(owner.token, project.id, 'compare-feature', 'main')
      forkPoint = branch.commit.id
      first = await commitFiles(owner.token, project.id, 'compare-feature', [
        { action: 'create', file_path: 'feature.txt', content: 'one\n' },
      ])
      second = await commitFiles(owner.token, project.id, 'compare-feature', [
        { action: 'update', file_path: 'feature.txt', content: 'two\n' },
      ])
      mainOnly = await commitFiles(owner.token, project.id, 'main', [
        { action: 'create', file_path: 'main-only.txt', content: 'main\n' },
      ])
    })

    const compare = () => `/projects/${project.id}/repository/compare`

    interface CompareJson {
      commit: CommitJson | null
      commits: CommitJson[]
      diffs: { new_path: string; diff: string; new_file: boolean }[]
      compare_timeout: boolean
      compare_same_ref: boolean
      web_url: string
    }

    it('lists the commits of to oldest first and the diff from the merge base', async () => {
      const res = await api<CompareJson>(compare(), {
        token: owner.token,
        query: { from: 'main', to: 'compare-feature' },
      })
      expect(res.status).toBe(200)
      expect(res.body.commits.map((commit) => commit.id)).toEqual([first.id, second.id])
      expect(res.body.commit?.id).toBe(second.id)
      expect(res.body.diffs.map((diff) => [diff.new_path, diff.new_file])).toEqual([
        ['feature.txt', true],
      ])
      expect(res.body.diffs[0]?.diff).toContain('+two')
      expect(res.body).toMatchObject({ compare_timeout: false, compare_same_ref: false })
      expect(res.body.web_url).toBe(`${project.web_url}/-/compare/${forkPoint}...${second.id}`)
    })

    it('diffs from `from` itself when straight', async () => {
      const res = await api<CompareJson>(compare(), {
        token: owner.token,
        query: { from: mainOnly.id, to: 'compare-feature', straight: true },
      })
      expect(res.status).toBe(200)
      expect(res.body.commits.map((commit) => commit.id)).toEqual([first.id, second.id])
      expect(res.body.diffs.map((diff) => diff.new_path).sort()).toEqual([
        'feature.txt',
        'main-only.txt',
      ])
      expect(res.body.web_url).toBe(`${project.web_url}/-/compare/${mainOnly.id}...${second.id}`)
    })

    it('says compare_same_ref for the same commit and 404 Ref Not Found for an unknown ref', async () => {
      const same = await api<CompareJson>(compare(), {
        token: owner.token,
        query: { from: 'main', to: mainOnly.id },
      })
      expect(same.body).toMatchObject({
        commit: null,
        commits: [],
        diffs: [],
        compare_same_ref: true,
      })
      const reverse = await api<CompareJson>(compare(), {
        token: owner.token,
        query: { from: second.id, to: first.id },
      })
      expect(reverse.body).toMatchObject({ commits: [], diffs: [], compare_same_ref: false })
      for (const query of [
        { from: 'nope', to: 'main' },
        { from: 'main', to: 'nope' },
      ]) {
        const res = await api(compare(), { token: owner.token, query })
        expect(res.status).toBe(404)
        expect(res.body).toEqual(notFound('Ref'))
      }
    })
  })

  describe('GET /projects/:id/merge_requests/:iid/commits', () => {
    it("lists the merge request's commits newest first, paginated, as Entities::Commit", async () => {
      const branch = await createBranch(owner.token, project.id, 'mr-commits', 'main')
      const one = await commitFiles(owner.token, project.id, 'mr-commits', [
        { action: 'create', file_path: 'mr-one.txt', content: '1\n' },
      ])
      const two = await commitFiles(owner.token, project.id, 'mr-commits', [
        { action: 'create', file_path: 'mr-two.txt', content: '2\n' },
      ])
      const created = await createMergeRequest(owner.token, project.id, {
        source_branch: 'mr-commits',
        target_branch: 'main',
        title: 'Two commits',
      })
      await waitForDiff(owner.token, project.id, created.iid, two.id)
      const res = await api<CommitJson[]>(mrPath(project.id, created.iid, '/commits'), {
        token: owner.token,
      })
      expect(res.status).toBe(200)
      expect(res.body.map((commit) => commit.id)).toEqual([two.id, one.id])
      expect(res.body[0]).toMatchObject({
        short_id: two.id.slice(0, 8),
        title: 'Commit on mr-commits',
        web_url: `${project.web_url}/-/commit/${two.id}`,
      })
      expect(res.body.map((commit) => commit.id)).not.toContain(branch.commit.id)
      const paged = await api<CommitJson[]>(mrPath(project.id, created.iid, '/commits'), {
        token: owner.token,
        query: { per_page: 1, page: 2 },
      })
      expect(paged.body.map((commit) => commit.id)).toEqual([one.id])
      expect(paged.headers.get('x-total')).toBe('2')
      const stranger = await createUserWithToken()
      const hidden = await api(mrPath(project.id, created.iid, '/commits'), {
        token: stranger.token,
      })
      expect(hidden.status).toBe(404)
    }, 60_000)
  })
})

describe('POST/PUT/DELETE /projects/:id/repository/files/:file_path', () => {
  let owner: UserWithToken
  let project: ProjectJson
  const file = (path: string) =>
    `/projects/${project.id}/repository/files/${encodeURIComponent(path)}`
  const read = (path: string, ref = 'main') =>
    api<FileJson>(file(path), { token: owner.token, query: { ref } })

  beforeAll(async () => {
    ;({ owner, project } = await projectWithReadme({ visibility: 'private' }))
  })

  it('creates, updates and deletes a file, each in a commit of its own', async () => {
    const created = await api(file('src/run.sh'), {
      method: 'POST',
      token: owner.token,
      body: {
        branch: 'main',
        commit_message: 'add run.sh',
        content: Buffer.from('echo 1\n').toString('base64'),
        encoding: 'base64',
        execute_filemode: true,
      },
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ file_path: 'src/run.sh', branch: 'main' })
    const first = await read('src/run.sh')
    expect(Buffer.from(first.body.content, 'base64').toString()).toBe('echo 1\n')
    expect(first.body.execute_filemode).toBe(true)
    const commit = await api<CommitJson>(
      `/projects/${project.id}/repository/commits/${first.body.last_commit_id}`,
      { token: owner.token },
    )
    expect(commit.body).toMatchObject({ title: 'add run.sh', author_name: owner.user.name })

    const updated = await api(file('src/run.sh'), {
      method: 'PUT',
      token: owner.token,
      body: {
        branch: 'main',
        commit_message: 'edit',
        content: 'echo 2\n',
        last_commit_id: first.body.last_commit_id,
        execute_filemode: false,
        author_name: 'Someone Else',
        author_email: 'else@example.com',
      },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toEqual({ file_path: 'src/run.sh', branch: 'main' })
    const second = await read('src/run.sh')
    expect(Buffer.from(second.body.content, 'base64').toString()).toBe('echo 2\n')
    expect(second.body.execute_filemode).toBe(false)
    expect(second.body.last_commit_id).not.toBe(first.body.last_commit_id)

    // The editor who started from the first version is told the file moved on.
    const stale = await api(file('src/run.sh'), {
      method: 'PUT',
      token: owner.token,
      body: {
        branch: 'main',
        commit_message: 'late',
        content: 'echo 3\n',
        last_commit_id: first.body.last_commit_id,
      },
    })
    expect(stale.status).toBe(400)
    expect(stale.body).toEqual({
      message: 'You are attempting to update a file that has changed since you started editing it.',
    })

    const deleted = await api(file('src/run.sh'), {
      method: 'DELETE',
      token: owner.token,
      body: { branch: 'main', commit_message: 'remove' },
    })
    expect(deleted.status).toBe(204)
    expect((await read('src/run.sh')).status).toBe(404)
  })

  it('writes to a new branch from start_branch, leaving the start branch alone', async () => {
    const res = await api(file('topic.txt'), {
      method: 'POST',
      token: owner.token,
      body: { branch: 'topic', start_branch: 'main', commit_message: 't', content: 'x' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ file_path: 'topic.txt', branch: 'topic' })
    expect((await read('topic.txt', 'topic')).status).toBe(200)
    expect((await read('topic.txt', 'main')).status).toBe(404)
    expect((await read('README.md', 'topic')).status).toBe(200)
  })

  it("answers GitLab's 400s for an existing or missing file", async () => {
    const body = { branch: 'main', commit_message: 'm', content: 'x' }
    const exists = await api(file('README.md'), { method: 'POST', token: owner.token, body })
    expect(exists.status).toBe(400)
    expect(exists.body).toEqual({ message: 'A file with this name already exists' })
    for (const method of ['PUT', 'DELETE']) {
      const missing = await api(file('nope.txt'), { method, token: owner.token, body })
      expect(missing.status).toBe(400)
      expect(missing.body).toEqual({ message: "A file with this name doesn't exist" })
    }
  })

  it('is 403 without push_code and 404 Project to strangers', async () => {
    const reporter = await createUserWithToken()
    await addProjectMember(project.id, reporter.user.id, 20)
    const body = { branch: 'main', commit_message: 'm', content: 'x' }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const refused = await api(file('README.md'), { method, token: reporter.token, body })
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual(FORBIDDEN)
    }
    const stranger = await createUserWithToken()
    const hidden = await api(file('new.txt'), { method: 'POST', token: stranger.token, body })
    expect(hidden.status).toBe(404)
    expect(hidden.body).toEqual(notFound('Project'))
    expect((await read('new.txt')).status).toBe(404)
  })
})
