import { status } from '@grpc/grpc-js'
import type { CreateRunnerRequest, ListRunnersRequest, UpdateRunnerRequest } from '@suite/proto'
import { ALICE, expectForbidden, sendAsAlice } from '../testing/ability-gateway.js'
import { runnerFixture, startCiGateway, type CiSetup } from '../testing/ci-gateway.js'
import { grpcError } from '../testing/grpc-error.js'
import { projectFixture } from '../testing/project-fixture.js'
import type { TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

async function start(setup: CiSetup): Promise<string> {
  await gateway?.close()
  const started = await startCiGateway(setup)
  gateway = started
  return started.api
}

const created = (requests: CreateRunnerRequest[]) => (request: CreateRunnerRequest) => {
  requests.push(request)
  return Promise.resolve({ runner: runnerFixture({ id: 9 }), token: 'glrt-secret' })
}

describe('POST /user/runners', () => {
  it('creates a project runner with the caller abilities in the project', async () => {
    const requests: CreateRunnerRequest[] = []
    const api = await start({ runners: { createRunner: created(requests) } })
    const res = await fetch(
      `${api}/user/runners`,
      sendAsAlice('POST', {
        runner_type: 'project_type',
        project_id: 5,
        description: 'mine',
        tag_list: 'docker, linux,',
        paused: true,
        maximum_timeout: 600,
      }),
    )
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 9, token: 'glrt-secret', token_expires_at: null })
    expect(requests[0]).toMatchObject({
      runnerType: 'project_type',
      projectId: 5,
      caller: { userId: 2, project: { projectId: 5 } },
      settings: {
        description: 'mine',
        paused: true,
        maximumTimeout: 600,
        tagList: { tags: ['docker', 'linux'] },
      },
    })
    expect(requests[0]?.settings?.runUntagged).toBeUndefined()
  })

  it('creates a group runner with the group abilities and full path', async () => {
    const requests: CreateRunnerRequest[] = []
    const api = await start({ runners: { createRunner: created(requests) } })
    const res = await fetch(
      `${api}/user/runners`,
      sendAsAlice('POST', { runner_type: 'group_type', group_id: 10, tag_list: ['a', 'b'] }),
    )
    expect(res.status).toBe(201)
    expect(requests[0]).toMatchObject({
      runnerType: 'group_type',
      groupId: 10,
      groupPath: 'parent',
      caller: { group: { groupId: 10, adminGroup: true } },
      settings: { tagList: { tags: ['a', 'b'] } },
    })
  })

  it.each([
    [{ runner_type: 'project_type' }, 'project_id is missing'],
    [{ runner_type: 'group_type' }, 'group_id is missing'],
    [{ runner_type: 'shared' }, 'runner_type does not have a valid value'],
    [{}, 'runner_type is missing'],
    [
      { runner_type: 'instance_type', access_level: 'all' },
      'access_level does not have a valid value',
    ],
  ])('answers 400 for %j', async (body, error) => {
    const createRunner = jest.fn()
    const api = await start({ runners: { createRunner } })
    const res = await fetch(`${api}/user/runners`, sendAsAlice('POST', body))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error })
    expect(createRunner).not.toHaveBeenCalled()
  })

  it('answers 404 for a project the caller cannot read', async () => {
    const createRunner = jest.fn()
    const api = await start({ runners: { createRunner }, unreadable: true })
    const res = await fetch(
      `${api}/user/runners`,
      sendAsAlice('POST', { runner_type: 'project_type', project_id: 5 }),
    )
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: '404 Project Not Found' })
    expect(createRunner).not.toHaveBeenCalled()
  })

  it('passes on the service refusal as 403 with its reason', async () => {
    const createRunner = () =>
      Promise.reject(grpcError(status.PERMISSION_DENIED, { message: 'not allowed' }))
    const api = await start({ runners: { createRunner } })
    const res = await fetch(
      `${api}/user/runners`,
      sendAsAlice('POST', { runner_type: 'instance_type' }),
    )
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: '403 Forbidden - not allowed' })
  })

  it('takes a create_runner token, refuses read_api, and needs a token', async () => {
    const requests: CreateRunnerRequest[] = []
    let api = await start({
      runners: { createRunner: created(requests) },
      scopes: ['create_runner'],
    })
    const body = { runner_type: 'instance_type' }
    expect((await fetch(`${api}/user/runners`, sendAsAlice('POST', body))).status).toBe(201)
    api = await start({ runners: { createRunner: created(requests) }, scopes: ['read_api'] })
    const refused = await fetch(`${api}/user/runners`, sendAsAlice('POST', body))
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({
      error: 'insufficient_scope',
      scope: 'create_runner api read_api',
    })
    const anonymous = await fetch(`${api}/user/runners`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(anonymous.status).toBe(401)
    expect(requests).toHaveLength(1)
  })
})

