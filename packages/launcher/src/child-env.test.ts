import { gatewayEnv, domainServiceEnv } from './child-env.js'
import { parseLauncherConfig, type LauncherConfig } from './config.js'
import { assignGrpcPorts } from './ports.js'

function config(env: NodeJS.ProcessEnv): LauncherConfig {
  const result = parseLauncherConfig(env, '/repo')
  if (!result.ok) throw new Error(result.error)
  return result.config
}

const backends = { databaseUrl: 'postgres://db/gitlab', redisUrl: 'redis://127.0.0.1:56379' }
const services = assignGrpcPorts(51051)
const [identity, projects, mergeRequests] = services

describe('domainServiceEnv', () => {
  const base = config({
    PATH: '/usr/bin',
    INITIAL_ROOT_TOKEN: 'glpat-root',
    QUEUE_PREFIX: 'run1',
    INSTALLATION_ID: 'tenant-a',
    GRPC_PORT: '1',
  })

  it('binds the service to loopback on its own port with a free metrics port', () => {
    const env = domainServiceEnv(base, mergeRequests!, backends)
    expect(env).toMatchObject({
      PATH: '/usr/bin',
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '51053',
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: '0',
      DATABASE_URL: 'postgres://db/gitlab',
      REDIS_URL: 'redis://127.0.0.1:56379',
      EXTERNAL_URL: 'http://localhost:8080',
      LOG_LEVEL: 'info',
      QUEUE_PREFIX: 'run1',
      INSTALLATION_ID: 'tenant-a',
    })
  })

  it("runs a gRPC extra role on its own port and tells every process every server's address", () => {
    const env = domainServiceEnv(base, projects!, backends, services, 'repository')
    expect(env).toMatchObject({
      GRPC_PORT: '51056',
      IDENTITY_ADDR: '127.0.0.1:51051',
      PROJECTS_ADDR: '127.0.0.1:51052',
      REPOSITORY_ADDR: '127.0.0.1:51056',
    })
  })

  it('gives the root token to identity only', () => {
    expect(domainServiceEnv(base, identity!, backends)['INITIAL_ROOT_TOKEN']).toBe('glpat-root')
    expect(domainServiceEnv(base, projects!, backends)).not.toHaveProperty('INITIAL_ROOT_TOKEN')
  })

  it('gives the encryption key to the services that keep secrets only', () => {
    const withKey = config({ ENCRYPTION_KEY: 'd'.repeat(64) })
    const ciTriggers = services.find((service) => service.info.name === 'ci-triggers')
    expect(domainServiceEnv(withKey, ciTriggers!, backends)['ENCRYPTION_KEY']).toBe('d'.repeat(64))
    expect(domainServiceEnv(withKey, projects!, backends)['ENCRYPTION_KEY']).toBe('d'.repeat(64))
    expect(gatewayEnv(withKey, services, backends)).not.toHaveProperty('ENCRYPTION_KEY')
  })

  it('gives the internal secret to every process, the gateway and migrations included', () => {
    const withSecret = config({ INTERNAL_API_SECRET: 'i'.repeat(64) })
    for (const service of services) {
      expect(domainServiceEnv(withSecret, service, backends)['INTERNAL_API_SECRET']).toBe(
        'i'.repeat(64),
      )
    }
    expect(gatewayEnv(withSecret, services, backends)['INTERNAL_API_SECRET']).toBe('i'.repeat(64))
  })

  it('gives a service with a database of its own that one alone, as its DATABASE_URL', () => {
    const split = config({
      IDENTITY_DATABASE_URL: 'postgres://db/identity',
      MERGE_REQUESTS_DATABASE_URL: 'postgres://db/mr',
    })
    const urls = services.map((service) => domainServiceEnv(split, service, backends))
    expect(urls.map((env) => env['DATABASE_URL'])).toEqual([
      'postgres://db/identity',
      'postgres://db/gitlab',
      'postgres://db/mr',
      'postgres://db/gitlab',
      'postgres://db/gitlab',
    ])
    for (const env of [...urls, gatewayEnv(split, services, backends)]) {
      expect(Object.keys(env).filter((name) => name.endsWith('_DATABASE_URL'))).toEqual([])
    }
    expect(gatewayEnv(split, services, backends)['DATABASE_URL']).toBe('postgres://db/gitlab')
  })

  it('tells projects where the repositories live', () => {
    expect(domainServiceEnv(base, projects!, backends)['REPOSITORY_ROOT']).toBe(
      '/repo/.data/repositories',
    )
    expect(domainServiceEnv(base, identity!, backends)).not.toHaveProperty('REPOSITORY_ROOT')
  })
})

describe('gatewayEnv', () => {
  it('points the gateway at every domain service and its own address', () => {
    const env = gatewayEnv(config({ PORT: '18080', INITIAL_ROOT_TOKEN: 't' }), services, backends)
    expect(env).toMatchObject({
      PORT: '18080',
      HOST: '127.0.0.1',
      EXTERNAL_URL: 'http://localhost:18080',
      DATABASE_URL: 'postgres://db/gitlab',
      REDIS_URL: 'redis://127.0.0.1:56379',
      IDENTITY_ADDR: '127.0.0.1:51051',
      PROJECTS_ADDR: '127.0.0.1:51052',
      MERGE_REQUESTS_ADDR: '127.0.0.1:51053',
      CI_TRIGGERS_ADDR: '127.0.0.1:51054',
      ALERTING_ADDR: '127.0.0.1:51055',
      LOG_LEVEL: 'info',
    })
    expect(env).not.toHaveProperty('INITIAL_ROOT_TOKEN')
  })

  it('hands the gateway the installation id the domain services get', () => {
    const withId = config({ INSTALLATION_ID: 'pg:7313/suite' })
    expect(gatewayEnv(withId, services, backends)['INSTALLATION_ID']).toBe('pg:7313/suite')
    expect(domainServiceEnv(withId, identity!, backends)['INSTALLATION_ID']).toBe('pg:7313/suite')
    expect(gatewayEnv(withId, services, backends)).not.toHaveProperty('QUEUE_PREFIX')
  })
})
