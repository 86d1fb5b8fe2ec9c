import { api } from './support/api'
import type { UserWithToken } from './support/factories'
import { projectWithReadme } from './support/projects'
import type { ProjectJson } from './support/types'

// Input no real object can match answers a 4xx in GitLab's style, never a 5xx
// (issue 13's list of malformed requests that answered 500 or 503; issue 24's
// NUL characters, oversized values and long lists are in malformed-input-limits).

const HUGE = ['2147483648', '9223372036854775808', '99999999999999999999999']

describe('malformed input', () => {
  let owner: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    ;({ owner, project } = await projectWithReadme())
  })

  it.each(HUGE)('a merge request iid of %s is a 404 on every path and method', async (iid) => {
    const single = `/projects/${project.id}/merge_requests/${iid}`
    for (const [method, path] of [
      ['GET', single],
      ['GET', `${single}/changes`],
      ['GET', `${single}/versions`],
      ['GET', `${single}/blocks`],
      ['GET', `${single}/pipelines`],
      ['PUT', `${single}?title=x`],
      ['PUT', `${single}/merge`],
      ['DELETE', single],
    ] as const) {
      const res = await api(path, { method, token: owner.token })
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 404,
        body: { message: '404 Merge Request Not Found' },
      })
    }
  })

  it.each([
    'build_timeout',
    'ci_default_git_depth',
    'approvals_before_merge',
    'max_artifacts_size',
    'ci_delete_pipelines_in_seconds',
  ])('a project setting %s beyond int32 is a 400', async (name) => {
    const res = await api(`/projects/${project.id}`, {
      method: 'PUT',
      token: owner.token,
      query: { [name]: '-2147483649' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: `${name} does not have a valid value` })
  })

  it.each(HUGE)('an alert iid of %s is a 404', async (iid) => {
    const res = await api(`/projects/${project.id}/alert_management_alerts/${iid}`, {
      token: owner.token,
    })
    expect(res.status).toBe(404)
    // GitLab's answer to ActiveRecord::RecordNotFound (lib/api/api.rb), as for any missing alert.
    expect(res.body).toEqual({ message: '404 Not found' })
  })

  it.each(['visibility=+', 'visibility=%20', 'visibility=', 'order_by=+'])(
    'a blank enum value (%s) is a 400',
    async (query) => {
      const res = await api(`/projects?${query}`, { token: owner.token })
      const name = query.split('=')[0] ?? ''
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ error: `${name} does not have a valid value` })
    },
  )

  it('a JSON body nested deeper than 32 is a 400, even on a DELETE', async () => {
    const res = await api(`/projects/${project.id}/merge_requests/1`, {
      method: 'DELETE',
      token: owner.token,
      rawBody: `${'['.repeat(5000)}${']'.repeat(5000)}`,
      contentType: 'application/json',
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.body).toEqual({ error: 'Parameters nested too deeply' })
  })

  it('a query string nested deeper than 32 is a 400', async () => {
    const res = await api(`/projects?a${'[b]'.repeat(40)}=1`, { token: owner.token })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'Parameters nested too deeply' })
  })

  it('a body over 10 MB is a 413 with a JSON body', async () => {
    const res = await api(`/projects/${project.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { description: 'a'.repeat(11 * 1024 * 1024) },
    })
    expect(res.status).toBe(413)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.body).toEqual({ message: '413 Payload Too Large' })
  })

  it('a 1 MiB template_name is a 400 at once, its message cut', async () => {
    const res = await api('/projects', {
      method: 'POST',
      token: owner.token,
      form: { name: 'From a huge template', template_name: 'a'.repeat(1024 * 1024) },
    })
    expect(res.status).toBe(400)
    const message = (res.body as { message: { template_name: string[] } }).message
    expect(message.template_name[0]?.length).toBeLessThan(1_000)
  })
})
