import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { Gitlab } from '@gitbeaker/rest'
import { api, apiUrl } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { cloneUrl, gitOk } from './support/git'
import { FORBIDDEN, UNAUTHORIZED, notFound } from './support/gitlab-errors'
import { commitFiles, createBranch, createProject, projectWithReadme } from './support/projects'
import { baseUrl, rootToken } from './support/suite-state'
import type { CommitJson, ProjectJson } from './support/types'

/** A GET whose body is bytes (an archive, a raw blob): status, headers and the bytes. */
async function download(path: string, token?: string) {
  const res = await fetch(apiUrl(path), { headers: token ? { 'PRIVATE-TOKEN': token } : {} })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

/** The real git, run in the test's own clone of the project. */
function gitIn(dir: string, args: string[]): Buffer {
  return execFileSync('git', ['-C', dir, ...args], { maxBuffer: 64 * 1024 * 1024 })
}

/** The entry names of a tar, as `tar t` lists them. */
function tarEntries(tar: Buffer): string[] {
  return execFileSync('tar', ['-t'], { input: tar }).toString('utf8').split('\n').filter(Boolean)
}

/**
 * `git blame --line-porcelain` as GitLab's groups: one header per line, a new
 * group wherever the commit changes from the line before.
 */
function gitBlameGroups(dir: string, args: string[]): { id: string; lines: string[] }[] {
  const groups: { id: string; lines: string[] }[] = []
  let id = ''
  let header = true
  for (const row of gitIn(dir, ['blame', '--line-porcelain', ...args])
    .toString('utf8')
    .split('\n')) {
    if (header && /^[0-9a-f]{40} /.test(row)) {
      id = row.slice(0, 40)
      header = false
    } else if (row.startsWith('\t')) {
      const last = groups.at(-1)
      if (last?.id === id) last.lines.push(row.slice(1))
      else groups.push({ id, lines: [row.slice(1)] })
      header = true
    }
  }
  return groups
}

interface BlameJson {
  commit: CommitJson & { author_name: string; author_email: string; committed_date: string }
  lines: string[]
}

describe('repository blobs, blame, merge base, archives and snapshots', () => {
  let owner: UserWithToken
  let project: ProjectJson
  let base: CommitJson
  let head: CommitJson
  let clone: string

  beforeAll(async () => {
    ;({ owner, project } = await projectWithReadme({ visibility: 'private' }))
    base = await commitFiles(owner.token, project.id, 'main', [
      { action: 'create', file_path: 'lib/a.ts', content: 'one\ntwo\nthree\n' },
      { action: 'create', file_path: 'lib/deep/b.ts', content: 'export const b = 2\n' },
    ])
    await createBranch(owner.token, project.id, 'feature/x', 'main')
    await commitFiles(owner.token, project.id, 'feature/x', [
      { action: 'create', file_path: 'feature.txt', content: 'feature\n' },
    ])
    head = await commitFiles(owner.token, project.id, 'main', [
      { action: 'update', file_path: 'lib/a.ts', content: 'one\nTWO\nthree\nfour\n' },
    ])
    clone = mkdtempSync(join(tmpdir(), 'it-archive-'))
    const url = cloneUrl(project.path_with_namespace, {
      username: owner.user.username,
      token: owner.token,
    })
    await gitOk(['clone', '--quiet', url, clone], tmpdir())
  })
  afterAll(() => rmSync(clone, { recursive: true, force: true }))

  const path = (tail: string) => `/projects/${project.id}${tail}`

  it('GET /repository/blobs/:sha answers the blob in base64 and /raw its bytes', async () => {
    const blobId = gitIn(clone, ['rev-parse', `${head.id}:lib/a.ts`])
      .toString('utf8')
      .trim()
    const res = await api(path(`/repository/blobs/${blobId}`), { token: owner.token })
    expect(res.status).toBe(200)
    const content = Buffer.from('one\nTWO\nthree\nfour\n')
    expect(res.body).toEqual({
      size: content.length,
      encoding: 'base64',
      content: content.toString('base64'),
      sha: blobId,
    })
    const short = await api(path(`/repository/blobs/${blobId.slice(0, 10)}`), {
      token: owner.token,
    })
    expect(short.body).toMatchObject({ sha: blobId })
    const raw = await download(path(`/repository/blobs/${blobId}/raw`), owner.token)
    expect(raw.status).toBe(200)
    expect(raw.bytes).toEqual(content)
    expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(raw.headers.get('content-disposition')).toBe('inline')
    for (const sha of ['f'.repeat(40), head.id, 'not-a-sha', 'main']) {
      for (const tail of [`/repository/blobs/${sha}`, `/repository/blobs/${sha}/raw`]) {
        const missing = await api(path(tail), { token: owner.token })
        expect([tail, missing.status, missing.body]).toEqual([tail, 404, notFound('Blob')])
      }
    }
  })

  it('GET /repository/archive streams what git archive writes, in every format', async () => {
    const prefix = `${project.path}-main-${head.id}`
    const expected = gitIn(clone, ['archive', '--format=tar', `--prefix=${prefix}/`, head.id])
    const tar = await download(path('/repository/archive.tar'), owner.token)
    expect(tar.status).toBe(200)
    expect(tar.headers.get('content-disposition')).toBe(`attachment; filename="${prefix}.tar"`)
    expect(tar.headers.get('content-type')).toBe('application/octet-stream')
    expect(tar.bytes).toEqual(expected)
    expect(tarEntries(tar.bytes)).toContain(`${prefix}/lib/deep/b.ts`)

    // The default format is tar.gz; ?format= and the .tgz/.bz2 extensions name the same ones.
    const gz = await download(path('/repository/archive'), owner.token)
    expect(gz.headers.get('content-disposition')).toBe(`attachment; filename="${prefix}.tar.gz"`)
    expect(gunzipSync(gz.bytes)).toEqual(expected)
    expect(
      gunzipSync((await download(path('/repository/archive.tgz'), owner.token)).bytes),
    ).toEqual(expected)
    const bz2 = await download(path('/repository/archive?format=tar.bz2'), owner.token)
    expect(bz2.headers.get('content-disposition')).toBe(`attachment; filename="${prefix}.tar.bz2"`)
    expect(execFileSync('bzip2', ['-dc'], { input: bz2.bytes })).toEqual(expected)
    const zip = await download(path('/repository/archive.zip'), owner.token)
    expect(zip.headers.get('content-type')).toBe('application/zip')
    expect(zip.bytes).toEqual(
      gitIn(clone, ['archive', '--format=zip', `--prefix=${prefix}/`, head.id]),
    )
  })

  it('GET /repository/archive of another ref and one directory, 404 File for what is missing', async () => {
    const ref = 'feature/x'
    const sha = gitIn(clone, ['rev-parse', `origin/${ref}`])
      .toString('utf8')
      .trim()
    const prefix = `${project.path}-feature-x-${sha}-lib-deep`
    const tar = await download(
      path(`/repository/archive.tar?sha=${encodeURIComponent(ref)}&path=lib/deep`),
      owner.token,
    )
    expect(tar.status).toBe(200)
    expect(tar.headers.get('content-disposition')).toBe(`attachment; filename="${prefix}.tar"`)
    expect(tar.bytes).toEqual(
      gitIn(clone, ['archive', '--format=tar', `--prefix=${prefix}/`, sha, 'lib/deep']),
    )
    for (const query of ['sha=nope', 'path=no/such/dir', `sha=${'e'.repeat(40)}`]) {
      const missing = await api(path(`/repository/archive.tar?${query}`), { token: owner.token })
      expect([query, missing.status, missing.body]).toEqual([query, 404, notFound('File')])
    }
    const unknownFormat = await api(path('/repository/archive.rar'), { token: owner.token })
    expect(unknownFormat.status).toBe(404)
  })

  it('GET /repository/files/:file_path/blame matches git blame, whole and in a range', async () => {
    const file = encodeURIComponent('lib/a.ts')
    const res = await api<BlameJson[]>(path(`/repository/files/${file}/blame?ref=main`), {
      token: owner.token,
    })
    expect(res.status).toBe(200)
    const groups = gitBlameGroups(clone, [head.id, '--', 'lib/a.ts'])
    expect(groups.map((group) => group.id)).toEqual([base.id, head.id, base.id, head.id])
    expect(res.body.map((group) => ({ id: group.commit.id, lines: group.lines }))).toEqual(groups)
    const log = gitIn(clone, ['log', '-1', '--format=%an%n%ae%n%P', base.id]).toString('utf8')
    const [authorName, authorEmail, parents] = log.split('\n')
    expect(res.body[0]?.commit).toMatchObject({
      author_name: authorName,
      author_email: authorEmail,
      parent_ids: parents?.split(' ').filter(Boolean),
      message: base.message,
    })
    expect(res.headers.get('x-gitlab-blob-id')).toBe(
      gitIn(clone, ['rev-parse', `${head.id}:lib/a.ts`])
        .toString('utf8')
        .trim(),
    )

    const ranged = await api<BlameJson[]>(
      path(`/repository/files/${file}/blame?ref=main&range[start]=2&range[end]=3`),
      { token: owner.token },
    )
    expect(ranged.body.map((group) => ({ id: group.commit.id, lines: group.lines }))).toEqual(
      gitBlameGroups(clone, ['-L2,3', head.id, '--', 'lib/a.ts']),
    )
    const reversed = await api(
      path(`/repository/files/${file}/blame?ref=main&range[start]=3&range[end]=2`),
      { token: owner.token },
    )
    expect([reversed.status, reversed.body]).toEqual([
      400,
      { message: 'range[start] must be less than or equal to range[end]' },
    ])
    const halfRange = await api(path(`/repository/files/${file}/blame?ref=main&range[start]=2`), {
      token: owner.token,
    })
    expect([halfRange.status, halfRange.body]).toEqual([400, { error: 'range[end] is missing' }])
    const missing = await api(path('/repository/files/nope.txt/blame?ref=main'), {
      token: owner.token,
    })
    expect([missing.status, missing.body]).toEqual([404, notFound('File')])
  })

  it('GET /repository/merge_base answers the common ancestor, GitLab 400s and 404', async () => {
    const expected = gitIn(clone, ['merge-base', 'origin/main', 'origin/feature/x'])
    const res = await api<CommitJson>(path('/repository/merge_base'), {
      token: owner.token,
      query: { refs: ['main', 'feature/x'] },
    })
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(expected.toString('utf8').trim())
    expect(res.body.id).toBe(base.id)
    const one = await api(path('/repository/merge_base'), {
      token: owner.token,
      query: { refs: ['main'] },
    })
    expect([one.status, one.body]).toEqual([400, { message: 'Provide at least 2 refs' }])
    const unknown = await api(path('/repository/merge_base'), {
      token: owner.token,
      query: { refs: ['main', 'nope', 'gone'] },
    })
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { message: 'Could not find refs: nope, gone' },
    ])
  })

  it('GET /snapshot is a tar of the repository for admins only', async () => {
    const snapshot = await download(path('/snapshot'), rootToken())
    expect(snapshot.status).toBe(200)
    expect(snapshot.headers.get('content-type')).toBe('application/x-tar')
    expect(snapshot.headers.get('content-disposition')).toBe('attachment; filename="snapshot.tar"')
    const entries = tarEntries(snapshot.bytes)
    expect(entries).toContain('HEAD')
    expect(entries.some((entry) => entry.startsWith('objects/'))).toBe(true)
    const asOwner = await api(path('/snapshot'), { token: owner.token })
    expect([asOwner.status, asOwner.body]).toEqual([403, FORBIDDEN])
    const anonymous = await api(path('/snapshot'))
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
  })

  it('@gitbeaker/rest reads blobs, blame, the merge base and an archive unchanged', async () => {
    const client = new Gitlab({ host: baseUrl(), token: owner.token })
    const blobId = gitIn(clone, ['rev-parse', `${head.id}:lib/deep/b.ts`])
      .toString('utf8')
      .trim()
    const blob = await client.Repositories.showBlob(project.id, blobId)
    expect(Buffer.from(String(blob.content), 'base64').toString('utf8')).toBe(
      'export const b = 2\n',
    )
    const blame = await client.RepositoryFiles.allFileBlames(project.id, 'lib/a.ts', 'main')
    expect(blame.map((group) => group.lines)).toEqual([['one'], ['TWO'], ['three'], ['four']])
    const mergeBase = await client.Repositories.mergeBase(project.id, ['main', 'feature/x'])
    expect(mergeBase.id).toBe(base.id)
    const archive = await client.Repositories.showArchive(project.id, { fileType: 'tar' })
    expect(tarEntries(Buffer.from(await archive.arrayBuffer()))).toContain(
      `${project.path}-main-${head.id}/lib/a.ts`,
    )
  })
})

