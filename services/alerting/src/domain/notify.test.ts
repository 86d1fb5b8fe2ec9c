import {
  ForbiddenError,
  NotFoundError,
  PreconditionError,
  UnauthenticatedError,
  InvalidError,
} from '@suite/runtime'
import type { Integration } from './integration.js'
import { keysMatch, notifyAlerts, type NotifyDeps } from './notify.js'
import type { AlertStore, IntegrationStore, RecordOutcome } from './ports.js'

const KEY = '0123456789abcdef0123456789abcdef'
const integration: Integration = {
  id: 3,
  projectId: 7,
  name: 'HTTP',
  type: 'http',
  active: true,
  endpointIdentifier: 'abcdef0123456789',
  token: KEY,
  payloadAttributeMappings: {},
  createdAt: new Date(),
  updatedAt: new Date(),
}

function deps(found: Integration | undefined, outcome: RecordOutcome): NotifyDeps {
  const lookup = () => Promise.resolve(found)
  const integrations = {
    findByEndpoint: lookup,
    findDefaultHttp: lookup,
    findPrometheus: lookup,
  } as unknown as IntegrationStore
  const alerts = { record: () => Promise.resolve(outcome) } as unknown as AlertStore
  return {
    findProjectId: (path) => Promise.resolve(path === 'g/p' ? 7 : undefined),
    integrations,
    alerts,
    throttle: () => Promise.resolve(),
    now: () => new Date('2026-11-27T10:00:00Z'),
    recorded: () => {},
  }
}

const created: RecordOutcome = {
  kind: 'created',
  alert: { iid: 1, title: 'New: Alert' } as never,
}
const request = {
  projectFullPath: 'g/p',
  type: 'http' as const,
  endpointIdentifier: 'abcdef0123456789',
  key: KEY,
  payloadJson: '{}',
}

describe('notifyAlerts', () => {
  it('answers the alerts it created', async () => {
    expect(await notifyAlerts(deps(integration, created), request)).toEqual([
      { iid: 1, title: 'New: Alert' },
    ])
  })

  it.each([
    ['title', '{"title":"a\\u0000b"}'],
    ['severity', '{"title":"t","severity":"\\u0000"}'],
    ['description', '{"title":"t","description":"x\\u0000"}'],
    ['hosts', '{"title":"t","hosts":["h","\\u0000"]}'],
    ['a nested key', '{"title":"t","labels":{"k\\u0000":"v"}}'],
  ])('refuses a NUL character in %s as a 400 before storing anything', async (_field, json) => {
    let stored = 0
    const counting = {
      ...deps(integration, created),
      alerts: { record: () => ((stored += 1), Promise.resolve(created)) } as unknown as AlertStore,
    }
    await expect(notifyAlerts(counting, { ...request, payloadJson: json })).rejects.toBeInstanceOf(
      InvalidError,
    )
    expect(stored).toBe(0)
  })

  it('reads a payload of a million-item list without overflowing the stack', async () => {
    const json = `{"title":"t","hosts":[${'0,'.repeat(1_000_000)}"\\u0000"]}`
    await expect(
      notifyAlerts(deps(integration, created), { ...request, payloadJson: json }),
    ).rejects.toBeInstanceOf(InvalidError)
  })

  it('takes an escaped backslash before u0000 as the text it is', async () => {
    const json = JSON.stringify({ title: 'path \\u0000' })
    expect(
      await notifyAlerts(deps(integration, created), { ...request, payloadJson: json }),
    ).toEqual([{ iid: 1, title: 'New: Alert' }])
  })

  it('refuses in GitLab order: 404, 400, 422, 403, 401', async () => {
    await expect(
      notifyAlerts(deps(integration, created), { ...request, projectFullPath: 'x/y' }),
    ).rejects.toBeInstanceOf(NotFoundError)
    await expect(notifyAlerts(deps(undefined, created), request)).rejects.toBeInstanceOf(
      NotFoundError,
    )
    await expect(
      notifyAlerts(deps(integration, created), { ...request, payloadJson: '[1]' }),
    ).rejects.toBeInstanceOf(InvalidError)
    const prometheus = { ...integration, type: 'prometheus' as const }
    await expect(
      notifyAlerts(deps(prometheus, created), { ...request, type: 'prometheus' }),
    ).rejects.toBeInstanceOf(PreconditionError)
    const inactive = { ...integration, active: false }
    await expect(
      notifyAlerts(deps(inactive, created), { ...request, key: '' }),
    ).rejects.toBeInstanceOf(ForbiddenError)
    await expect(
      notifyAlerts(deps(integration, created), { ...request, key: 'nope' }),
    ).rejects.toBeInstanceOf(UnauthenticatedError)
  })

  it('answers 400 for a resolving payload that matches no open alert', async () => {
    const payloadJson = JSON.stringify({ title: 'x', end_time: '2026-11-27T09:00:00Z' })
    await expect(
      notifyAlerts(deps(integration, { kind: 'unmatched' }), { ...request, payloadJson }),
    ).rejects.toBeInstanceOf(InvalidError)
  })

  it('compares keys in constant time and never accepts an empty one', () => {
    expect(keysMatch(KEY, KEY)).toBe(true)
    expect(keysMatch('', '')).toBe(false)
    expect(keysMatch(`${KEY}0`, KEY)).toBe(false)
  })
})
