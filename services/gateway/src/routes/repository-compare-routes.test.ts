import { status } from '@grpc/grpc-js'
import type { Commit, CompareCommitsRequest, FindMergeBaseRequest } from '@suite/proto'
import { ALICE, expectForbidden, startAbilityGateway } from '../testing/ability-gateway.js'
import { grpcError } from '../testing/grpc-error.js'
import type { TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const sha = (digit: string) => digit.repeat(40)
const MAIN = sha('a')
const FEATURE = sha('f')
const BASE = sha('b')

function commit(id: string, title: string): Commit {
  return {
    id,
    shortId: id.slice(0, 8),
    title,
    message: title,
    authorName: 'Ada',
    authorEmail: 'ada@example.com',
    authoredDate: new Date('2026-01-01T00:00:00Z'),
    committerName: 'Ada',
    committerEmail: 'ada@example.com',
    committedDate: new Date('2026-01-01T00:00:00Z'),
    parentIds: [],
    trailers: [],
  }
}

const diff = {
  diff: '@@ -1 +1 @@\n-a\n+b\n',
  newPath: 'a.txt',
  oldPath: 'a.txt',
  aMode: '100644',
  bMode: '100644',
  newFile: false,
  renamedFile: false,
  deletedFile: false,
  generatedFile: false,
  collapsed: false,
  tooLarge: false,
}

async function start() {
  const bases: FindMergeBaseRequest[] = []
  const compares: CompareCommitsRequest[] = []
  const refs: Record<string, string> = { main: MAIN, feature: FEATURE }
  const started = await startAbilityGateway({
    repository: {
      getCommit: ({ sha }) => {
        const id = refs[sha] ?? (Object.values(refs).includes(sha) ? sha : undefined)
        return id
          ? Promise.resolve({ commit: commit(id, sha), stats: undefined })
          : Promise.reject(grpcError(status.NOT_FOUND, { resource: 'Commit' }))
      },
      findMergeBase: (request) => {
        bases.push(request)
        return Promise.resolve({ base: BASE })
      },
      compareCommits: (request) => {
        compares.push(request)
        return Promise.resolve({
          commits: [commit(sha('2'), 'second'), commit(sha('1'), 'first')],
          diffs: [diff as never],
          overflow: false,
          realSize: 1,
          patchId: '',
        })
      },
    },
  })
  gateway = started
  return { api: `${started.api}/projects/5/repository/compare`, bases, compares }
}

describe('GET /projects/:id/repository/compare', () => {
  it('compares from the merge base, commits oldest first, the newest as commit', async () => {
    const { api, bases, compares } = await start()
    const res = await fetch(`${api}?from=main&to=feature`, { headers: ALICE })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    // The request's caller goes along, with its read_code in this very project.
    expect(bases[0]).toEqual({
      projectId: 5,
      revisions: [MAIN, FEATURE],
      caller: expect.objectContaining({
        project: expect.objectContaining({ projectId: 5, readCode: true }),
      }),
    })
    expect(compares[0]?.caller).toBe(bases[0]?.caller)
    expect(compares[0]).toMatchObject({ baseSha: BASE, headSha: FEATURE })
    expect(body).toMatchObject({
      commit: { id: sha('2'), title: 'second' },
      commits: [{ id: sha('1') }, { id: sha('2') }],
      diffs: [{ diff: diff.diff, new_path: 'a.txt', a_mode: '100644' }],
      compare_timeout: false,
      compare_same_ref: false,
      web_url: `https://gitlab.example.com/top/sub/team-app/-/compare/${BASE}...${FEATURE}`,
    })
  })

  it('compares straight from `from` itself', async () => {
    const { api, bases, compares } = await start()
    const res = await fetch(`${api}?from=main&to=feature&straight=true`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(bases).toEqual([])
    expect(compares[0]).toMatchObject({ baseSha: MAIN, headSha: FEATURE })
  })

  it('says compare_same_ref for one commit, without comparing', async () => {
    const { api, compares } = await start()
    const res = await fetch(`${api}?from=main&to=${MAIN}`, { headers: ALICE })
    expect(await res.json()).toMatchObject({
      commit: null,
      commits: [],
      diffs: [],
      compare_same_ref: true,
    })
    expect(compares).toEqual([])
  })

  it('answers 404 Ref Not Found for either unknown ref, and 400 without from or to', async () => {
    const { api } = await start()
    for (const query of ['from=nope&to=main', 'from=main&to=nope']) {
      const res = await fetch(`${api}?${query}`, { headers: ALICE })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: '404 Ref Not Found' })
    }
    const missing = await fetch(`${api}?from=main`, { headers: ALICE })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: 'to is missing' })
  })

  it('needs read_code', async () => {
    const started = await startAbilityGateway({ project: { readCode: false } })
    gateway = started
    await expectForbidden(
      await fetch(`${started.api}/projects/5/repository/compare?from=a&to=b`, { headers: ALICE }),
    )
  })
})
