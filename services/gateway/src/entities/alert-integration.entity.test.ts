import type { AlertIntegration } from '@suite/proto'
import { contextFixture } from '../testing/fixtures.js'
import { projectFixture } from '../testing/project-fixture.js'
import { presentAlertIntegration } from './alert-integration.entity.js'

const integration: AlertIntegration = {
  id: 3,
  projectId: 5,
  name: 'Grafana EU',
  type: 'http',
  active: true,
  endpointIdentifier: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  token: '0123456789abcdef0123456789abcdef',
  payloadAttributeMappings: {
    title: { path: ['alert', 'name'] },
    severity: { path: ['labels', 'sev'] },
  },
  createdAt: new Date('2026-11-27T10:00:00.000Z'),
  updatedAt: new Date('2026-11-27T10:00:00.000Z'),
}

describe('presentAlertIntegration', () => {
  it('shows an http integration with its URL, key and mappings', () => {
    const json = presentAlertIntegration(
      { integration, project: projectFixture() },
      contextFixture(),
    )
    expect(JSON.stringify(json)).toBe(
      JSON.stringify({
        id: 3,
        name: 'Grafana EU',
        type: 'http',
        active: true,
        url: 'https://gitlab.example.com/top/sub/team-app/alerts/notify/grafana-eu/a1b2c3d4e5f60718293a4b5c6d7e8f90.json',
        token: '0123456789abcdef0123456789abcdef',
        payload_attribute_mappings: { severity: ['labels', 'sev'], title: ['alert', 'name'] },
      }),
    )
  })

  it("gives the prometheus integration the project's one notify URL", () => {
    const prometheus = {
      ...integration,
      type: 'prometheus',
      name: 'Prometheus',
      endpointIdentifier: '',
      payloadAttributeMappings: {},
    }
    const json = presentAlertIntegration(
      { integration: prometheus, project: projectFixture() },
      contextFixture(),
    )
    expect(json.url).toBe(
      'https://gitlab.example.com/top/sub/team-app/prometheus/alerts/notify.json',
    )
    expect(json.payload_attribute_mappings).toEqual({})
  })
})
