import { api } from './support/api'
import {
  alertmanagerPayload,
  createIntegration,
  getAlert,
  listAlerts,
  notify,
  notifyWithUrlCredentials,
  type IntegrationJson,
} from './support/alerts'
import { FORBIDDEN, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { castRoles, projectForCast, type RoleCast } from './support/projects'
import { baseUrl } from './support/suite-state'
import type { ProjectJson } from './support/types'

jest.setTimeout(120_000)

const KEY = /^[0-9a-f]{32}$/
const NOT_FOUND = { message: '404 Project Not Found' }

let cast: RoleCast
let project: ProjectJson

beforeAll(async () => {
  cast = await castRoles()
  project = await projectForCast(cast, { visibility: 'private' })
})

function integrationsPath(projectId = project.id): string {
  return `/projects/${projectId}/alert_management/integrations`
}

/** A fresh private project of the cast with one active http integration. */
async function projectWithIntegration(attributes: Record<string, unknown> = {}) {
  const own = await projectForCast(cast, { visibility: 'private' })
  const integration = await createIntegration(cast.maintainer.token, own.id, {
    name: 'Monitoring',
    active: true,
    ...attributes,
  })
  return { project: own, integration }
}

describe('alert integrations (REST extension)', () => {
  let created: IntegrationJson

  it('lets a Maintainer create an http integration with its URL and key (201)', async () => {
    const res = await api<IntegrationJson>(integrationsPath(), {
      method: 'POST',
      token: cast.maintainer.token,
      body: {
        name: 'Grafana EU',
        active: true,
        payload_attribute_mappings: { title: ['alert', 'name'] },
      },
    })
    expect(res.status).toBe(201)
    created = res.body
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Grafana EU',
      type: 'http',
      active: true,
      url: expect.stringMatching(
        new RegExp(
          `^${baseUrl()}/${project.path_with_namespace}/alerts/notify/grafana-eu/[A-Za-z0-9]+\\.json$`,
        ),
      ),
      token: expect.stringMatching(KEY),
      payload_attribute_mappings: { title: ['alert', 'name'] },
    })
  })

  it('lists, shows, updates and resets the key; the old key stops working', async () => {
    const list = await api<IntegrationJson[]>(integrationsPath(), { token: cast.owner.token })
    expect(list.status).toBe(200)
    expect(list.headers.get('x-total')).toBe('1')
    expect(list.body).toEqual([created])
    const one = await api<IntegrationJson>(`${integrationsPath()}/${created.id}`, {
      token: cast.maintainer.token,
    })
    expect(one.body).toEqual(created)
    const renamed = await api<IntegrationJson>(`${integrationsPath()}/${created.id}`, {
      method: 'PUT',
      token: cast.maintainer.token,
      body: { name: 'Grafana', payload_attribute_mappings: {} },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'Grafana', payload_attribute_mappings: {} })
    expect(renamed.body.url).toMatch(/\/alerts\/notify\/grafana\/[A-Za-z0-9]+\.json$/)
    const reset = await api<IntegrationJson>(`${integrationsPath()}/${created.id}/reset_token`, {
      method: 'POST',
      token: cast.maintainer.token,
    })
    expect(reset.status).toBe(200)
    expect(reset.body.token).toMatch(KEY)
    expect(reset.body.token).not.toBe(created.token)
    expect((await notify(reset.body.url, created.token, { title: 'old key' })).status).toBe(401)
    expect((await notify(reset.body.url, reset.body.token, { title: 'new key' })).status).toBe(200)
  })

  it('allows one prometheus integration per project', async () => {
    const first = await api<IntegrationJson>(integrationsPath(), {
      method: 'POST',
      token: cast.maintainer.token,
      body: { name: 'Prometheus', type: 'prometheus', active: true },
    })
    expect(first.status).toBe(201)
    expect(first.body.url).toBe(
      `${baseUrl()}/${project.path_with_namespace}/prometheus/alerts/notify.json`,
    )
    const second = await api(integrationsPath(), {
      method: 'POST',
      token: cast.maintainer.token,
      body: { name: 'Prometheus 2', type: 'prometheus', active: true },
    })
    expect([second.status, second.body]).toEqual([
      400,
      { message: 'Multiple Prometheus integrations are not supported' },
    ])
  })

  it('is for Maintainers: 401 anonymous, 404 non-members, 403 below Maintainer', async () => {
    expect((await api(integrationsPath())).body).toEqual(UNAUTHORIZED)
    const stranger = await api(integrationsPath(), { token: cast.stranger.token })
    expect(stranger.status).toBe(404)
    expect(stranger.body).toEqual(NOT_FOUND)
    for (const member of [cast.guest, cast.reporter, cast.developer]) {
      const res = await api(integrationsPath(), { token: member.token })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
      const create = await api(integrationsPath(), {
        method: 'POST',
        token: member.token,
        body: { name: 'nope', active: true },
      })
      expect(create.status).toBe(403)
    }
  })

  it('deletes (204); the integration is then 404 and its URL unknown', async () => {
    const res = await api(`${integrationsPath()}/${created.id}`, {
      method: 'DELETE',
      token: cast.maintainer.token,
    })
    expect(res.status).toBe(204)
    const gone = await api(`${integrationsPath()}/${created.id}`, { token: cast.maintainer.token })
    expect(gone.status).toBe(404)
  })
})

