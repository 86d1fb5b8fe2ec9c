import type { Commit, DiffVersion, GetVersionRequest } from '@suite/proto'
import { startMergeRequestGateway } from '../testing/merge-request-gateway.js'
import type { TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const alice = { 'PRIVATE-TOKEN': 'alice' }
const COMMITS = '/projects/5/merge_requests/3/commits'

function commit(digit: string): Commit {
  const id = digit.repeat(40)
  return {
    id,
    shortId: id.slice(0, 8),
    title: `commit ${digit}`,
    message: `commit ${digit}\n`,
    authorName: 'Ada',
    authorEmail: 'ada@example.com',
    authoredDate: new Date('2026-11-21T12:00:00.000Z'),
    committerName: 'Ada',
    committerEmail: 'ada@example.com',
    committedDate: new Date('2026-11-21T12:00:00.000Z'),
    parentIds: [],
    trailers: [],
  }
}

function version(id: number, commits: Commit[] = []): DiffVersion {
  return {
    id,
    headCommitSha: 'h',
    baseCommitSha: 'b',
    startCommitSha: 's',
    createdAt: new Date('2026-11-21T12:00:00.000Z'),
    mergeRequestId: 101,
    state: 'collected',
    realSize: '1',
    patchIdSha: 'p',
    commits,
    diffs: [],
  }
}

describe('GET /projects/:id/merge_requests/:iid/commits', () => {
  it("lists the latest version's commits, newest first, paginated, as Entities::Commit", async () => {
    const asked: GetVersionRequest[] = []
    const started = await startMergeRequestGateway({
      diffs: {
        listVersions: () => Promise.resolve({ versions: [version(7), version(6)] }),
        getVersion: (request) => {
          asked.push(request)
          return Promise.resolve({ version: version(7, [commit('3'), commit('2'), commit('1')]) })
        },
      },
    })
    gateway = started
    const res = await fetch(`${started.api}${COMMITS}?per_page=2`, { headers: alice })
    expect(res.status).toBe(200)
    expect(asked[0]).toMatchObject({ versionId: 7 })
    const body = (await res.json()) as Record<string, unknown>[]
    expect(body.map((entry) => entry['id'])).toEqual(['3'.repeat(40), '2'.repeat(40)])
    expect(body[0]).toMatchObject({
      short_id: '33333333',
      title: 'commit 3',
      author_name: 'Ada',
      trailers: {},
      web_url: expect.stringMatching(/\/-\/commit\/3{40}$/),
    })
    expect(res.headers.get('x-total')).toBe('3')
    expect(res.headers.get('x-next-page')).toBe('2')
  })

  it('answers an empty list before the first version is recorded', async () => {
    const started = await startMergeRequestGateway({
      diffs: { listVersions: () => Promise.resolve({ versions: [] }) },
    })
    gateway = started
    const res = await fetch(`${started.api}${COMMITS}`, { headers: alice })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
  })
})
