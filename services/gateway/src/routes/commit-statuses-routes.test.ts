import { status } from '@grpc/grpc-js'
import type {
  CreateCommitStatusRequest,
  ListCommitStatusesRequest,
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
import { grpcError } from '../testing/grpc-error.js'
import { jobFixture } from '../testing/job-fixture.js'
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
  const started = await startAbilityGateway({ ...setup, pipelines })
  gateway = started
  return `${started.api}/projects/5`
}

const SHA = 'a'.repeat(40)

const external = jobFixture({
  id: 900,
  name: 'ci/lint',
  stage: 'external',
  status: 'running',
  sha: SHA,
  ref: 'feature',
  coverage: '81.5',
  pipelineId: 77,
})

describe('POST /projects/:id/statuses/:sha', () => {
  it('hands the report to ci-triggers and presents the commit status', async () => {
    const requests: CreateCommitStatusRequest[] = []
    const api = await start({
      createCommitStatus: (request) => {
        requests.push(request)
        return Promise.resolve({
          status: { job: external, targetUrl: 'https://ci.example/9', description: undefined },
        })
      },
    })
    const res = await fetch(
      `${api}/statuses/${SHA}`,
      sendAsAlice('POST', {
        state: 'running',
        context: 'ci/lint',
        target_url: 'https://ci.example/9',
        coverage: '81.5',
        pipeline_id: 77,
      }),
    )
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      id: 900,
      sha: SHA,
      ref: 'feature',
      status: 'running',
      name: 'ci/lint',
      target_url: 'https://ci.example/9',
      description: null,
      allow_failure: false,
      coverage: 81.5,
      pipeline_id: 77,
      author: { id: 2, username: 'alice' },
    })
    expect(requests[0]).toMatchObject({
      projectId: 5,
      sha: SHA,
      state: 'running',
      name: 'ci/lint',
      targetUrl: 'https://ci.example/9',
      coverage: 81.5,
      pipelineId: 77,
    })
    expect(requests[0]?.caller?.project?.projectId).toBe(5)
  })

  it('refuses a missing or unknown state as Grape does', async () => {
    const createCommitStatus = jest.fn()
    const api = await start({ createCommitStatus })
    const missing = await fetch(`${api}/statuses/${SHA}`, sendAsAlice('POST', {}))
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: 'state is missing' })
    const unknown = await fetch(`${api}/statuses/${SHA}`, sendAsAlice('POST', { state: 'done' }))
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({ error: 'state does not have a valid value' })
    expect(createCommitStatus).not.toHaveBeenCalled()
  })

  it("answers ci-triggers' refusals with GitLab's messages", async () => {
    const message =
      'Cannot transition status via :run from :running (Reason(s): Status cannot transition via "run")'
    const api = await start({
      createCommitStatus: ({ state }) =>
        Promise.reject(
          state === 'running'
            ? grpcError(status.INVALID_ARGUMENT, { message })
            : grpcError(status.NOT_FOUND, { resource: 'Commit' }),
        ),
    })
    const refused = await fetch(`${api}/statuses/${SHA}`, sendAsAlice('POST', { state: 'running' }))
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ message })
    const unknown = await fetch(`${api}/statuses/${SHA}`, sendAsAlice('POST', { state: 'success' }))
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: '404 Commit Not Found' })
  })

  it('is for those who may create pipelines', async () => {
    const createCommitStatus = jest.fn()
    const api = await start({ createCommitStatus }, { project: { createPipeline: false } })
    await expectForbidden(
      await fetch(`${api}/statuses/${SHA}`, sendAsAlice('POST', { state: 'success' })),
    )
    expect(createCommitStatus).not.toHaveBeenCalled()
  })
})

describe('GET /projects/:id/repository/commits/:sha/statuses', () => {
  it('lists with the filters and pagination headers', async () => {
    const requests: ListCommitStatusesRequest[] = []
    const api = await start({
      listCommitStatuses: (request) => {
        requests.push(request)
        return Promise.resolve({ statuses: [{ job: external }], pageInfo: { total: 3 } })
      },
    })
    const res = await fetch(
      `${api}/repository/commits/${SHA}/statuses?ref=feature&name=ci/lint&all=true&per_page=1`,
      { headers: ALICE },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('3')
    const body = (await res.json()) as Record<string, unknown>[]
    expect(body).toEqual([expect.objectContaining({ id: 900, name: 'ci/lint', target_url: null })])
    expect(requests[0]).toMatchObject({
      projectId: 5,
      sha: SHA,
      ref: 'feature',
      name: 'ci/lint',
      all: true,
      page: { page: 1, perPage: 1 },
    })
  })

  it('needs a signed-in caller', async () => {
    const api = await start({ listCommitStatuses: jest.fn() })
    const res = await fetch(`${api}/repository/commits/${SHA}/statuses`)
    expect(res.status).toBe(401)
  })
})