describe('alert ingestion: credentials and refusals', () => {
  let own: ProjectJson
  let integration: IntegrationJson

  beforeAll(async () => {
    ;({ project: own, integration } = await projectWithIntegration())
  })

  async function storedCount(): Promise<number> {
    return (await listAlerts(cast.maintainer.token, own.id)).length
  }

  it('accepts Bearer, Basic with a blank or any user, and credentials in the URL', async () => {
    for (const form of ['bearer', 'basic', 'basic-user'] as const) {
      const title = `via ${form}`
      const res = await notify(integration.url, integration.token, { title }, form)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.body).toEqual([{ iid: expect.any(Number), title }])
    }
    const embedded = await notifyWithUrlCredentials(integration.url, integration.token, {
      title: 'via url',
    })
    expect(embedded.status).toBe(200)
    expect(JSON.parse(embedded.text)).toEqual([{ iid: expect.any(Number), title: 'via url' }])
    expect(await storedCount()).toBe(4)
  })

  it('refuses a wrong, missing or malformed key (401) and stores nothing', async () => {
    const before = await storedCount()
    const wrong = await notify(integration.url, '0'.repeat(32), { title: 'wrong' })
    expect(wrong.status).toBe(401)
    expect((await notify(integration.url, '', { title: 'none' }, 'none')).status).toBe(401)
    const malformed = await api(integration.url, {
      method: 'POST',
      rawBody: '{"title":"malformed"}',
      contentType: 'application/json',
      headers: { Authorization: 'Basic %%%' },
    })
    expect(malformed.status).toBe(401)
    expect(await storedCount()).toBe(before)
  })

  it('answers 403 for an inactive integration and 404 for an unknown project or integration', async () => {
    const inactive = await createIntegration(cast.maintainer.token, own.id, {
      name: 'Off',
      active: false,
    })
    expect((await notify(inactive.url, inactive.token, { title: 'x' })).status).toBe(403)
    const unknownProject = integration.url.replace(
      `/${own.path}/alerts/`,
      `/${own.path}-missing/alerts/`,
    )
    expect((await notify(unknownProject, integration.token, { title: 'x' })).status).toBe(404)
    const unknownEndpoint = integration.url.replace(/\/[A-Za-z0-9]+\.json$/, '/0000deadbeef.json')
    expect((await notify(unknownEndpoint, integration.token, { title: 'x' })).status).toBe(404)
  })

  it('refuses a body over 1 MB, nested deeper than 100, not JSON or not an object (400)', async () => {
    const before = await storedCount()
    const deep = `${'{"a":'.repeat(150)}1${'}'.repeat(150)}`
    for (const body of [
      JSON.stringify({ title: 'big', blob: 'x'.repeat(1024 * 1024) }),
      deep,
      'title=not+json',
      '[{"title":"array"}]',
      '"text"',
    ]) {
      const res = await notify(integration.url, integration.token, body)
      expect(res.status).toBe(400)
    }
    expect(await storedCount()).toBe(before)
  })

  it('reaches the first active http integration at the plain notify.json', async () => {
    const plain = `${baseUrl()}/${own.path_with_namespace}/alerts/notify.json`
    const res = await notify(plain, integration.token, { title: 'plain url' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual([{ iid: expect.any(Number), title: 'plain url' }])
  })
})

describe('alert ingestion: mapping, grouping and resolution', () => {
  let own: ProjectJson
  let integration: IntegrationJson

  beforeAll(async () => {
    ;({ project: own, integration } = await projectWithIntegration())
  })

  it('maps the generic payload onto the alert', async () => {
    const res = await notify(integration.url, integration.token, {
      title: 'Disk full',
      description: 'db-1 has no space left',
      start_time: '2026-11-27T10:00:00Z',
      service: 'database',
      monitoring_tool: 'Zabbix',
      hosts: 'db-1',
      severity: 'HIGH',
      svc_environment_name: 'production',
      extra: { nested: true },
    })
    expect(res.status).toBe(200)
    const alert = await getAlert(cast.developer.token, own.id, res.body[0]!.iid)
    expect(alert).toMatchObject({
      title: 'Disk full',
      description: 'db-1 has no space left',
      started_at: '2026-11-27T10:00:00.000Z',
      ended_at: null,
      service: 'database',
      monitoring_tool: 'Zabbix',
      hosts: ['db-1'],
      severity: 'high',
      status: 'triggered',
      environment: 'production',
      event_count: 1,
      fingerprint: expect.stringMatching(/^[0-9a-f]{40}$/),
    })
    const defaults = await notify(integration.url, integration.token, { severity: 'nonsense' })
    expect(defaults.body[0]!.title).toBe('New: Alert')
    const untitled = await getAlert(cast.developer.token, own.id, defaults.body[0]!.iid)
    expect(untitled.severity).toBe('critical')
  })

  it('groups the same payload (ignoring start_time and hosts) into one alert', async () => {
    const payload = { title: 'CPU high', service: 'web' }
    const first = await notify(integration.url, integration.token, {
      ...payload,
      start_time: '2026-11-27T10:00:00Z',
      hosts: ['web-1'],
    })
    const second = await notify(integration.url, integration.token, {
      ...payload,
      start_time: '2026-11-27T10:05:00Z',
      hosts: ['web-2'],
    })
    expect(second.body).toEqual(first.body)
    const alert = await getAlert(cast.developer.token, own.id, first.body[0]!.iid)
    expect(alert.event_count).toBe(2)
  })

  it('resolves on end_time, then opens a new alert for the same payload', async () => {
    const payload = { title: 'Queue stuck', fingerprint: 'queue-stuck' }
    const opened = await notify(integration.url, integration.token, payload)
    const iid = opened.body[0]!.iid
    const resolved = await notify(integration.url, integration.token, {
      ...payload,
      end_time: '2026-11-27T11:00:00Z',
    })
    expect(resolved.status).toBe(200)
    expect(resolved.body).toEqual([{ iid, title: 'Queue stuck' }])
    const alert = await getAlert(cast.developer.token, own.id, iid)
    expect(alert).toMatchObject({ status: 'resolved', ended_at: '2026-11-27T11:00:00.000Z' })
    const again = await notify(integration.url, integration.token, payload)
    expect(again.status).toBe(200)
    expect(again.body[0]!.iid).not.toBe(iid)
    expect((await getAlert(cast.developer.token, own.id, iid)).status).toBe('resolved')
  })

  it('refuses a resolving payload that matches no open alert (400), storing nothing', async () => {
    const before = (await listAlerts(cast.maintainer.token, own.id)).length
    const res = await notify(integration.url, integration.token, {
      title: 'Never opened',
      fingerprint: 'never-opened',
      end_time: '2026-11-27T11:00:00Z',
    })
    expect(res.status).toBe(400)
    expect((await listAlerts(cast.maintainer.token, own.id)).length).toBe(before)
  })

  it('applies custom payload_attribute_mappings of an http integration', async () => {
    const mapped = await createIntegration(cast.maintainer.token, own.id, {
      name: 'Datadog',
      active: true,
      payload_attribute_mappings: { title: ['event', 'headline'], severity: ['event', 'level'] },
    })
    const res = await notify(mapped.url, mapped.token, {
      event: { headline: 'Latency over SLO', level: 'Medium' },
    })
    expect(res.body).toEqual([{ iid: expect.any(Number), title: 'Latency over SLO' }])
    // Generic payloads know only the six severity names (no Prometheus synonyms).
    const alert = await getAlert(cast.developer.token, own.id, res.body[0]!.iid)
    expect(alert.severity).toBe('medium')
  })

  it('makes one alert with event_count 100 of 100 concurrent identical payloads', async () => {
    const payload = { title: 'Storm', fingerprint: 'storm-1' }
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => notify(integration.url, integration.token, payload)),
    )
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 100 }, () => 200))
    const iids = new Set(answers.map((res) => res.body[0]!.iid))
    expect(iids.size).toBe(1)
    const alert = await getAlert(cast.developer.token, own.id, [...iids][0]!)
    expect(alert.event_count).toBe(100)
    const storms = await listAlerts(cast.developer.token, own.id, { search: 'Storm' })
    expect(storms.length).toBe(1)
  })
})

