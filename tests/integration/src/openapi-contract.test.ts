import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { api, eventually, type ApiResponse } from './support/api'
import { createUserWithToken, uniqueName } from './support/factories'
import { mrPath, openMergeRequest, projectWithMain } from './support/merge-requests'
import { commitFiles, createProject, waitForEvent } from './support/projects'
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

/** What `validate` says of `body` without `field`: a required field's absence must fail. */
function withoutField(validate: ValidateFunction, body: unknown, field: string): boolean {
  const { [field]: _, ...rest } = body as Record<string, unknown>
  expect(Object.keys(rest).length).toBeLessThan(Object.keys(body as object).length)
  return validate(rest)
}

/** Answers `status` to `method path` (as sent) and matches `documented` (as the document writes it). */
async function expectDocumented<T = Record<string, unknown>>(
  method: string,
  documented: string,
  path: string,
  status: number,
  options: { token?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const res = await api<T>(path, { method, ...options })
  expect([method, path, res.status]).toEqual([method, path, status])
  const validate = responseSchema(method, documented, status)
  // A named entity, not the bare JSON object of an undescribed route.
  const { components: _, ...own } = validate.schema as Record<string, unknown>
  expect([documented, JSON.stringify(own)]).toEqual([
    documented,
    expect.stringMatching(/"#\/components\/schemas\/\w+"/),
  ])
  expectConforms(validate, res)
  return res
}

const CI_CONFIG = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
      when: never
    - when: always
test:
  script: echo contract
`

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

  it('describes a merge request, its notes, discussions and state events', async () => {
    const owner = await createUserWithToken()
    const { project } = await projectWithMain(owner)
    const { token } = owner
    const { mr } = await openMergeRequest(token, project.id)
    const mrDoc = '/projects/{id}/merge_requests/{merge_request_iid}'
    const single = await expectDocumented('GET', mrDoc, mrPath(project.id, mr.iid), 200, { token })
    expect(withoutField(responseSchema('GET', mrDoc, 200), single.body, 'diff_refs')).toBe(false)

    const note = await expectDocumented<{ id: number }>(
      'POST',
      `${mrDoc}/notes`,
      mrPath(project.id, mr.iid, '/notes'),
      201,
      { token, body: { body: 'A note' } },
    )
    await expectDocumented('GET', `${mrDoc}/notes`, mrPath(project.id, mr.iid, '/notes'), 200, {
      token,
    })
    const shownNote = await expectDocumented(
      'GET',
      `${mrDoc}/notes/{note_id}`,
      mrPath(project.id, mr.iid, `/notes/${note.body.id}`),
      200,
      { token },
    )
    expect(
      withoutField(
        responseSchema('GET', `${mrDoc}/notes/{note_id}`, 200),
        shownNote.body,
        'author',
      ),
    ).toBe(false)

    const discussion = await expectDocumented<{ id: string }>(
      'POST',
      `${mrDoc}/discussions`,
      mrPath(project.id, mr.iid, '/discussions'),
      201,
      { token, body: { body: 'A thread' } },
    )
    expect(
      withoutField(responseSchema('POST', `${mrDoc}/discussions`, 201), discussion.body, 'notes'),
    ).toBe(false)
    await expectDocumented(
      'POST',
      `${mrDoc}/discussions/{discussion_id}/notes`,
      mrPath(project.id, mr.iid, `/discussions/${discussion.body.id}/notes`),
      201,
      { token, body: { body: 'A reply' } },
    )
    await expectDocumented(
      'GET',
      `${mrDoc}/discussions`,
      mrPath(project.id, mr.iid, '/discussions'),
      200,
      { token },
    )

    await expectDocumented('PUT', mrDoc, mrPath(project.id, mr.iid), 200, {
      token,
      body: { state_event: 'close' },
    })
    const statePath = mrPath(project.id, mr.iid, '/resource_state_events')
    let events: ApiResponse<{ id: number }[]> | undefined
    expect(
      await eventually(async () => {
        events = await api<{ id: number }[]>(statePath, { token })
        return events.status === 200 && events.body.length > 0
      }),
    ).toBe(true)
    expectConforms(responseSchema('GET', `${mrDoc}/resource_state_events`, 200), events!)
    await expectDocumented(
      'GET',
      `${mrDoc}/resource_state_events/{resource_event_id}`,
      `${statePath}/${events!.body[0]!.id}`,
      200,
      { token },
    )
  })

  it('describes commits, branches, tags and commit statuses', async () => {
    const owner = await createUserWithToken()
    const { project } = await projectWithMain(owner)
    const { token } = owner
    const repo = `/projects/${project.id}/repository`
    const doc = '/projects/{id}/repository'
    const commit = await expectDocumented<{ id: string }>(
      'POST',
      `${doc}/commits`,
      `${repo}/commits`,
      201,
      {
        token,
        body: {
          branch: 'main',
          commit_message: 'Contract',
          actions: [{ action: 'create', file_path: 'contract.txt', content: 'c\n' }],
        },
      },
    )
    const listed = await expectDocumented<Record<string, unknown>[]>(
      'GET',
      `${doc}/commits`,
      `${repo}/commits`,
      200,
      { token },
    )
    // A list item is Entities::Commit: it is not a CommitDetail (no stats).
    expect(responseSchema('GET', `${doc}/commits/{sha}`, 200)(listed.body[0])).toBe(false)
    const shown = await expectDocumented(
      'GET',
      `${doc}/commits/{sha}`,
      `${repo}/commits/${commit.body.id}`,
      200,
      {
        token,
      },
    )
    expect(
      withoutField(responseSchema('GET', `${doc}/commits/{sha}`, 200), shown.body, 'stats'),
    ).toBe(false)

    const branch = uniqueName('branch')
    await expectDocumented('POST', `${doc}/branches`, `${repo}/branches`, 201, {
      token,
      body: { branch, ref: 'main' },
    })
    await expectDocumented('GET', `${doc}/branches`, `${repo}/branches`, 200, { token })
    await expectDocumented('GET', `${doc}/branches/{branch}`, `${repo}/branches/${branch}`, 200, {
      token,
    })

    const tag = uniqueName('tag')
    await expectDocumented('POST', `${doc}/tags`, `${repo}/tags`, 201, {
      token,
      body: { tag_name: tag, ref: 'main', message: 'Annotated' },
    })
    await expectDocumented('GET', `${doc}/tags`, `${repo}/tags`, 200, { token })
    const shownTag = await expectDocumented(
      'GET',
      `${doc}/tags/{tag_name}`,
      `${repo}/tags/${tag}`,
      200,
      {
        token,
      },
    )
    expect(
      withoutField(responseSchema('GET', `${doc}/tags/{tag_name}`, 200), shownTag.body, 'commit'),
    ).toBe(false)

    const status = await expectDocumented(
      'POST',
      '/projects/{id}/statuses/{sha}',
      `/projects/${project.id}/statuses/${commit.body.id}`,
      201,
      { token, body: { state: 'pending', name: 'contract' } },
    )
    expect(
      withoutField(
        responseSchema('POST', '/projects/{id}/statuses/{sha}', 201),
        status.body,
        'sha',
      ),
    ).toBe(false)
    await expectDocumented(
      'GET',
      `${doc}/commits/{sha}/statuses`,
      `${repo}/commits/${commit.body.id}/statuses`,
      200,
      { token },
    )
  })

  it('describes events as the user, project and personal lists answer them', async () => {
    const owner = await createUserWithToken()
    const { project } = await projectWithMain(owner)
    const { token } = owner
    await commitFiles(token, project.id, 'main', [
      { action: 'create', file_path: 'pushed.txt', content: 'p\n' },
    ])
    // A push event carries its push_data, which the schema describes too.
    const push = (e: { push_data?: unknown }) => e.push_data !== undefined
    expect(await waitForEvent(`/projects/${project.id}/events`, token, push)).toBeDefined()
    const listed = await expectDocumented<Record<string, unknown>[]>(
      'GET',
      '/projects/{id}/events',
      `/projects/${project.id}/events`,
      200,
      { token },
    )
    const validate = responseSchema('GET', '/projects/{id}/events', 200)
    const [first, ...rest] = listed.body
    const { action_name: _, ...withoutAction } = first!
    expect(validate([withoutAction, ...rest])).toBe(false)
    await expectDocumented('GET', '/events', '/events', 200, { token })
    await expectDocumented('GET', '/users/{id}/events', `/users/${owner.user.id}/events`, 200, {
      token,
    })
  })

  it('describes project hooks and their delivery log', async () => {
    const owner = await createUserWithToken()
    const { project } = await projectWithMain(owner)
    const { token } = owner
    const hooks = `/projects/${project.id}/hooks`
    // A name that does not resolve is saved, and its failed delivery is logged.
    const hook = await expectDocumented<{ id: number }>(
      'POST',
      '/projects/{id}/hooks',
      hooks,
      201,
      {
        token,
        body: { url: 'http://openapi-contract.invalid/hook', name: 'contract' },
      },
    )
    const doc = '/projects/{id}/hooks/{hook_id}'
    const shown = await expectDocumented('GET', doc, `${hooks}/${hook.body.id}`, 200, { token })
    expect(withoutField(responseSchema('GET', doc, 200), shown.body, 'url')).toBe(false)
    await expectDocumented('PUT', doc, `${hooks}/${hook.body.id}`, 200, {
      token,
      body: { note_events: true },
    })
    await expectDocumented('GET', '/projects/{id}/hooks', hooks, 200, { token })

    const test = await api(`${hooks}/${hook.body.id}/test/push_events`, { method: 'POST', token })
    expect(test.status).toBe(422)
    let logs: ApiResponse<Record<string, unknown>[]> | undefined
    expect(
      await eventually(async () => {
        logs = await api<Record<string, unknown>[]>(`${hooks}/${hook.body.id}/events`, { token })
        return logs.status === 200 && logs.body.length > 0
      }),
    ).toBe(true)
    const validate = responseSchema('GET', `${doc}/events`, 200)
    expectConforms(validate, logs!)
    const { response_status: _, ...withoutStatus } = logs!.body[0]!
    expect(validate([withoutStatus])).toBe(false)
  })

  it('describes pipelines and jobs', async () => {
    const owner = await createUserWithToken()
    const { project } = await projectWithMain(owner)
    const { token } = owner
    await commitFiles(token, project.id, 'main', [
      { action: 'create', file_path: '.gitlab-ci.yml', content: CI_CONFIG },
    ])
    const created = await expectDocumented<{ id: number }>(
      'POST',
      '/projects/{id}/pipeline',
      `/projects/${project.id}/pipeline`,
      201,
      { token, body: { ref: 'main' } },
    )
    const pipelines = `/projects/${project.id}/pipelines`
    const doc = '/projects/{id}/pipelines/{pipeline_id}'
    const shown = await expectDocumented('GET', doc, `${pipelines}/${created.body.id}`, 200, {
      token,
    })
    expect(withoutField(responseSchema('GET', doc, 200), shown.body, 'detailed_status')).toBe(false)
    await expectDocumented('GET', '/projects/{id}/pipelines/latest', `${pipelines}/latest`, 200, {
      token,
    })
    const listed = await expectDocumented<Record<string, unknown>[]>(
      'GET',
      '/projects/{id}/pipelines',
      pipelines,
      200,
      { token },
    )
    // A list item is PipelineBasicWithMetadata, not the single pipeline's entity.
    expect(responseSchema('GET', doc, 200)(listed.body[0])).toBe(false)

    const jobs = await expectDocumented<{ id: number }[]>(
      'GET',
      `${doc}/jobs`,
      `${pipelines}/${created.body.id}/jobs`,
      200,
      { token },
    )
    expect(jobs.body).toHaveLength(1)
    const job = await expectDocumented(
      'GET',
      '/projects/{id}/jobs/{job_id}',
      `/projects/${project.id}/jobs/${jobs.body[0]!.id}`,
      200,
      { token },
    )
    expect(
      withoutField(
        responseSchema('GET', '/projects/{id}/jobs/{job_id}', 200),
        job.body,
        'pipeline',
      ),
    ).toBe(false)
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