describe('runner lists', () => {
  const listed = (requests: ListRunnersRequest[]) => (request: ListRunnersRequest) => {
    requests.push(request)
    return Promise.resolve({
      runners: [
        runnerFixture(),
        runnerFixture({ id: 8, runnerType: 'instance_type', paused: true, creatorId: undefined }),
      ],
      pageInfo: { total: 12 },
    })
  }

  it('GET /runners lists the owned runners with filters and pagination', async () => {
    const requests: ListRunnersRequest[] = []
    const api = await start({ runners: { listRunners: listed(requests) } })
    const res = await fetch(
      `${api}/runners?type=project_type&status=online&paused=false&tag_list=docker,linux&per_page=2`,
      { headers: ALICE },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('12')
    expect(res.headers.get('x-total-pages')).toBe('6')
    const body = (await res.json()) as Record<string, unknown>[]
    expect(body[0]).toEqual({
      id: 7,
      description: 'shell runner',
      ip_address: '10.0.0.9',
      active: true,
      paused: false,
      is_shared: false,
      runner_type: 'project_type',
      name: 'gitlab-runner',
      online: true,
      created_by: expect.objectContaining({ id: 2, username: 'alice' }) as unknown,
      created_at: '2026-11-21T10:00:00.000Z',
      status: 'online',
    })
    expect(body[1]).toMatchObject({ id: 8, is_shared: true, active: false, status: 'paused' })
    expect(body[1]).not.toHaveProperty('created_by')
    expect(requests[0]).toMatchObject({
      scope: 'owned',
      runnerType: 'project_type',
      status: 'online',
      paused: false,
      tagList: ['docker', 'linux'],
      page: { page: 1, perPage: 2 },
    })
  })

  it('GET /runners takes the deprecated scope as a status, not as a type', async () => {
    const requests: ListRunnersRequest[] = []
    const api = await start({ runners: { listRunners: listed(requests) } })
    expect((await fetch(`${api}/runners?scope=paused`, { headers: ALICE })).status).toBe(200)
    expect(requests[0]).toMatchObject({ status: 'paused' })
    const res = await fetch(`${api}/runners?scope=instance_type`, { headers: ALICE })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'scope does not have a valid value' })
  })

  it('GET /runners/all is for admins only', async () => {
    const requests: ListRunnersRequest[] = []
    let api = await start({ runners: { listRunners: listed(requests) } })
    await expectForbidden(await fetch(`${api}/runners/all`, { headers: ALICE }))
    api = await start({ runners: { listRunners: listed(requests) }, admin: true })
    const res = await fetch(`${api}/runners/all?scope=instance_type`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ scope: 'all', runnerType: 'instance_type' })
  })

  it('GET /projects/:id/runners passes the project abilities and needs read_runners', async () => {
    const requests: ListRunnersRequest[] = []
    let api = await start({ runners: { listRunners: listed(requests) } })
    await expectForbidden(await fetch(`${api}/projects/5/runners`, { headers: ALICE }))
    api = await start({
      runners: { listRunners: listed(requests) },
      project: { readRunners: true },
    })
    const res = await fetch(`${api}/projects/5/runners`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({
      scope: 'project',
      projectId: 5,
      caller: { project: { projectId: 5, readRunners: true } },
    })
  })

  it('needs a token', async () => {
    const api = await start({})
    expect((await fetch(`${api}/runners`)).status).toBe(401)
  })
})