describe('alert ingestion: the prometheus integration', () => {
  let own: ProjectJson
  let integration: IntegrationJson

  beforeAll(async () => {
    ;({ project: own, integration } = await projectWithIntegration({
      name: 'Prometheus',
      type: 'prometheus',
    }))
  })

  const firing = {
    status: 'firing',
    labels: { alertname: 'HighLatency', severity: 'warning', instance: 'web-1' },
    annotations: { summary: 'Latency is high', runbook: 'https://runbooks.example.com/latency' },
    startsAt: '2026-11-27T10:00:00Z',
    endsAt: '0001-01-01T00:00:00Z',
    generatorURL: 'http://prometheus.example.com/graph?g0.expr=latency%3E1&g0.tab=1',
    fingerprint: 'abcdef0123456789',
  }

  it('creates an alert per item of a version 4 document, then resolves it', async () => {
    const res = await notify(integration.url, integration.token, alertmanagerPayload([firing]))
    expect(res.status).toBe(200)
    expect(res.body).toEqual([{ iid: expect.any(Number), title: 'Latency is high' }])
    const iid = res.body[0]!.iid
    const alert = await getAlert(cast.developer.token, own.id, iid)
    expect(alert).toMatchObject({
      status: 'triggered',
      severity: 'low',
      ended_at: null,
      started_at: '2026-11-27T10:00:00.000Z',
      runbook: 'https://runbooks.example.com/latency',
    })
    const resolved = alertmanagerPayload(
      [{ ...firing, status: 'resolved', endsAt: '2026-11-27T10:30:00Z' }],
      'resolved',
    )
    const answer = await notify(integration.url, integration.token, resolved)
    expect(answer.status).toBe(200)
    expect(await getAlert(cast.developer.token, own.id, iid)).toMatchObject({
      status: 'resolved',
      ended_at: '2026-11-27T10:30:00.000Z',
    })
  })

  it('answers 422 without the required attributes or for another version', async () => {
    const incomplete = alertmanagerPayload([firing])
    delete incomplete['groupKey']
    expect((await notify(integration.url, integration.token, incomplete)).status).toBe(422)
    const version3 = { ...alertmanagerPayload([firing]), version: '3' }
    expect((await notify(integration.url, integration.token, version3)).status).toBe(422)
  })
})

