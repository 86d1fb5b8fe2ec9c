import { api } from './support/api'
import { createIntegration, notify, type IntegrationJson } from './support/alerts'
import type { UserWithToken } from './support/factories'
import { openMergeRequest, type MergeRequestJson } from './support/merge-requests'
import { projectWithReadme } from './support/projects'
import type { ProjectJson } from './support/types'

// Issue 24: no 5xx from bad input. A NUL character anywhere is GitLab's 400 naming the
// parameter, every field has GitLab's length limit and every list parameter a cap.

describe('NUL characters, field limits and list caps', () => {
  let owner: UserWithToken
  let project: ProjectJson
  let mr: MergeRequestJson
  let integration: IntegrationJson
  const single = () => `/projects/${project.id}/merge_requests/${mr.iid}`

  beforeAll(async () => {
    ;({ owner, project } = await projectWithReadme())
    ;({ mr } = await openMergeRequest(owner.token, project.id))
    integration = await createIntegration(owner.token, project.id, {
      name: 'NUL payloads',
      active: true,
    })
  })

  it.each([
    ['JSON', { body: { title: 'a\u0000b' } }],
    ['form', { form: { title: 'a\u0000b' } }],
    ['query', { query: { title: 'a\u0000b' } }],
  ])('a NUL character in a %s value is a 400 naming it', async (_how, options) => {
    const res = await api(single(), { method: 'PUT', token: owner.token, ...options })
    expect([res.status, res.body]).toEqual([400, { error: 'title is invalid' }])
  })

  it.each([
    ['labels as a form value', { form: { labels: 'bug,a\u0000b' } }],
    ['labels as a JSON list', { body: { labels: ['bug', 'a\u0000b'] } }],
    ['a key inside a JSON hash', { body: { labels: { 'k\u0000': 'v' } } }],
  ])('a NUL character in %s is a 400 naming the parameter', async (_how, options) => {
    const res = await api(single(), { method: 'PUT', token: owner.token, ...options })
    expect([res.status, res.body]).toEqual([400, { error: 'labels is invalid' }])
  })

  it('a NUL character in a parameter no route declares is a 400 too, even on a GET', async () => {
    const res = await api(`/projects/${project.id}`, {
      token: owner.token,
      query: { fuzz: '\u0000' },
    })
    expect([res.status, res.body]).toEqual([400, { error: 'fuzz is invalid' }])
  })

  it('a 1 MiB labels form value is a 400 at once', async () => {
    const res = await api(single(), {
      method: 'PUT',
      token: owner.token,
      form: { labels: 'a'.repeat(1024 * 1024) },
    })
    expect([res.status, res.body]).toEqual([
      400,
      { error: 'labels must be less than 65536 characters' },
    ])
  })

  it.each([
    ['a comma list', (names: string[]) => ({ form: { labels: names.join(',') } })],
    ['a JSON list', (names: string[]) => ({ body: { labels: names } })],
    ['a query list', (names: string[]) => ({ query: { labels: names } })],
  ])('101 labels as %s are a 400; 100 are taken', async (_how, options) => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `cap-${i}`)
    const over = await api(single(), {
      method: 'PUT',
      token: owner.token,
      ...options(names(101)),
    })
    expect([over.status, over.body]).toEqual([
      400,
      { error: 'labels must contain at most 100 items' },
    ])
    const list = await api(`/projects/${project.id}/merge_requests`, {
      token: owner.token,
      query: { labels: names(101).join(',') },
    })
    expect([list.status, list.body]).toEqual([
      400,
      { error: 'labels must contain at most 100 items' },
    ])
  })

  it('a label title over 255 characters is a 400 from the merge requests service', async () => {
    const res = await api(single(), {
      method: 'PUT',
      token: owner.token,
      body: { add_labels: ['ok', 'l'.repeat(256)] },
    })
    expect([res.status, res.body]).toEqual([
      400,
      { message: { labels: ['is too long (maximum is 255 characters)'] } },
    ])
    const taken = await api<MergeRequestJson>(single(), {
      method: 'PUT',
      token: owner.token,
      body: { add_labels: ['l'.repeat(255)] },
    })
    expect(taken.status).toBe(200)
    expect(taken.body.labels).toContain('l'.repeat(255))
  })

  it.each([
    ['title', 255, 'a'],
    ['description', 1_048_576, 'd'],
  ])('%s is limited to %i characters', async (field, max, char) => {
    const over = await api(single(), {
      method: 'PUT',
      token: owner.token,
      body: { [field]: char.repeat(max + 1) },
    })
    expect([over.status, over.body]).toEqual([
      400,
      { message: { [field]: [`is too long (maximum is ${max} characters)`] } },
    ])
    const at = await api(single(), {
      method: 'PUT',
      token: owner.token,
      body: { [field]: char.repeat(max) },
    })
    expect(at.status).toBe(200)
  })

  it('a milestone title over 255 characters is a 400, not a refused index row', async () => {
    const res = await api<{ message: string }>(`/projects/${project.id}/milestones`, {
      method: 'POST',
      token: owner.token,
      body: { title: 'm'.repeat(1024 * 1024) },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      'Failed to create milestone {:title=>["is too long (maximum is 255 characters)"]}',
    )
  })

  it("a project's description is limited to 2000 characters, its ci_config_path to 255", async () => {
    const res = await api(`/projects/${project.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { description: 'p'.repeat(1024 * 1024), ci_config_path: 'c'.repeat(256) },
    })
    expect([res.status, res.body]).toEqual([
      400,
      {
        message: {
          description: ['is too long (maximum is 2000 characters)'],
          ci_config_path: ['is too long (maximum is 255 characters)'],
        },
      },
    ])
    const at = await api(`/projects/${project.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { description: 'p'.repeat(2000) },
    })
    expect(at.status).toBe(200)
  })

  it('a note body over 1,000,000 characters is a 400', async () => {
    for (const path of ['notes', 'discussions']) {
      const res = await api(`${single()}/${path}`, {
        method: 'POST',
        token: owner.token,
        body: { body: 'n'.repeat(1_000_001) },
      })
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { message: { note: ['is too long (maximum is 1000000 characters)'] } },
      })
    }
  })

  it.each([
    ['title', { title: 'a\u0000b' }],
    ['severity', { title: 'Down', severity: 'critical\u0000' }],
    ['description', { title: 'Down', description: '\u0000' }],
    ['hosts', { title: 'Down', hosts: ['web-1', 'web\u00002'] }],
    ['a nested key', { title: 'Down', labels: { 'team\u0000': 'ops' } }],
  ])('an alert payload with a NUL character in %s is a 400', async (_field, payload) => {
    const res = await notify(integration.url, integration.token, payload)
    expect(res.status).toBe(400)
    const alerts = await api<{ title: string }[]>(
      `/projects/${project.id}/alert_management_alerts`,
      { token: owner.token },
    )
    expect(alerts.body.map((alert) => alert.title)).not.toContain('Down')
  })
})
