import { createLogger, createRegistry } from '@suite/runtime'
import { createApp } from './app.js'
import { TokenCache } from './auth/token-cache.js'
import { routeTable } from './route-table.js'
import { fakeAlerting } from './testing/fake-alerting.js'
import { fakeEvents } from './testing/fake-events.js'
import { fakeIdentity } from './testing/fake-identity.js'
import { fakeMergeRequests, fakePipelines } from './testing/fake-merge-requests.js'
import { fakeProjects } from './testing/fake-projects.js'
import { fakeRepository } from './testing/fake-repository.js'

function table() {
  return routeTable(
    createApp({
      externalUrl: 'https://gitlab.example.com',
      logger: createLogger('gateway', 'silent'),
      registry: createRegistry('gateway'),
      identity: fakeIdentity(),
      projects: fakeProjects(),
      events: fakeEvents(),
      repository: fakeRepository(),
      mergeRequests: fakeMergeRequests(),
      pipelines: fakePipelines(),
      alerting: fakeAlerting(),
      tokenCache: new TokenCache(),
      readiness: [],
    }),
  )
}

describe('routeTable', () => {
  it('lists API routes under their mount path, with path and declared parameters', () => {
    const route = table().find(
      (entry) =>
        entry.method === 'PUT' &&
        entry.path === '/api/v4/projects/:id/merge_requests/:merge_request_iid',
    )
    expect(route?.params).toEqual(
      expect.arrayContaining(['id', 'merge_request_iid', 'title', 'state_event']),
    )
  })

  it('gives list routes their pagination parameters', () => {
    const route = table().find(
      (entry) => entry.method === 'GET' && entry.path === '/api/v4/projects',
    )
    expect(route?.params).toEqual(expect.arrayContaining(['page', 'per_page', 'visibility']))
  })

  it('lists routes of nested routers and of path-matching middleware', () => {
    const paths = table().map((entry) => `${entry.method} ${entry.path}`)
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /-/readiness',
        'GET /uploads/-/system/project/avatar/:id/:filename',
        'POST /:full_path/alerts/notify.json',
        'POST /:full_path/alerts/notify/:name/:endpoint_identifier.json',
        'POST /:full_path/prometheus/alerts/notify.json',
        'POST /api/v4/projects/:id/ref/*ref/trigger/pipeline',
      ]),
    )
  })

  it('lists each method and template once', () => {
    const keys = table().map((entry) => `${entry.method} ${entry.path}`)
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.filter((key) => key.includes(' /api/v4/')).length).toBeGreaterThan(100)
  })
})