describe('alerts: reading and acting on them by role', () => {
  let own: ProjectJson
  let iid: number

  beforeAll(async () => {
    const setup = await projectWithIntegration()
    own = setup.project
    const first = await notify(setup.integration.url, setup.integration.token, {
      title: 'Reporter sees me',
      severity: 'medium',
    })
    await notify(setup.integration.url, setup.integration.token, {
      title: 'Another one',
      severity: 'low',
    })
    iid = first.body[0]!.iid
  })

  it('lists for Reporters with filters and GitLab pagination headers', async () => {
    const res = await api<{ iid: number; title: string }[]>(
      `/projects/${own.id}/alert_management_alerts`,
      { token: cast.developer.token, query: { per_page: 1, sort: 'created_asc' } },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('2')
    expect(res.headers.get('x-next-page')).toBe('2')
    expect(res.body.map((alert) => alert.iid)).toEqual([iid])
    const medium = await listAlerts(cast.developer.token, own.id, { severity: 'medium' })
    expect(medium.map((alert) => alert.title)).toEqual(['Reporter sees me'])
    const search = await listAlerts(cast.developer.token, own.id, { search: 'Another' })
    expect(search.map((alert) => alert.title)).toEqual(['Another one'])
    const triggered = await listAlerts(cast.developer.token, own.id, { status: 'resolved' })
    expect(triggered).toEqual([])
  })

  it('is 403 for a Guest and a Reporter, 404 for a non-member and anonymous', async () => {
    // read_alert_management_alert is a Developer's; a private project is
    // 404 to anyone who cannot read it, signed in or not.
    const path = `/projects/${own.id}/alert_management_alerts`
    for (const member of [cast.guest, cast.reporter]) {
      const res = await api(path, { token: member.token })
      expect([res.status, res.body]).toEqual([403, FORBIDDEN])
      const one = await api(`${path}/${iid}`, { token: member.token })
      expect([one.status, one.body]).toEqual([403, FORBIDDEN])
    }
    expect((await api(path, { token: cast.stranger.token })).status).toBe(404)
    const anonymous = await api(path)
    expect([anonymous.status, anonymous.body]).toEqual([404, notFound('Project')])
    expect((await api(`${path}/999999`, { token: cast.developer.token })).status).toBe(404)
  })

  it('lets Developers set status and assignees, not Reporters', async () => {
    const path = `/projects/${own.id}/alert_management_alerts/${iid}`
    const denied = await api(path, {
      method: 'PUT',
      token: cast.reporter.token,
      body: { status: 'acknowledged' },
    })
    expect(denied.status).toBe(403)
    const res = await api<{ status: string; assignees: { id: number }[] }>(path, {
      method: 'PUT',
      token: cast.developer.token,
      body: { status: 'acknowledged', assignee_ids: [cast.developer.user.id] },
    })
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('acknowledged')
    expect(res.body.assignees.map((user) => user.id)).toEqual([cast.developer.user.id])
    const resolved = await api<{ status: string; ended_at: string | null }>(path, {
      method: 'PUT',
      token: cast.developer.token,
      body: { status: 'resolved' },
    })
    expect(resolved.body.status).toBe('resolved')
  })
})
