import { status } from '@grpc/grpc-js'
import type {
  ListPipelineJobsRequest,
  PipelineServiceClient,
  RepositoryServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import { ALICE, expectForbidden, startAbilityGateway } from '../testing/ability-gateway.js'
import type { AbilitySetup } from '../testing/ability-gateway.js'
import { grpcError } from '../testing/grpc-error.js'
import { commitFixture, jobFixture } from '../testing/job-fixture.js'
import { pipelineFixture } from '../testing/merge-request-fixture.js'
import type { TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

async function start(
  pipelines: Partial<PromiseClient<PipelineServiceClient>>,
  repository: Partial<PromiseClient<RepositoryServiceClient>> = {},
  setup: AbilitySetup = {},
): Promise<string> {
  await gateway?.close()
  const started = await startAbilityGateway({ ...setup, pipelines, repository })
  gateway = started
  return `${started.api}/projects/5`
}

const commitBySha = () =>
  jest.fn(({ sha }: { sha: string }) =>
    Promise.resolve({ commit: commitFixture({ id: sha }), stats: undefined }),
  )

describe('GET /projects/:id/pipelines/:pipeline_id/jobs', () => {
  it('lists the jobs with one commit lookup per distinct sha', async () => {
    const requests: ListPipelineJobsRequest[] = []
    const getCommit = commitBySha()
    const api = await start(
      {
        listPipelineJobs: (request) => {
          requests.push(request)
          return Promise.resolve({
            jobs: [jobFixture({ id: 302, name: 'lint' }), jobFixture()],
            pageInfo: { total: 2 },
          })
        },
      },
      { getCommit },
    )
    const res = await fetch(`${api}/pipelines/61/jobs?scope[]=success&scope[]=failed`, {
      headers: ALICE,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('2')
    const body = (await res.json()) as Record<string, unknown>[]
    expect(body.map((job) => job['id'])).toEqual([302, 301])
    expect(body[0]).toMatchObject({
      name: 'lint',
      commit: { id: 'abc123' },
      pipeline: { id: 61, project_id: 5 },
      user: { id: 2, username: 'alice' },
      artifacts: [],
    })
    expect(getCommit).toHaveBeenCalledTimes(1)
    expect(requests[0]).toMatchObject({
      projectId: 5,
      pipelineId: 61,
      scope: ['success', 'failed'],
      includeRetried: false,
    })
  })

  it('takes one scope as a string and include_retried', async () => {
    const listPipelineJobs = jest.fn(() => Promise.resolve({ jobs: [], pageInfo: { total: 0 } }))
    const api = await start({ listPipelineJobs })
    const res = await fetch(`${api}/pipelines/61/jobs?scope=pending&include_retried=true`, {
      headers: ALICE,
    })
    expect(res.status).toBe(200)
    expect(listPipelineJobs).toHaveBeenCalledWith(
      expect.objectContaining({ scope: ['pending'], includeRetried: true }),
    )
  })

  it.each(['scope=unknown', 'scope[]=unknown&scope[]=running', 'scope[hello]=pending'])(
    'answers 400 for %s',
    async (query) => {
      const listPipelineJobs = jest.fn()
      const api = await start({ listPipelineJobs })
      const res = await fetch(`${api}/pipelines/61/jobs?${query}`, { headers: ALICE })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'scope does not have a valid value' })
      expect(listPipelineJobs).not.toHaveBeenCalled()
    },
  )

  it('answers 404 Not found for a pipeline the project does not have', async () => {
    const notFound = () =>
      Promise.reject(grpcError(status.NOT_FOUND, { reason: 'record_not_found' }))
    const api = await start({ getPipeline: notFound, listPipelineJobs: notFound })
    const res = await fetch(`${api}/pipelines/62/jobs`, { headers: ALICE })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: '404 Not found' })
  })
})

describe('GET /projects/:id/jobs/:job_id', () => {
  it('shows the job with its pipeline and commit', async () => {
    const api = await start(
      {
        getJob: () => Promise.resolve({ job: jobFixture() }),
        getPipeline: () => Promise.resolve({ pipeline: pipelineFixture({ ref: 'main' }) }),
      },
      { getCommit: commitBySha() },
    )
    const res = await fetch(`${api}/jobs/301`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      id: 301,
      status: 'success',
      pipeline: { id: 61, ref: 'main' },
      commit: { id: 'abc123' },
      web_url: 'https://gitlab.example.com/top/sub/team-app/-/jobs/301',
      project: { ci_job_token_scope_enabled: false },
      tag_list: ['docker', 'linux'],
    })
  })

  it('needs a token (401) and read_build (403)', async () => {
    const getJob = jest.fn()
    let api = await start({ getJob })
    expect((await fetch(`${api}/jobs/301`)).status).toBe(401)
    api = await start({ getJob }, {}, { project: { readBuild: false } })
    await expectForbidden(await fetch(`${api}/jobs/301`, { headers: ALICE }))
    expect(getJob).not.toHaveBeenCalled()
  })
})
