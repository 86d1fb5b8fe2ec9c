import { status } from '@grpc/grpc-js'
import type {
  CreatePipelineRequest,
  ListPipelinesRequest,
  PipelineServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import {
  ALICE,
  expectForbidden,
  sendAsAlice,
  startAbilityGateway,
  type AbilitySetup,
} from '../testing/ability-gateway.js'
import { userFixture } from '../testing/fixtures.js'
import { grpcError } from '../testing/grpc-error.js'
import { pipelineVariableFixture } from '../testing/job-fixture.js'
import { pipelineFixture } from '../testing/merge-request-fixture.js'
import type { TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

async function start(
  pipelines: Partial<PromiseClient<PipelineServiceClient>>,
  setup: AbilitySetup = {},
): Promise<string> {
  await gateway?.close()
  const started = await startAbilityGateway({ ...setup, pipelines })
  gateway = started
  return `${started.api}/projects/5`
}

const listed = () =>
  Promise.resolve({
    pipelines: [pipelineFixture({ name: 'Build pipeline' })],
    pageInfo: { total: 1 },
  })

describe('GET /projects/:id/pipelines', () => {
  it('passes the filters on and presents PipelineBasicWithMetadata with pagination headers', async () => {
    const requests: ListPipelinesRequest[] = []
    const api = await start({
      listPipelines: (request) => {
        requests.push(request)
        return listed()
      },
    })
    const query =
      'scope=finished&status=success&source=push&ref=main&yaml_errors=false&order_by=updated_at&sort=asc&updated_after=2026-11-20T00:00:00Z'
    const res = await fetch(`${api}/pipelines?${query}`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('1')
    const body = (await res.json()) as Record<string, unknown>[]
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(
      [
        'id',
        'iid',
        'project_id',
        'sha',
        'ref',
        'status',
        'source',
        'created_at',
        'updated_at',
        'web_url',
        'name',
      ].sort(),
    )
    expect(body[0]).toMatchObject({ id: 61, name: 'Build pipeline' })
    expect(requests[0]).toMatchObject({
      projectId: 5,
      scope: 'finished',
      status: 'success',
      source: 'push',
      ref: 'main',
      yamlErrors: false,
      orderBy: 'updated_at',
      sort: 'asc',
      updatedAfter: new Date('2026-11-20T00:00:00Z'),
      userId: undefined,
      page: { page: 1, perPage: 20 },
    })
    expect(requests[0]?.caller?.userId).toBe(2)
  })

  it('defaults to order_by id, sort desc', async () => {
    const listPipelines = jest.fn(listed)
    const api = await start({ listPipelines })
    await fetch(`${api}/pipelines`, { headers: ALICE })
    expect(listPipelines).toHaveBeenCalledWith(
      expect.objectContaining({ orderBy: 'id', sort: 'desc' }),
    )
  })

  it.each([
    ['status=bogus', 'status does not have a valid value'],
    ['scope=all', 'scope does not have a valid value'],
    ['order_by=lock_version', 'order_by does not have a valid value'],
    ['sort=up', 'sort does not have a valid value'],
    ['source=nowhere', 'source does not have a valid value'],
    ['yaml_errors=maybe', 'yaml_errors is invalid'],
    ['updated_before=yesterday', 'updated_before is invalid'],
  ])('answers 400 for %s', async (query, error) => {
    const listPipelines = jest.fn(listed)
    const api = await start({ listPipelines })
    const res = await fetch(`${api}/pipelines?${query}`, { headers: ALICE })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error })
    expect(listPipelines).not.toHaveBeenCalled()
  })

  it('filters by username: the user id when known, nothing at all when not', async () => {
    const listPipelines = jest.fn(listed)
    const listUsers = jest.fn(({ username }: { username?: string | undefined }) =>
      Promise.resolve({
        users: username === 'ALICE' ? [userFixture()] : [],
        pageInfo: { total: 0 },
      }),
    )
    const identity = {
      users: {
        listUsers,
        batchGetUsers: () => Promise.resolve({ users: [userFixture()] }),
      },
    }
    const api = await start({ listPipelines }, { identity })
    const known = await fetch(`${api}/pipelines?username=ALICE`, { headers: ALICE })
    expect(known.status).toBe(200)
    expect(listPipelines).toHaveBeenCalledWith(expect.objectContaining({ userId: 2 }))

    listPipelines.mockClear()
    const unknown = await fetch(`${api}/pipelines?username=nobody`, { headers: ALICE })
    expect(unknown.status).toBe(200)
    expect(await unknown.json()).toEqual([])
    expect(listPipelines).not.toHaveBeenCalled()
  })

  it('needs read_pipeline and read_build (403), and never asks the service without them', async () => {
    const listPipelines = jest.fn(listed)
    for (const project of [{ readPipeline: false }, { readBuild: false }]) {
      const api = await start({ listPipelines }, { project })
      await expectForbidden(await fetch(`${api}/pipelines`, { headers: ALICE }))
    }
    expect(listPipelines).not.toHaveBeenCalled()
  })
})

describe('POST /projects/:id/pipeline', () => {
  function creating(requests: CreatePipelineRequest[]) {
    return {
      createPipeline: (request: CreatePipelineRequest) => {
        requests.push(request)
        return Promise.resolve({ pipeline: pipelineFixture({ source: 'api', ref: 'main' }) })
      },
    }
  }

  it('creates an api pipeline from a ref, with typed variables and inputs (201)', async () => {
    const requests: CreatePipelineRequest[] = []
    const api = await start(creating(requests))
    const res = await fetch(
      `${api}/pipeline`,
      sendAsAlice('POST', {
        ref: 'main',
        variables: [
          { key: 'DEPLOY', value: 'true', variable_type: 'file' },
          { key: 'N', value: 3 },
        ],
        inputs: { stage: 'test', parallel: 3, dry: true, list: ['a', 'b'] },
      }),
    )
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      id: 61,
      source: 'api',
      ref: 'main',
      detailed_status: expect.any(Object),
      archived: false,
    })
    expect(requests[0]).toMatchObject({
      projectId: 5,
      ref: 'main',
      sha: '',
      resolveRef: true,
      source: 'api',
      variables: [
        { key: 'DEPLOY', value: 'true', variableType: 'file' },
        { key: 'N', value: '3', variableType: 'env_var' },
      ],
      inputs: [
        { name: 'stage', stringValue: 'test' },
        { name: 'parallel', numberValue: 3 },
        { name: 'dry', booleanValue: true },
        { name: 'list', arrayJson: '["a","b"]' },
      ],
    })
    expect(requests[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('reads form variables (variables[][key]=...)', async () => {
    const requests: CreatePipelineRequest[] = []
    const api = await start(creating(requests))
    const res = await fetch(`${api}/pipeline`, {
      method: 'POST',
      headers: { ...ALICE, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'ref=main&variables[][key]=A&variables[][value]=1&inputs[name]=x',
    })
    expect(res.status).toBe(201)
    expect(requests[0]).toMatchObject({
      variables: [{ key: 'A', value: '1', variableType: 'env_var' }],
      inputs: [{ name: 'name', stringValue: 'x' }],
    })
  })

  it.each([
    [{}, 'ref is missing'],
    [{ ref: 'main', variables: 'A=1' }, 'variables is invalid'],
    [{ ref: 'main', inputs: ['x'] }, 'inputs is invalid'],
    [
      { ref: 'main', variables: [{ key: 'A', value: 'b', variable_type: 'secret' }] },
      'variables[0][variable_type] does not have a valid value',
    ],
  ])('answers 400 for %j', async (body, error) => {
    const createPipeline = jest.fn()
    const api = await start({ createPipeline })
    const res = await fetch(`${api}/pipeline`, sendAsAlice('POST', body))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error })
    expect(createPipeline).not.toHaveBeenCalled()
  })

  it("passes the service's base errors on (400)", async () => {
    const api = await start({
      createPipeline: () =>
        Promise.reject(
          grpcError(status.INVALID_ARGUMENT, {
            fieldErrors: [{ field: 'base', messages: ['Reference not found'] }],
          }),
        ),
    })
    const res = await fetch(`${api}/pipeline`, sendAsAlice('POST', { ref: 'nope' }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: { base: ['Reference not found'] } })
  })

  it('needs a token (401) and create_pipeline (403)', async () => {
    const createPipeline = jest.fn()
    let api = await start({ createPipeline })
    const anonymous = await fetch(`${api}/pipeline`, { method: 'POST', body: 'ref=main' })
    expect(anonymous.status).toBe(401)
    api = await start({ createPipeline }, { project: { createPipeline: false } })
    await expectForbidden(await fetch(`${api}/pipeline`, sendAsAlice('POST', { ref: 'main' })))
    expect(createPipeline).not.toHaveBeenCalled()
  })
})

describe('single pipelines', () => {
  const notFound = () => Promise.reject(grpcError(status.NOT_FOUND, { reason: 'record_not_found' }))

  it('shows one with its name; 404 Not found for an unknown or huge id', async () => {
    const getPipeline = jest.fn(({ id }: { id: number }) =>
      id === 61 ? Promise.resolve({ pipeline: pipelineFixture({ name: 'Nightly' }) }) : notFound(),
    )
    const api = await start({ getPipeline })
    const res = await fetch(`${api}/pipelines/61`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: 61, name: 'Nightly', archived: false })
    for (const id of ['62', '99999999999999999999999']) {
      const missing = await fetch(`${api}/pipelines/${id}`, { headers: ALICE })
      expect(missing.status).toBe(404)
      expect(await missing.json()).toEqual({ message: '404 Not found' })
    }
    const garbage = await fetch(`${api}/pipelines/abc`, { headers: ALICE })
    expect(garbage.status).toBe(400)
    expect(await garbage.json()).toEqual({ error: 'pipeline_id is invalid' })
  })

  it('shows the latest of a ref; without one, 403 as GitLab authorizes on nil', async () => {
    const getLatestPipeline = jest.fn(({ ref }: { ref: string }) =>
      ref === '' ? Promise.resolve({ pipeline: pipelineFixture() }) : notFound(),
    )
    const api = await start({ getLatestPipeline })
    const latest = await fetch(`${api}/pipelines/latest`, { headers: ALICE })
    expect(latest.status).toBe(200)
    expect(await latest.json()).toMatchObject({ id: 61, name: null })
    await expectForbidden(await fetch(`${api}/pipelines/latest?ref=gone`, { headers: ALICE }))
  })

  it("lists a pipeline's variables", async () => {
    const api = await start({
      listPipelineVariables: () =>
        Promise.resolve({ variables: [pipelineVariableFixture({ variableType: 'file' })] }),
    })
    const res = await fetch(`${api}/pipelines/61/variables`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      { variable_type: 'file', key: 'DEPLOY', value: 'true', raw: false },
    ])
  })

  it('cancels (200), retries (201) and deletes (204) with the write client', async () => {
    const answer = () => Promise.resolve({ pipeline: pipelineFixture({ status: 'canceled' }) })
    const deletePipeline = jest.fn(() => Promise.resolve({}))
    const api = await start(
      { cancelPipeline: answer, retryPipeline: answer, deletePipeline },
      { project: { updatePipeline: true, destroyPipeline: true } },
    )
    const cancel = await fetch(`${api}/pipelines/61/cancel`, sendAsAlice('POST'))
    expect(cancel.status).toBe(200)
    expect(await cancel.json()).toMatchObject({ id: 61, status: 'canceled' })
    const retry = await fetch(`${api}/pipelines/61/retry`, sendAsAlice('POST'))
    expect(retry.status).toBe(201)
    const removed = await fetch(`${api}/pipelines/61`, sendAsAlice('DELETE'))
    expect(removed.status).toBe(204)
    expect(deletePipeline).toHaveBeenCalledWith(
      expect.objectContaining({ projectId: 5, pipelineId: 61 }),
    )
  })

  it('needs update_pipeline to cancel or retry and destroy_pipeline to delete (403)', async () => {
    const never = jest.fn()
    const api = await start(
      { cancelPipeline: never, retryPipeline: never, deletePipeline: never },
      { project: { updatePipeline: false, destroyPipeline: false } },
    )
    await expectForbidden(await fetch(`${api}/pipelines/61/cancel`, sendAsAlice('POST')))
    await expectForbidden(await fetch(`${api}/pipelines/61/retry`, sendAsAlice('POST')))
    await expectForbidden(await fetch(`${api}/pipelines/61`, sendAsAlice('DELETE')))
    expect(never).not.toHaveBeenCalled()
    const anonymous = await fetch(`${api}/pipelines/61`, { method: 'DELETE' })
    expect(anonymous.status).toBe(401)
  })
})
