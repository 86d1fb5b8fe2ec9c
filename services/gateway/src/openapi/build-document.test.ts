import { Ajv2020 } from 'ajv/dist/2020.js'
import { presentUserBasic } from '../entities/user-basic.entity.js'
import { fakeIdentity } from '../testing/fake-identity.js'
import { contextFixture, userFixture } from '../testing/fixtures.js'
import { startGateway, type TestGateway } from '../testing/test-server.js'
import { openapiPath } from './build-document.js'

type Doc = {
  openapi: string
  paths: Record<string, Record<string, Record<string, unknown>>>
  components: { schemas: Record<string, unknown> }
}

let gateway: TestGateway | undefined
afterAll(async () => {
  await gateway?.close()
})

async function document(): Promise<Doc> {
  gateway ??= await startGateway(fakeIdentity())
  const res = await fetch(`${gateway.url}/api/v4/openapi.json`)
  expect(res.status).toBe(200)
  return (await res.json()) as Doc
}

function parameter(doc: Doc, path: string, method: string, name: string): unknown {
  const parameters = doc.paths[path]?.[method]?.['parameters'] as { name: string }[]
  return parameters.find((entry) => entry.name === name)
}

describe('openapiPath', () => {
  it("writes Express's :param as {param}", () => {
    expect(openapiPath('/api/v4/projects/:id/merge_requests/:merge_request_iid')).toBe(
      '/api/v4/projects/{id}/merge_requests/{merge_request_iid}',
    )
  })
})

describe('GET /api/v4/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the routes, served without a token', async () => {
    const doc = await document()
    expect(doc.openapi).toBe('3.1.0')
    expect(
      Object.keys(doc.paths['/api/v4/projects/{id}/merge_requests/{merge_request_iid}'] ?? {}),
    ).toEqual(expect.arrayContaining(['get', 'put', 'delete']))
  })

  it('gives query parameters their type, default and values', async () => {
    const doc = await document()
    expect(parameter(doc, '/api/v4/projects', 'get', 'per_page')).toEqual({
      name: 'per_page',
      in: 'query',
      required: false,
      schema: { type: 'integer', default: 20 },
    })
    expect(parameter(doc, '/api/v4/projects/{id}/merge_requests', 'get', 'state')).toEqual({
      name: 'state',
      in: 'query',
      required: false,
      schema: {
        type: 'string',
        enum: ['opened', 'closed', 'locked', 'merged', 'all'],
        default: 'all',
      },
    })
    expect(parameter(doc, '/api/v4/projects/{id}', 'get', 'id')).toMatchObject({
      in: 'path',
      required: true,
    })
  })

  it('documents a write body with its required parameters, and its status', async () => {
    const post = (await document()).paths['/api/v4/projects/{id}/merge_requests']?.['post']
    const schema = (
      post?.['requestBody'] as { content: Record<string, { schema: Record<string, unknown> }> }
    ).content['application/json']?.schema
    expect(schema?.['required']).toEqual(
      expect.arrayContaining(['source_branch', 'target_branch', 'title']),
    )
    expect(Object.keys(post?.['responses'] as object)).toEqual(
      expect.arrayContaining(['201', '400', '404']),
    )
  })

  it('gives lists the pagination headers and their entity', async () => {
    const get = (await document()).paths['/api/v4/projects/{id}/merge_requests']?.['get']
    const ok = (get?.['responses'] as Record<string, Record<string, unknown>>)['200']
    expect(Object.keys(ok?.['headers'] as object)).toEqual(
      expect.arrayContaining(['X-Total', 'X-Next-Page', 'Link']),
    )
    expect(ok?.['content']).toEqual({
      'application/json': {
        schema: { type: 'array', items: { $ref: '#/components/schemas/MergeRequestListed' } },
      },
    })
  })

  it('names the entity of the route it is mapped to, not of its neighbours', async () => {
    const doc = await document()
    const entity = (path: string, method: string, status = '200') => {
      const operation = doc.paths[`/api/v4${path}`]?.[method]
      if (!operation) throw new Error(`no ${method} ${path}`)
      const responses = operation['responses'] as Record<
        string,
        { content?: Record<string, { schema: { $ref?: string; items?: { $ref?: string } } }> }
      >
      const schema = responses[status]?.content?.['application/json']?.schema
      const ref = schema?.$ref ?? (schema?.items?.$ref ? `[${schema.items.$ref}]` : undefined)
      return ref?.replaceAll('#/components/schemas/', '')
    }
    const mr = '/projects/{id}/merge_requests/{merge_request_iid}'
    expect(entity(mr, 'get')).toBe('MergeRequest')
    expect(entity(`${mr}/notes`, 'get')).toBe('[Note]')
    expect(entity(`${mr}/notes/{note_id}`, 'put')).toBe('Note')
    expect(entity(`${mr}/discussions/{discussion_id}`, 'get')).toBe('Discussion')
    expect(entity(`${mr}/discussions/{discussion_id}/notes`, 'post', '201')).toBe('Note')
    expect(entity(`${mr}/approvals`, 'get')).toBeUndefined()
    expect(entity('/projects/{id}/hooks/{hook_id}/events', 'get')).toBe('[WebHookLog]')
    expect(entity('/projects/{id}/hooks/{hook_id}', 'put')).toBe('ProjectHook')
    expect(entity('/users/{id}/events', 'get')).toBe('[Event]')
  })

  it("describes an entity by its presenter's type: a missing field fails", async () => {
    const doc = await document()
    const ajv = new Ajv2020({ strict: false })
    const validate = ajv.compile({
      $ref: '#/components/schemas/UserBasic',
      components: doc.components,
    })
    const user = presentUserBasic(userFixture(), contextFixture())
    expect(validate(user)).toBe(true)
    const { web_url: _, ...withoutUrl } = user
    expect(validate(withoutUrl)).toBe(false)
    expect(validate({ ...user, id: 'two' })).toBe(false)
  })
})
