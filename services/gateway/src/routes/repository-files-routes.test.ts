import { createHash } from 'node:crypto'
import { status } from '@grpc/grpc-js'
import type { Commit, CommitFilesRequest, GetCommitRequest, ReadFileRequest } from '@suite/proto'
import {
  ALICE,
  expectForbidden,
  sendAsAlice,
  startAbilityGateway,
} from '../testing/ability-gateway.js'
import { grpcError } from '../testing/grpc-error.js'
import type { TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const COMMIT = 'c'.repeat(40)
const LAST = 'd'.repeat(40)
const BLOB = 'b'.repeat(40)

const commit: Commit = {
  id: COMMIT,
  shortId: COMMIT.slice(0, 8),
  title: 't',
  message: 't',
  authorName: '',
  authorEmail: '',
  authoredDate: undefined,
  committerName: '',
  committerEmail: '',
  committedDate: undefined,
  parentIds: [],
  trailers: [],
}

/**
 * A repository with one file, `lib/run.sh` (executable), at COMMIT on main;
 * CommitFiles answers `refusal` when given, else a commit.
 */
async function start(content = Buffer.from('echo hi\n'), refusal?: Error) {
  const commits: GetCommitRequest[] = []
  const reads: ReadFileRequest[] = []
  const written: CommitFilesRequest[] = []
  const started = await startAbilityGateway({
    repository: {
      commitFiles: (request) => {
        written.push(request)
        return refusal ? Promise.reject(refusal) : Promise.resolve({ commit, stats: undefined })
      },
      getCommit: (request) => {
        commits.push(request)
        return request.sha === 'main' || request.sha === COMMIT
          ? Promise.resolve({ commit, stats: undefined })
          : Promise.reject(grpcError(status.NOT_FOUND, { resource: 'Commit' }))
      },
      readFile: (request) => {
        reads.push(request)
        const found = request.path === 'lib/run.sh'
        return Promise.resolve({
          found,
          content: found ? content : Buffer.alloc(0),
          tooLarge: false,
          blobId: found ? BLOB : '',
          size: found ? content.length : 0,
          mode: found ? '100755' : '',
          lastCommitId: found ? LAST : '',
        })
      },
    },
  })
  gateway = started
  return { api: started.api, commits, reads, written }
}

const FILE = '/projects/5/repository/files/lib%2Frun.sh'

describe('GET /projects/:id/repository/files/:file_path', () => {
  it("answers GitLab's file entity for the URL-encoded path at the ref", async () => {
    const { api, commits, reads } = await start()
    const res = await fetch(`${api}${FILE}?ref=main`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      file_name: 'run.sh',
      file_path: 'lib/run.sh',
      size: 8,
      encoding: 'base64',
      content: Buffer.from('echo hi\n').toString('base64'),
      content_sha256: createHash('sha256').update('echo hi\n').digest('hex'),
      ref: 'main',
      blob_id: BLOB,
      commit_id: COMMIT,
      last_commit_id: LAST,
      execute_filemode: true,
    })
    // The request's caller goes along, with its read_code in this very project.
    expect(commits[0]).toEqual({
      projectId: 5,
      sha: 'main',
      caller: expect.objectContaining({
        project: expect.objectContaining({ projectId: 5, readCode: true }),
      }),
    })
    expect(reads[0]?.caller).toBe(commits[0]?.caller)
    expect(reads[0]).toMatchObject({
      projectId: 5,
      sha: COMMIT,
      path: 'lib/run.sh',
      lastCommit: true,
    })
    expect(res.headers.get('x-gitlab-blob-id')).toBe(BLOB)
  })

  it('needs ref, and answers 404 Commit and File Not Found', async () => {
    const { api } = await start()
    const noRef = await fetch(`${api}${FILE}`, { headers: ALICE })
    expect(noRef.status).toBe(400)
    expect(await noRef.json()).toEqual({ error: 'ref is missing' })
    const badRef = await fetch(`${api}${FILE}?ref=nope`, { headers: ALICE })
    expect(badRef.status).toBe(404)
    expect(await badRef.json()).toEqual({ message: '404 Commit Not Found' })
    const missing = await fetch(`${api}/projects/5/repository/files/nope.txt?ref=main`, {
      headers: ALICE,
    })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: '404 File Not Found' })
  })

  it('answers HEAD with the X-Gitlab-* headers and no body', async () => {
    const { api } = await start()
    const res = await fetch(`${api}${FILE}?ref=main`, { method: 'HEAD', headers: ALICE })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
    expect(
      Object.fromEntries([...res.headers].filter(([name]) => name.startsWith('x-gitlab'))),
    ).toEqual({
      'x-gitlab-blob-id': BLOB,
      'x-gitlab-commit-id': COMMIT,
      'x-gitlab-content-sha256': createHash('sha256').update('echo hi\n').digest('hex'),
      'x-gitlab-encoding': 'base64',
      'x-gitlab-execute-filemode': 'true',
      'x-gitlab-file-name': 'run.sh',
      'x-gitlab-file-path': 'lib/run.sh',
      'x-gitlab-last-commit-id': LAST,
      'x-gitlab-ref': 'main',
      'x-gitlab-size': '8',
    })
  })

  it('needs read_code', async () => {
    const started = await startAbilityGateway({ project: { readCode: false } })
    gateway = started
    await expectForbidden(await fetch(`${started.api}${FILE}?ref=main`, { headers: ALICE }))
  })
})

