import { status } from '@grpc/grpc-js'
import type {
  AddGroupToAllowlistRequest,
  AddToAllowlistRequest,
  BatchGetProjectsRequest,
  RemoveFromAllowlistRequest,
  UpdateJobTokenScopeRequest,
} from '@suite/proto'
import { ALICE, expectForbidden, sendAsAlice } from '../testing/ability-gateway.js'
import { startCiGateway, type CiSetup } from '../testing/ci-gateway.js'
import { grpcError } from '../testing/grpc-error.js'
import { projectFixture } from '../testing/project-fixture.js'
import type { TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const MAINTAINER = { adminJobTokenScope: true }

async function start(setup: CiSetup): Promise<string> {
  await gateway?.close()
  const started = await startCiGateway({ project: MAINTAINER, ...setup })
  gateway = started
  return `${started.api}/projects/5/job_token_scope`
}

describe('GET /projects/:id/job_token_scope', () => {
  it('shows the inbound switch as ci-triggers keeps it', async () => {
    const api = await start({
      jobTokens: { getJobTokenScope: () => Promise.resolve({ inboundEnabled: false }) },
    })
    const res = await fetch(api, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ inbound_enabled: false, outbound_enabled: false })
  })

  it('PATCH sets it from `enabled` (204) and needs it (400)', async () => {
    const requests: UpdateJobTokenScopeRequest[] = []
    const api = await start({
      jobTokens: {
        updateJobTokenScope: (request) => {
          requests.push(request)
          return Promise.resolve({})
        },
      },
    })
    const res = await fetch(api, sendAsAlice('PATCH', { enabled: false }))
    expect(res.status).toBe(204)
    expect(requests).toEqual([expect.objectContaining({ projectId: 5, inboundEnabled: false })])
    const missing = await fetch(api, sendAsAlice('PATCH', {}))
    expect([missing.status, await missing.json()]).toEqual([400, { error: 'enabled is missing' }])
    const bad = await fetch(api, sendAsAlice('PATCH', { enabled: 123 }))
    expect(bad.status).toBe(400)
    expect(requests).toHaveLength(1)
  })

  it('needs a token (401) and admin_job_token_scope (403)', async () => {
    let api = await start({})
    expect((await fetch(api)).status).toBe(401)
    api = await start({ project: { adminJobTokenScope: false } })
    await expectForbidden(await fetch(api, { headers: ALICE }))
    await expectForbidden(await fetch(`${api}/allowlist`, { headers: ALICE }))
  })
})

describe('GET /projects/:id/job_token_scope/allowlist', () => {
  it('lists the project itself first, then the allowed projects, one page at a time', async () => {
    const batches: BatchGetProjectsRequest[] = []
    const api = await start({
      jobTokens: { listAllowlist: () => Promise.resolve({ projectIds: [8, 9] }) },
      projects: {
        batchGetProjects: (request) => {
          batches.push(request)
          return Promise.resolve({
            projects: request.ids.map((id) =>
              projectFixture({ id, name: `P${id}`, path: `p${id}` }),
            ),
          })
        },
      },
    })
    const res = await fetch(`${api}/allowlist?per_page=2`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('3')
    const body = (await res.json()) as Record<string, unknown>[]
    expect(body.map((project) => project['id'])).toEqual([5, 8])
    expect(body[1]).toMatchObject({
      name: 'P8',
      path_with_namespace: 'top/sub/p8',
      name_with_namespace: 'Top / Sub / P8',
    })
    expect(batches).toEqual([expect.objectContaining({ ids: [8] })])

    const second = await fetch(`${api}/allowlist?per_page=2&page=2`, { headers: ALICE })
    expect(((await second.json()) as { id: number }[]).map((project) => project.id)).toEqual([9])
  })
})

describe('POST /projects/:id/job_token_scope/allowlist', () => {
  it('adds the project and answers the link', async () => {
    const requests: AddToAllowlistRequest[] = []
    const api = await start({
      jobTokens: {
        addToAllowlist: (request) => {
          requests.push(request)
          return Promise.resolve({ sourceProjectId: 5, targetProjectId: 8 })
        },
      },
    })
    const res = await fetch(`${api}/allowlist`, sendAsAlice('POST', { target_project_id: '8' }))
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ source_project_id: 5, target_project_id: 8 })
    expect(requests[0]).toMatchObject({
      projectId: 5,
      targetProjectId: 8,
      caller: { project: { projectId: 5, adminJobTokenScope: true } },
    })
  })

  it('answers 400 without target_project_id and passes on the service 400', async () => {
    const addToAllowlist = jest.fn(() =>
      Promise.reject(
        grpcError(status.INVALID_ARGUMENT, {
          message: 'Target project is already in the job token scope',
        }),
      ),
    )
    const api = await start({ jobTokens: { addToAllowlist } })
    const missing = await fetch(`${api}/allowlist`, sendAsAlice('POST', {}))
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: 'target_project_id is missing' })
    expect(addToAllowlist).not.toHaveBeenCalled()
    const twice = await fetch(`${api}/allowlist`, sendAsAlice('POST', { target_project_id: 8 }))
    expect(twice.status).toBe(400)
  })
})

describe('DELETE /projects/:id/job_token_scope/allowlist/:target_project_id', () => {
  it('removes the project (204) and answers 404 when it is not there', async () => {
    const requests: RemoveFromAllowlistRequest[] = []
    const api = await start({
      jobTokens: {
        removeFromAllowlist: (request) => {
          requests.push(request)
          return request.targetProjectId === 8
            ? Promise.resolve({})
            : Promise.reject(grpcError(status.NOT_FOUND))
        },
      },
    })
    const res = await fetch(`${api}/allowlist/8`, { method: 'DELETE', headers: ALICE })
    expect(res.status).toBe(204)
    expect(requests[0]).toMatchObject({ projectId: 5, targetProjectId: 8 })
    const missing = await fetch(`${api}/allowlist/9`, { method: 'DELETE', headers: ALICE })
    expect(missing.status).toBe(404)
  })
})

describe('/projects/:id/job_token_scope/groups_allowlist', () => {
  it('POST adds the group and answers Entities::GroupScopeLink', async () => {
    const requests: AddGroupToAllowlistRequest[] = []
    const api = await start({
      jobTokens: {
        addGroupToAllowlist: (request) => {
          requests.push(request)
          return Promise.resolve({ sourceProjectId: 5, targetGroupId: 10 })
        },
      },
    })
    const res = await fetch(`${api}/groups_allowlist`, sendAsAlice('POST', { target_group_id: 10 }))
    expect([res.status, await res.json()]).toEqual([
      201,
      { source_project_id: 5, target_group_id: 10 },
    ])
    expect(requests[0]).toMatchObject({ projectId: 5, targetGroupId: 10 })
    const missing = await fetch(`${api}/groups_allowlist`, sendAsAlice('POST', {}))
    expect(await missing.json()).toEqual({ error: 'target_group_id is missing' })
  })

  it('needs admin_job_token_scope (403) for the list and the writes', async () => {
    const api = await start({ project: { adminJobTokenScope: false } })
    await expectForbidden(await fetch(`${api}/groups_allowlist`, { headers: ALICE }))
    await expectForbidden(
      await fetch(`${api}/groups_allowlist`, sendAsAlice('POST', { target_group_id: 10 })),
    )
    await expectForbidden(
      await fetch(`${api}/groups_allowlist/10`, { method: 'DELETE', headers: ALICE }),
    )
  })
})
