import { eventually } from './support/api'
import {
  ALERTMANAGER_PACKAGE,
  alertmanagerBinary,
  startAlertmanager,
  type RunningAlertmanager,
} from './support/alertmanager'
import { createIntegration, listAlerts, type AlertJson } from './support/alerts'
import { castRoles, projectForCast, type RoleCast } from './support/projects'
import type { ProjectJson } from './support/types'

jest.setTimeout(180_000)

const { binary, reason } = alertmanagerBinary()
if (!binary) {
  process.stderr.write(
    `\n*** alertmanager.test.ts SKIPPED: Prometheus Alertmanager (Debian package ` +
      `${ALERTMANAGER_PACKAGE}) is unavailable: ${reason ?? 'unknown'} ***\n\n`,
  )
}
const describeWithAlertmanager = binary ? describe : describe.skip

/** One webhook receiver at the integration's URL, its key as Bearer credentials. */
function config(url: string, key: string): string {
  return [
    'global:',
    '  resolve_timeout: 10s',
    'route:',
    '  receiver: gitlab',
    "  group_by: ['alertname']",
    '  group_wait: 1s',
    '  group_interval: 1s',
    '  repeat_interval: 1h',
    'receivers:',
    '  - name: gitlab',
    '    webhook_configs:',
    `      - url: '${url}'`,
    '        send_resolved: true',
    '        http_config:',
    '          authorization:',
    `            credentials: '${key}'`,
    '',
  ].join('\n')
}

async function postAlerts(alertmanager: RunningAlertmanager, alerts: unknown[]): Promise<void> {
  const res = await fetch(`${alertmanager.url}/api/v2/alerts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(alerts),
  })
  expect(res.status).toBe(200)
}

/** A real Alertmanager delivering to the prometheus integration, unchanged. */
describeWithAlertmanager('Prometheus Alertmanager delivering to the integration', () => {
  let cast: RoleCast
  let project: ProjectJson
  let alertmanager: RunningAlertmanager

  beforeAll(async () => {
    cast = await castRoles()
    project = await projectForCast(cast, { visibility: 'private' })
    const integration = await createIntegration(cast.maintainer.token, project.id, {
      name: 'Prometheus',
      type: 'prometheus',
      active: true,
    })
    alertmanager = await startAlertmanager(binary!, config(integration.url, integration.token))
  })

  afterAll(async () => {
    await alertmanager?.stop()
  })

  it('delivers a firing alert, then its resolution, with no failed notification', async () => {
    const startsAt = new Date(Date.now() - 60_000).toISOString()
    const alert = {
      labels: { alertname: 'HighLatency', severity: 'critical', instance: 'web-1:9100' },
      annotations: { title: 'Latency over 1 s on web-1', runbook: 'https://runbooks/latency' },
      startsAt,
      generatorURL: 'http://prometheus.example.com/graph?g0.expr=latency_seconds+%3E+1&g0.tab=1',
    }
    await postAlerts(alertmanager, [alert])
    let seen: AlertJson | undefined
    const fired = await eventually(async () => {
      const alerts = await listAlerts(cast.developer.token, project.id)
      seen = alerts.find((item) => item.title === 'Latency over 1 s on web-1')
      return seen !== undefined
    }, 30_000)
    expect(fired).toBe(true)
    expect(seen).toMatchObject({ status: 'triggered', severity: 'critical', ended_at: null })

    await postAlerts(alertmanager, [
      { ...alert, endsAt: new Date(Date.now() - 1_000).toISOString() },
    ])
    const resolved = await eventually(async () => {
      const alerts = await listAlerts(cast.developer.token, project.id)
      seen = alerts.find((item) => item.iid === seen?.iid)
      return seen?.status === 'resolved'
    }, 30_000)
    expect(resolved).toBe(true)
    expect(seen?.ended_at).not.toBeNull()
    // One alert: the resolution matched the firing one by fingerprint.
    expect((await listAlerts(cast.developer.token, project.id)).length).toBe(1)

    const log = alertmanager.log()
    expect(log).not.toMatch(/Notify for alerts failed|Notify attempt failed/)
    expect(log.match(/msg="Notify success"/g)?.length ?? 0).toBeGreaterThanOrEqual(2)
  })
})
