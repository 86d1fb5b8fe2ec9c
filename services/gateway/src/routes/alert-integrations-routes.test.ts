import { status } from '@grpc/grpc-js'
import type {
  AlertIntegration,
  CreateIntegrationRequest,
  UpdateIntegrationRequest,
} from '@suite/proto'
import {
  ALICE,
  expectForbidden,
  sendAsAlice,
  startAbilityGateway,
} from '../testing/ability-gateway.js'
import { grpcError } from '../testing/grpc-error.js'

const BASE = '/projects/5/alert_management/integrations'

function integration(overrides: Partial<AlertIntegration> = {}): AlertIntegration {
  return {
    id: 3,
    projectId: 5,
    name: 'Grafana',
    type: 'http',
    active: true,
    endpointIdentifier: 'abcdef0123456789abcdef0123456789',
    token: '0123456789abcdef0123456789abcdef',
    payloadAttributeMappings: {},
    createdAt: new Date('2026-11-27T10:00:00.000Z'),
    updatedAt: new Date('2026-11-27T10:00:00.000Z'),
    ...overrides,
  }
}

describe('alert integration routes', () => {
  it('creates (201) with mappings and lists them paginated', async () => {
    const created: CreateIntegrationRequest[] = []
    const gateway = await startAbilityGateway({
      project: { adminAlertIntegrations: true },
      alerting: {
        integrations: {
          createIntegration: (request: CreateIntegrationRequest) => {
            created.push(request)
            return Promise.resolve({ integration: integration({ name: request.name }) })
          },
          listIntegrations: () =>
            Promise.resolve({ integrations: [integration(), integration({ id: 4 })] }),
        },
      },
    })
    try {
      const res = await fetch(
        `${gateway.api}${BASE}`,
        sendAsAlice('POST', {
          name: 'Grafana',
          active: true,
          payload_attribute_mappings: { title: ['alert', 'name'] },
        }),
      )
      expect(res.status).toBe(201)
      expect(await res.json()).toEqual({
        id: 3,
        name: 'Grafana',
        type: 'http',
        active: true,
        url: 'https://gitlab.example.com/top/sub/team-app/alerts/notify/grafana/abcdef0123456789abcdef0123456789.json',
        token: '0123456789abcdef0123456789abcdef',
        payload_attribute_mappings: {},
      })
      expect(created[0]).toMatchObject({
        projectId: 5,
        name: 'Grafana',
        type: 'http',
        active: true,
        payloadAttributeMappings: { title: { path: ['alert', 'name'] } },
      })
      const list = await fetch(`${gateway.api}${BASE}?per_page=1`, { headers: ALICE })
      expect(list.status).toBe(200)
      expect(list.headers.get('x-total')).toBe('2')
      expect(((await list.json()) as unknown[]).length).toBe(1)
    } finally {
      await gateway.close()
    }
  })

  it('refuses a bad type (400), no token (401), a non-Maintainer (403)', async () => {
    const gateway = await startAbilityGateway({ project: { adminAlertIntegrations: true } })
    try {
      const bad = await fetch(`${gateway.api}${BASE}`, sendAsAlice('POST', { type: 'email' }))
      expect(bad.status).toBe(400)
      expect(await bad.json()).toEqual({ error: 'type does not have a valid value' })
      const anonymous = await fetch(`${gateway.api}${BASE}`)
      expect(anonymous.status).toBe(401)
    } finally {
      await gateway.close()
    }
    const developer = await startAbilityGateway()
    try {
      await expectForbidden(await fetch(`${developer.api}${BASE}`, { headers: ALICE }))
      await expectForbidden(await fetch(`${developer.api}${BASE}/3`, sendAsAlice('DELETE')))
    } finally {
      await developer.close()
    }
  })

  it('updates, resets the key (200), deletes (204); an unknown id is 404', async () => {
    const updates: UpdateIntegrationRequest[] = []
    const gateway = await startAbilityGateway({
      project: { adminAlertIntegrations: true },
      alerting: {
        integrations: {
          updateIntegration: (request: UpdateIntegrationRequest) => {
            updates.push(request)
            return Promise.resolve({ integration: integration({ active: false }) })
          },
          resetIntegrationToken: () =>
            Promise.resolve({ integration: integration({ token: 'f'.repeat(32) }) }),
          deleteIntegration: () => Promise.resolve({}),
          getIntegration: () =>
            Promise.reject(grpcError(status.NOT_FOUND, { reason: 'record_not_found' })),
        },
      },
    })
    try {
      const put = await fetch(`${gateway.api}${BASE}/3`, sendAsAlice('PUT', { active: false }))
      expect(put.status).toBe(200)
      expect(updates[0]).toMatchObject({ id: 3, active: false, setMappings: false })
      const none = await fetch(`${gateway.api}${BASE}/3`, sendAsAlice('PUT', {}))
      expect(none.status).toBe(400)
      const reset = await fetch(`${gateway.api}${BASE}/3/reset_token`, sendAsAlice('POST'))
      expect(reset.status).toBe(200)
      expect(((await reset.json()) as { token: string }).token).toBe('f'.repeat(32))
      const deleted = await fetch(`${gateway.api}${BASE}/3`, sendAsAlice('DELETE'))
      expect(deleted.status).toBe(204)
      const missing = await fetch(`${gateway.api}${BASE}/99`, { headers: ALICE })
      expect(missing.status).toBe(404)
      expect(await missing.json()).toEqual({ message: '404 Not found' })
    } finally {
      await gateway.close()
    }
  })
})
