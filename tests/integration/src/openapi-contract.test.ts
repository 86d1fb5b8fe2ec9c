import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { api, type ApiResponse } from './support/api'
import { createUserWithToken } from './support/factories'
import { openMergeRequest } from './support/merge-requests'
import { createProject } from './support/projects'
import { rootToken } from './support/suite-state'

/**
 * The OpenAPI document against what the suite answers: a sample of real
 * responses must match their operation's response schema, as served at
 * GET /api/v4/openapi.json.
 */
interface Operation {
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: {
    schemas: Record<string, unknown>
    responses: Record<string, Operation['responses'][string]>
  }
}

let doc: Document
const ajv = new Ajv2020({ strict: false, allErrors: true })

beforeAll(async () => {
  const res = await api<Document>('/openapi.json')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/json')
  doc = res.body
})

/** The JSON Schema of the answer `status` of `method path` (path as the document writes it). */
function responseSchema(method: string, path: string, status: number): ValidateFunction {
  const operation = doc.paths[`/api/v4${path}`]?.[method.toLowerCase()]
  if (!operation) throw new Error(`openapi.json has no ${method} ${path}`)
  let response = operation.responses[String(status)]
  if (response?.$ref) {
    response = doc.components.responses[response.$ref.replace('#/components/responses/', '')]
  }
  const schema = response?.content?.['application/json']?.schema
  if (!schema) throw new Error(`openapi.json: ${method} ${path} has no JSON ${status} answer`)
  return ajv.compile({ ...schema, components: doc.components })
}

function expectConforms(validate: ValidateFunction, res: ApiResponse): void {
  const valid = validate(res.body)
  // The errors name the field that broke the contract.
  expect(valid ? [] : validate.errors).toEqual([])
}

describe('openapi.json contract', () => {
  it('is an OpenAPI 3.1 document served without a token', () => {
    expect(doc.openapi).toBe('3.1.0')
  })

  it('describes a project as GET /projects/:id answers it, and a missing field breaks it', async () => {
    const { token } = await createUserWithToken()
    const project = await createProject(token)
    const validate = responseSchema('GET', '/projects/{id}', 200)
    const res = await api<Record<string, unknown>>(`/projects/${project.id}`, { token })
    expect(res.status).toBe(200)
    expectConforms(validate, res)
    // The schema is the presenter's type: without a documented field it does not match.
    const { namespace: _, ...withoutNamespace } = res.body
    expect(validate(withoutNamespace)).toBe(false)
    // Anonymous callers of a public project get BasicProjectDetails, documented too.
    const open = await createProject(token, { visibility: 'public' })
    expectConforms(validate, await api(`/projects/${open.id}`))
  })

  it('describes a merge request list, with its pagination headers', async () => {
    const { token } = await createUserWithToken()
    const project = await createProject(token, { initialize_with_readme: true })
    await openMergeRequest(token, project.id)
    const res = await api<Record<string, unknown>[]>(`/projects/${project.id}/merge_requests`, {
      token,
    })
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(1)
    expectConforms(responseSchema('GET', '/projects/{id}/merge_requests', 200), res)
    const ok = doc.paths['/api/v4/projects/{id}/merge_requests']?.['get']?.responses['200']
    for (const header of Object.keys((ok as { headers: object }).headers)) {
      if (header !== 'Link') expect(res.headers.has(header)).toBe(true)
    }
    const simple = await api(`/projects/${project.id}/merge_requests`, {
      token,
      query: { view: 'simple' },
    })
    expectConforms(responseSchema('GET', '/projects/{id}/merge_requests', 200), simple)
  })

  it('describes users as GET /user and GET /users/:id answer them, admin or not', async () => {
    const { user, token } = await createUserWithToken()
    expectConforms(responseSchema('GET', '/user', 200), await api('/user', { token }))
    expectConforms(responseSchema('GET', '/user', 200), await api('/user', { token: rootToken() }))
    const byId = responseSchema('GET', '/users/{id}', 200)
    expectConforms(byId, await api(`/users/${user.id}`, { token }))
    expectConforms(byId, await api(`/users/${user.id}`, { token: rootToken() }))
  })

  it("describes GitLab's error bodies: 404 message, 400 error, 401", async () => {
    const { token } = await createUserWithToken()
    const missing = await api('/projects/999999999', { token })
    expect(missing.status).toBe(404)
    expectConforms(responseSchema('GET', '/projects/{id}', 404), missing)
    const project = await createProject(token)
    const invalid = await api(`/projects/${project.id}/merge_requests`, {
      method: 'POST',
      token,
      body: { source_branch: 'a' },
    })
    expect(invalid.status).toBe(400)
    expectConforms(responseSchema('POST', '/projects/{id}/merge_requests', 400), invalid)
    const anonymous = await api('/user')
    expect(anonymous.status).toBe(401)
    expectConforms(responseSchema('GET', '/user', 401), anonymous)
    // An error body is not a project: the success schema refuses it.
    expect(responseSchema('GET', '/projects/{id}', 200)(missing.body)).toBe(false)
  })
})