describe('one runner', () => {
  const details = {
    batchGetProjects: () =>
      Promise.resolve({
        projects: [projectFixture(), projectFixture({ id: 6, abilities: undefined })],
      }),
  }

  it('GET /runners/:id shows the details with the projects the caller is a member of', async () => {
    const getRunner = jest.fn(() =>
      Promise.resolve({ runner: runnerFixture({ projectIds: [5, 6], maximumTimeout: 600 }) }),
    )
    const api = await start({ runners: { getRunner }, projects: details })
    const res = await fetch(`${api}/runners/7`, { headers: ALICE })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      id: 7,
      tag_list: ['docker', 'linux'],
      run_untagged: true,
      locked: true,
      maximum_timeout: 600,
      access_level: 'not_protected',
      version: '17.5.0',
      revision: 'abc12345',
      platform: 'linux',
      architecture: 'amd64',
      contacted_at: '2026-11-21T11:00:00.000Z',
      maintenance_note: 'rack 4',
      groups: [],
    })
    expect(body['projects']).toEqual([
      expect.objectContaining({
        id: 5,
        name: 'Team App',
        name_with_namespace: 'Top / Sub / Team App',
        path: 'team-app',
        path_with_namespace: 'top/sub/team-app',
      }),
    ])
    expect(getRunner).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }))
  })

  it('shows a group runner with its group and hides an instance runner note', async () => {
    const api = await start({
      runners: {
        getRunner: () =>
          Promise.resolve({
            runner: runnerFixture({ runnerType: 'group_type', projectIds: [], groupId: 10 }),
          }),
      },
    })
    const res = await fetch(`${api}/runners/7`, { headers: ALICE })
    expect(await res.json()).toMatchObject({
      projects: [],
      groups: [{ id: 10, name: 'Parent', web_url: 'https://gitlab.example.com/groups/parent' }],
    })
    const instance = await start({
      runners: {
        getRunner: () =>
          Promise.resolve({
            runner: runnerFixture({ runnerType: 'instance_type', projectIds: [] }),
          }),
      },
    })
    const shown = await fetch(`${instance}/runners/7`, { headers: ALICE })
    expect(await shown.json()).toMatchObject({ is_shared: true, maintenance_note: null })
  })

  it('answers the service 404 and 403', async () => {
    const api = await start({
      runners: {
        getRunner: ({ id }) =>
          Promise.reject(
            id === 1
              ? grpcError(status.NOT_FOUND, { resource: 'Runner' })
              : grpcError(status.PERMISSION_DENIED, { message: 'No access granted' }),
          ),
      },
    })
    const missing = await fetch(`${api}/runners/1`, { headers: ALICE })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: '404 Runner Not Found' })
    const denied = await fetch(`${api}/runners/2`, { headers: ALICE })
    expect(denied.status).toBe(403)
    expect(await denied.json()).toEqual({ message: '403 Forbidden - No access granted' })
    const invalid = await fetch(`${api}/runners/abc`, { headers: ALICE })
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toEqual({ error: 'id is invalid' })
  })

  it('takes a manage_runner token on /runners/:id only', async () => {
    const getRunner = () => Promise.resolve({ runner: runnerFixture({ projectIds: [] }) })
    const api = await start({ runners: { getRunner }, scopes: ['manage_runner'] })
    expect((await fetch(`${api}/runners/7`, { headers: ALICE })).status).toBe(200)
    const list = await fetch(`${api}/runners`, { headers: ALICE })
    expect(list.status).toBe(403)
    expect(await list.json()).toMatchObject({ error: 'insufficient_scope' })
  })

  it('PUT /runners/:id updates the given settings (active is the inverse of paused)', async () => {
    const requests: UpdateRunnerRequest[] = []
    const updateRunner = (request: UpdateRunnerRequest) => {
      requests.push(request)
      return Promise.resolve({ runner: runnerFixture({ paused: true, projectIds: [] }) })
    }
    const api = await start({ runners: { updateRunner } })
    const res = await fetch(
      `${api}/runners/7`,
      sendAsAlice('PUT', { active: false, tag_list: [], access_level: 'ref_protected' }),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: 7, paused: true, active: false, status: 'paused' })
    expect(requests[0]).toMatchObject({
      id: 7,
      settings: { paused: true, tagList: { tags: [] }, accessLevel: 'ref_protected' },
    })
    expect(requests[0]?.settings?.description).toBeUndefined()
  })

  it.each([
    [
      {},
      'description, active, paused, tag_list, run_untagged, locked, access_level, maximum_timeout, maintenance_note are missing, at least one parameter must be provided',
    ],
    [{ active: true, paused: true }, 'active, paused are mutually exclusive'],
  ])('PUT answers 400 for %j', async (body, error) => {
    const updateRunner = jest.fn()
    const api = await start({ runners: { updateRunner } })
    const res = await fetch(`${api}/runners/7`, sendAsAlice('PUT', body))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error })
    expect(updateRunner).not.toHaveBeenCalled()
  })

  it('DELETE /runners/:id answers 204', async () => {
    const deleteRunner = jest.fn(() => Promise.resolve({}))
    const api = await start({ runners: { deleteRunner } })
    const res = await fetch(`${api}/runners/7`, { method: 'DELETE', headers: ALICE })
    expect(res.status).toBe(204)
    expect(deleteRunner).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }))
  })
})
