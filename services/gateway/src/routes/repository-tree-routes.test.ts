import { status } from '@grpc/grpc-js'
import type { ListTreeRequest } from '@suite/proto'
import { ALICE, expectForbidden, startAbilityGateway } from '../testing/ability-gateway.js'
import { grpcError } from '../testing/grpc-error.js'
import type { TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const entries = [
  { id: 'a'.repeat(40), name: 'lib', type: 'tree', path: 'lib', mode: '040000' },
  { id: 'b'.repeat(40), name: 'README.md', type: 'blob', path: 'README.md', mode: '100644' },
]

describe('GET /projects/:id/repository/tree', () => {
  it('asks for the ref, path, recursion and page, and answers TreeObjects with page headers', async () => {
    const asked: ListTreeRequest[] = []
    const started = await startAbilityGateway({
      repository: {
        listTree: (request) => {
          asked.push(request)
          return Promise.resolve({ entries, pageInfo: { total: 5 } })
        },
      },
    })
    gateway = started
    const res = await fetch(
      `${started.api}/projects/5/repository/tree?ref=main&path=lib&recursive=true&per_page=2`,
      { headers: ALICE },
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(entries)
    expect(asked[0]).toMatchObject({
      projectId: 5,
      ref: 'main',
      path: 'lib',
      recursive: true,
      page: { page: 1, perPage: 2 },
    })
    expect(res.headers.get('x-total')).toBe('5')
    expect(res.headers.get('x-total-pages')).toBe('3')
    expect(res.headers.get('x-next-page')).toBe('2')
  })

  it('defaults to the default branch root, not recursive', async () => {
    const asked: ListTreeRequest[] = []
    const started = await startAbilityGateway({
      repository: {
        listTree: (request) => {
          asked.push(request)
          return Promise.resolve({ entries: [], pageInfo: { total: 0 } })
        },
      },
    })
    gateway = started
    expect(
      (await fetch(`${started.api}/projects/5/repository/tree`, { headers: ALICE })).status,
    ).toBe(200)
    expect(asked[0]).toMatchObject({ ref: '', path: '', recursive: false })
  })

  it('answers 404 Tree Not Found as the repository role does', async () => {
    const started = await startAbilityGateway({
      repository: {
        listTree: () => Promise.reject(grpcError(status.NOT_FOUND, { resource: 'Tree' })),
      },
    })
    gateway = started
    const res = await fetch(`${started.api}/projects/5/repository/tree?ref=nope`, {
      headers: ALICE,
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: '404 Tree Not Found' })
  })

  it('needs read_code', async () => {
    const listTree = jest.fn()
    const started = await startAbilityGateway({
      project: { readCode: false },
      repository: { listTree },
    })
    gateway = started
    await expectForbidden(
      await fetch(`${started.api}/projects/5/repository/tree`, { headers: ALICE }),
    )
    expect(listTree).not.toHaveBeenCalled()
  })
})