describe('POST /repository/branches in an empty project', () => {
  it('first commits an empty README.md to the default branch, then creates the branch', async () => {
    const owner = await createUserWithToken()
    const project = await createProject(owner.token)
    const res = await api<{ name: string; commit: CommitJson }>(
      `/projects/${project.id}/repository/branches`,
      { method: 'POST', token: owner.token, body: { branch: 'x', ref: 'main' } },
    )
    expect(res.status).toBe(201)
    expect(res.body.name).toBe('x')
    expect(res.body.commit).toMatchObject({
      title: 'Add README.md',
      author_name: owner.user.name,
      parent_ids: [],
    })
    const main = await api<{ commit: CommitJson }>(
      `/projects/${project.id}/repository/branches/main`,
      { token: owner.token },
    )
    expect(main.body.commit.id).toBe(res.body.commit.id)
    const readme = await api(`/projects/${project.id}/repository/files/README.md?ref=x`, {
      token: owner.token,
    })
    expect(readme.body).toMatchObject({ size: 0, content: '' })
    const unknown = await api(`/projects/${project.id}/repository/branches`, {
      method: 'POST',
      token: owner.token,
      body: { branch: 'y', ref: 'nope' },
    })
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { message: 'Invalid reference name: nope' },
    ])
  })
})
