import { status } from '@grpc/grpc-js'
import type { TriggerPipelineRequest } from '@suite/proto'
import { pipelineFixture } from '../testing/merge-request-fixture.js'
import { fakePipelines } from '../testing/fake-merge-requests.js'
import { fakeIdentity } from '../testing/fake-identity.js'
import { fakeProjects } from '../testing/fake-projects.js'
import { userFixture } from '../testing/fixtures.js'
import { grpcError } from '../testing/grpc-error.js'
import { projectFixture } from '../testing/project-fixture.js'
import { startGateway, type TestGateway } from '../testing/test-server.js'

const TOKEN = `glptt-${'a'.repeat(40)}`

let gateway: TestGateway
const requests: TriggerPipelineRequest[] = []

beforeAll(async () => {
  const project = projectFixture({ id: 7 })
  gateway = await startGateway(
    // No tokens service: a PRIVATE-TOKEN sent along is never looked up.
    fakeIdentity({ users: { batchGetUsers: () => Promise.resolve({ users: [userFixture()] }) } }),
    {
      projects: fakeProjects({
        batchGetProjects: () => Promise.resolve({ projects: [project] }),
      }),
      pipelines: fakePipelines(
        {},
        {
          triggerPipeline: (request: TriggerPipelineRequest) => {
            requests.push(request)
            if (request.token !== TOKEN) return Promise.reject(grpcError(status.NOT_FOUND))
            return Promise.resolve({
              pipeline: pipelineFixture({ id: 5, projectId: 7, source: 'trigger', userId: 2 }),
            })
          },
        },
      ),
    },
  )
})

afterAll(() => gateway.close())

function post(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${gateway.url}/api/v4${path}`, { method: 'POST', ...init })
}

function json(body: unknown): RequestInit {
  return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
}

describe('POST /projects/:id/trigger/pipeline', () => {
  beforeEach(() => {
    requests.length = 0
  })

  it('creates from the query string and a multipart form, ignoring a PRIVATE-TOKEN', async () => {
    const form = new FormData()
    form.append('variables[DEPLOY]', 'yes')
    const res = await post(`/projects/7/trigger/pipeline?token=${TOKEN}&ref=main`, {
      headers: { 'PRIVATE-TOKEN': 'not-a-token' },
      body: form,
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toBe('application/json')
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({ id: 5, source: 'trigger', user: { id: 2, username: 'alice' } })
    expect(requests[0]).toEqual({
      token: TOKEN,
      project: { id: 7 },
      ref: 'main',
      variables: [{ key: 'DEPLOY', value: 'yes', variableType: 'env_var' }],
      inputs: [],
    })
  })

  it('takes the ref of the legacy path, slashes included, and the project by path', async () => {
    const res = await post(`/projects/group%2Fapp/ref/feature/x/trigger/pipeline?token=${TOKEN}`, {
      ...json({ ref: 'ignored', inputs: { n: 3, flag: true, list: ['a'], s: 'x' } }),
    })
    expect(res.status).toBe(201)
    expect(requests[0]).toMatchObject({
      project: { fullPath: 'group/app' },
      ref: 'feature/x',
      inputs: [
        { name: 'n', numberValue: 3 },
        { name: 'flag', booleanValue: true },
        { name: 'list', arrayJson: '["a"]' },
        { name: 's', stringValue: 'x' },
      ],
    })
  })

  it.each([
    [{}, { error: 'ref is missing, token is missing' }],
    [{ ref: '', token: TOKEN }, { error: 'ref is empty' }],
    [{ ref: 'main', token: TOKEN, variables: 'value' }, { error: 'variables is invalid' }],
    [
      { ref: 'main', token: TOKEN, variables: { A: 1 } },
      { message: 'variables needs to be a map of key-valued strings' },
    ],
    [{ ref: 'main', token: TOKEN, inputs: [1] }, { error: 'inputs is invalid' }],
  ])('answers 400 for %j', async (body, expected) => {
    const res = await post('/projects/7/trigger/pipeline', json(body))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(expected)
    expect(requests).toHaveLength(0)
  })

  it('refuses a pipeline hook calling back in', async () => {
    const res = await post('/projects/7/trigger/pipeline', {
      headers: { 'Content-Type': 'application/json', 'X-Gitlab-Event': 'Pipeline Hook' },
      body: JSON.stringify({ ref: 'main', token: TOKEN }),
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: '403 Forbidden' })
  })

  it('answers one 404 Not Found for any miss', async () => {
    const res = await post('/projects/7/trigger/pipeline', json({ ref: 'main', token: 'wrong' }))
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: '404 Not Found' })
  })
})