describe('GET /projects/:id/repository/files/:file_path/raw', () => {
  it('answers the bytes of the default branch with the file headers', async () => {
    const { api, commits } = await start()
    const res = await fetch(`${api}${FILE}/raw`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(res.headers.get('x-gitlab-last-commit-id')).toBe(LAST)
    expect(await res.text()).toBe('echo hi\n')
    expect(commits[0]?.sha).toBe('main')
  })

  it('sends binary content untouched as application/octet-stream', async () => {
    const bytes = Buffer.from([0, 255, 1, 128, 10])
    const { api } = await start(bytes)
    const res = await fetch(`${api}${FILE}/raw?ref=${COMMIT}`, { headers: ALICE })
    expect(res.headers.get('content-type')).toBe('application/octet-stream')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes)
  })
})

describe('POST/PUT/DELETE /projects/:id/repository/files/:file_path', () => {
  const write = { branch: 'main', commit_message: 'm' }

  it('creates the file in a commit of its own and answers 201 {file_path, branch}', async () => {
    const { api, written } = await start()
    const body = { ...write, content: 'aGk=', encoding: 'base64', execute_filemode: true }
    const res = await fetch(
      `${api}/projects/5/repository/files/lib%2Fnew.sh`,
      sendAsAlice('POST', body),
    )
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ file_path: 'lib/new.sh', branch: 'main' })
    expect(written).toHaveLength(1)
    expect(written[0]).toMatchObject({
      projectId: 5,
      branch: 'main',
      startBranch: '',
      commitMessage: 'm',
      authorName: 'Alice Liddell',
      authorEmail: 'alice@example.com',
      actions: [
        {
          action: 'create',
          filePath: 'lib/new.sh',
          content: Buffer.from('hi'),
          executeFilemode: true,
        },
      ],
    })
  })

  it("answers the repository role's refusal as GitLab's 400", async () => {
    const refusal = grpcError(status.INVALID_ARGUMENT, {
      message: 'A file with this name already exists',
    })
    const { api } = await start(undefined, refusal)
    const res = await fetch(`${api}${FILE}`, sendAsAlice('POST', { ...write, content: 'x' }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'A file with this name already exists' })
  })

  it('needs content and a known encoding', async () => {
    const { api, written } = await start()
    const none = await fetch(`${api}${FILE}`, sendAsAlice('PUT', write))
    expect(none.status).toBe(400)
    expect(await none.json()).toEqual({ error: 'content is missing' })
    const bad = await fetch(
      `${api}${FILE}`,
      sendAsAlice('PUT', { ...write, content: 'x', encoding: 'hex' }),
    )
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'encoding does not have a valid value' })
    expect(written).toEqual([])
  })

  it('updates with the executable flag as a chmod beside the update, answering 200', async () => {
    const { api, written } = await start()
    const body = { ...write, content: 'new', execute_filemode: false, last_commit_id: LAST }
    const res = await fetch(`${api}${FILE}`, sendAsAlice('PUT', body))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ file_path: 'lib/run.sh', branch: 'main' })
    expect(written[0]?.actions).toMatchObject([
      { action: 'update', filePath: 'lib/run.sh', content: Buffer.from('new') },
      { action: 'chmod', filePath: 'lib/run.sh', executeFilemode: false },
    ])
  })

  it("sends last_commit_id with the update and answers the repository role's refusal", async () => {
    const refusal = grpcError(status.INVALID_ARGUMENT, {
      message: 'You are attempting to update a file that has changed since you started editing it.',
    })
    const { api, written, commits, reads } = await start(undefined, refusal)
    const body = { ...write, content: 'new', last_commit_id: COMMIT }
    const res = await fetch(`${api}${FILE}`, sendAsAlice('PUT', body))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'You are attempting to update a file that has changed since you started editing it.',
    })
    // One call: the role checks in the commit's own ref transaction, no read races it.
    expect(written[0]?.actions).toMatchObject([
      { action: 'update', filePath: 'lib/run.sh', lastCommitId: COMMIT },
    ])
    expect(commits).toEqual([])
    expect(reads).toEqual([])
  })

  it('sends start_branch with last_commit_id, for the role to read the file there', async () => {
    const { api, commits, written } = await start()
    const body = {
      ...write,
      branch: 'topic',
      start_branch: 'main',
      content: 'n',
      last_commit_id: LAST,
    }
    const res = await fetch(`${api}${FILE}`, sendAsAlice('PUT', body))
    expect(res.status).toBe(200)
    expect(commits).toEqual([])
    expect(written[0]).toMatchObject({
      branch: 'topic',
      startBranch: 'main',
      actions: [{ action: 'update', lastCommitId: LAST }],
    })
  })

  it('deletes with 204 and no body', async () => {
    const { api, written } = await start()
    const res = await fetch(
      `${api}${FILE}`,
      sendAsAlice('DELETE', { ...write, author_name: 'Bob' }),
    )
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect(written[0]).toMatchObject({
      authorName: 'Bob',
      actions: [{ action: 'delete', filePath: 'lib/run.sh' }],
    })
  })

  it.each(['POST', 'PUT', 'DELETE'])('%s needs push_code', async (method) => {
    const started = await startAbilityGateway({ project: { pushCode: false } })
    gateway = started
    const body = { ...write, content: 'x', last_commit_id: LAST }
    await expectForbidden(await fetch(`${started.api}${FILE}`, sendAsAlice(method, body)))
  })
})
