import type { Alert, ListAlertsRequest, UpdateAlertRequest } from '@suite/proto'
import {
  ALICE,
  expectForbidden,
  sendAsAlice,
  startAbilityGateway,
} from '../testing/ability-gateway.js'

const BASE = '/projects/5/alert_management_alerts'

function alert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 40,
    iid: 1,
    projectId: 5,
    title: 'Disk full',
    description: '',
    severity: 'high',
    status: 'triggered',
    startedAt: new Date('2026-11-27T10:00:00.000Z'),
    endedAt: undefined,
    eventCount: 1,
    fingerprint: '',
    monitoringTool: '',
    service: '',
    hosts: [],
    environment: '',
    payloadJson: '{"title":"Disk full"}',
    createdAt: new Date('2026-11-27T10:00:00.000Z'),
    updatedAt: new Date('2026-11-27T10:00:00.000Z'),
    assigneeIds: [],
    runbook: '',
    integrationId: undefined,
    ...overrides,
  }
}

describe('alert routes', () => {
  it('lists with filters, sort and pagination headers (Developer)', async () => {
    const lists: ListAlertsRequest[] = []
    const gateway = await startAbilityGateway({
      project: { readAlertManagementAlert: true },
      alerting: {
        alerts: {
          listAlerts: (request: ListAlertsRequest) => {
            lists.push(request)
            return Promise.resolve({ alerts: [alert()], pageInfo: { total: 3 } })
          },
          getAlert: () => Promise.resolve({ alert: alert() }),
        },
      },
    })
    try {
      const res = await fetch(
        `${gateway.api}${BASE}?status=triggered&severity=high&search=disk&sort=started_at_asc&per_page=1`,
        { headers: ALICE },
      )
      expect(res.status).toBe(200)
      expect(res.headers.get('x-total')).toBe('3')
      expect(res.headers.get('x-next-page')).toBe('2')
      expect(await res.json()).toMatchObject([{ iid: 1, title: 'Disk full', severity: 'high' }])
      expect(lists[0]).toMatchObject({
        projectId: 5,
        status: 'triggered',
        severity: 'high',
        search: 'disk',
        sort: 'started_at_asc',
        page: { page: 1, perPage: 1 },
      })
      const bad = await fetch(`${gateway.api}${BASE}?status=open`, { headers: ALICE })
      expect(await bad.json()).toEqual({ error: 'status does not have a valid value' })
      const one = await fetch(`${gateway.api}${BASE}/1`, { headers: ALICE })
      expect(one.status).toBe(200)
    } finally {
      await gateway.close()
    }
  })

  it('updates status and assignees (Developer), 403 without the ability', async () => {
    const updates: UpdateAlertRequest[] = []
    const gateway = await startAbilityGateway({
      project: { readAlertManagementAlert: true, updateAlertManagementAlert: true },
      alerting: {
        alerts: {
          updateAlert: (request: UpdateAlertRequest) => {
            updates.push(request)
            return Promise.resolve({ alert: alert({ status: 'acknowledged', assigneeIds: [2] }) })
          },
        },
      },
    })
    try {
      const res = await fetch(
        `${gateway.api}${BASE}/1`,
        sendAsAlice('PUT', { status: 'acknowledged', assignee_ids: [2] }),
      )
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({
        status: 'acknowledged',
        assignees: [{ id: 2, username: 'alice' }],
      })
      expect(updates[0]).toMatchObject({
        iid: 1,
        status: 'acknowledged',
        assigneeIds: [2],
        setAssignees: true,
      })
      const none = await fetch(`${gateway.api}${BASE}/1`, sendAsAlice('PUT', {}))
      expect(await none.json()).toEqual({
        error: 'status, assignee_ids are missing, at least one parameter must be provided',
      })
    } finally {
      await gateway.close()
    }
    const reporter = await startAbilityGateway({ project: { readAlertManagementAlert: true } })
    try {
      await expectForbidden(
        await fetch(`${reporter.api}${BASE}/1`, sendAsAlice('PUT', { status: 'resolved' })),
      )
    } finally {
      await reporter.close()
    }
    const guest = await startAbilityGateway({ project: { readAlertManagementAlert: false } })
    try {
      await expectForbidden(await fetch(`${guest.api}${BASE}`, { headers: ALICE }))
    } finally {
      await guest.close()
    }
  })
})
