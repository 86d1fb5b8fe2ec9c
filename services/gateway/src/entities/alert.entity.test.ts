import type { Alert } from '@suite/proto'
import { contextFixture, userFixture } from '../testing/fixtures.js'
import { projectFixture } from '../testing/project-fixture.js'
import { presentAlert } from './alert.entity.js'

const payload = {
  title: 'Disk full',
  start_time: '2026-11-27T10:00:00Z',
  hosts: ['db-1'],
  labels: { team: 'infra', nested: { a: 1 } },
  dashboard: 'https://grafana.example.com/d/1',
}

const alert: Alert = {
  id: 40,
  iid: 1,
  projectId: 5,
  title: 'Disk full',
  description: '',
  severity: 'critical',
  status: 'triggered',
  startedAt: new Date('2026-11-27T10:00:00.000Z'),
  endedAt: undefined,
  eventCount: 2,
  fingerprint: 'b1946ac92492d2347c6235b4d2611184a1e0f3b8',
  monitoringTool: 'Grafana',
  service: '',
  hosts: ['db-1'],
  environment: '',
  payloadJson: JSON.stringify(payload),
  createdAt: new Date('2026-11-27T10:00:01.000Z'),
  updatedAt: new Date('2026-11-27T10:05:00.000Z'),
  assigneeIds: [2, 99],
  runbook: '',
  integrationId: 3,
}

describe('presentAlert', () => {
  it('renders every field, null for what the payload left out, details flattened', () => {
    const ctx = contextFixture({ users: new Map([[2, userFixture()]]) })
    const json = presentAlert({ alert, project: projectFixture() }, ctx)
    expect(JSON.stringify(json)).toBe(
      JSON.stringify({
        id: 40,
        iid: 1,
        project_id: 5,
        title: 'Disk full',
        description: null,
        severity: 'critical',
        status: 'triggered',
        started_at: '2026-11-27T10:00:00.000Z',
        ended_at: null,
        event_count: 2,
        fingerprint: 'b1946ac92492d2347c6235b4d2611184a1e0f3b8',
        monitoring_tool: 'Grafana',
        service: null,
        hosts: ['db-1'],
        environment: null,
        runbook: null,
        created_at: '2026-11-27T10:00:01.000Z',
        updated_at: '2026-11-27T10:05:00.000Z',
        assignees: [
          {
            id: 2,
            username: 'alice',
            name: 'Alice Liddell',
            state: 'active',
            locked: false,
            avatar_url: null,
            web_url: 'https://gitlab.example.com/alice',
          },
        ],
        details: {
          'labels.team': 'infra',
          'labels.nested.a': 1,
          dashboard: 'https://grafana.example.com/d/1',
        },
        payload,
        web_url: 'https://gitlab.example.com/top/sub/team-app/-/alert_management/1/details',
      }),
    )
  })
})
