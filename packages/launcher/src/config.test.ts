import { parseLauncherConfig, type LauncherConfig } from './config.js'

const ROOT = '/repo'

function parsed(env: NodeJS.ProcessEnv): LauncherConfig {
  const result = parseLauncherConfig(env, ROOT)
  if (!result.ok) throw new Error(result.error)
  return result.config
}

function failure(env: NodeJS.ProcessEnv): string {
  const result = parseLauncherConfig(env, ROOT)
  if (result.ok) throw new Error('expected a configuration error')
  return result.error
}

describe('parseLauncherConfig', () => {
  it('applies the documented defaults', () => {
    const config = parsed({})
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      externalUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      dataDir: '/repo/.data',
      embeddedPgPort: 54329,
      redisUrl: 'redis://127.0.0.1:6379',
      redisUrlExplicit: false,
      initialRootToken: undefined,
      grpcPortBase: 50051,
      logLevel: 'info',
      installationId: undefined,
      queuePrefix: undefined,
      repositoryRoot: '/repo/.data/repositories',
    })
  })

  it('derives EXTERNAL_URL from PORT and strips a trailing slash from a given one', () => {
    expect(parsed({ PORT: '9000' }).externalUrl).toBe('http://localhost:9000')
    expect(parsed({ EXTERNAL_URL: 'https://gitlab.example.com/' }).externalUrl).toBe(
      'https://gitlab.example.com',
    )
  })

  it('reads every variable it documents', () => {
    const config = parsed({
      PORT: '3000',
      DATABASE_URL: 'postgresql://u:p@db:5432/gitlab',
      DATA_DIR: '/var/lib/suite',
      EMBEDDED_PG_PORT: '6000',
      REDIS_URL: 'redis://cache:6380',
      INITIAL_ROOT_TOKEN: 'glpat-secret',
      GRPC_PORT_BASE: '40000',
      LOG_LEVEL: 'debug',
      QUEUE_PREFIX: 'run42',
      INSTALLATION_ID: 'tenant-a',
    })
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: 'postgresql://u:p@db:5432/gitlab',
      dataDir: '/var/lib/suite',
      embeddedPgPort: 6000,
      redisUrl: 'redis://cache:6380',
      redisUrlExplicit: true,
      initialRootToken: 'glpat-secret',
      grpcPortBase: 40000,
      logLevel: 'debug',
      queuePrefix: 'run42',
      installationId: 'tenant-a',
      repositoryRoot: '/var/lib/suite/repositories',
    })
  })

  it('refuses a QUEUE_PREFIX that is no safe Redis key part, naming it', () => {
    expect(failure({ QUEUE_PREFIX: 'a:b' })).toMatch(/^QUEUE_PREFIX: /)
    expect(failure({ INSTALLATION_ID: 'a b' })).toMatch(/^INSTALLATION_ID: /)
  })

  it('reads a database URL per service, each falling back to DATABASE_URL', () => {
    const config = parsed({
      DATABASE_URL: 'postgres://db/shared',
      PROJECTS_DATABASE_URL: 'postgres://db/projects',
      ALERTING_DATABASE_URL: '',
    })
    expect(config.serviceDatabaseUrls).toEqual({ projects: 'postgres://db/projects' })
    expect(config.inherited).not.toHaveProperty('PROJECTS_DATABASE_URL')
    expect(parsed({}).serviceDatabaseUrls).toEqual({})
    expect(failure({ IDENTITY_DATABASE_URL: 'mysql://db/identity' })).toMatch(
      /^IDENTITY_DATABASE_URL: expected a postgres/,
    )
    expect(failure({ CI_TRIGGERS_DATABASE_URL: 'nope' })).toMatch(/^CI_TRIGGERS_DATABASE_URL: /)
  })

  it('treats an empty value as unset', () => {
    const config = parsed({ DATABASE_URL: '', REDIS_URL: '', PORT: '' })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.redisUrlExplicit).toBe(false)
    expect(config.port).toBe(8080)
  })

  it('resolves DATA_DIR and REPOSITORY_ROOT against the repository root', () => {
    const config = parsed({ DATA_DIR: 'tmp/data', REPOSITORY_ROOT: 'repos' })
    expect(config.dataDir).toBe('/repo/tmp/data')
    expect(config.repositoryRoot).toBe('/repo/repos')
  })

  it('keeps INITIAL_ROOT_TOKEN out of the inherited environment', () => {
    const config = parsed({ INITIAL_ROOT_TOKEN: 'glpat-secret', PATH: '/usr/bin', EMPTY: '' })
    expect(config.inherited).toEqual({ PATH: '/usr/bin', EMPTY: '' })
  })

  it('reads ENCRYPTION_KEY and keeps it out of the inherited environment', () => {
    const config = parsed({ ENCRYPTION_KEY: 'c'.repeat(64), PATH: '/usr/bin' })
    expect(config.encryptionKey).toBe('c'.repeat(64))
    expect(config.inherited).toEqual({ PATH: '/usr/bin' })
    expect(parsed({}).encryptionKey).toBeUndefined()
    expect(failure({ ENCRYPTION_KEY: 'short' })).toMatch(/^ENCRYPTION_KEY: expected 64 hex/)
  })

  it('reads INTERNAL_API_SECRET and keeps it out of the inherited environment', () => {
    const config = parsed({ INTERNAL_API_SECRET: 's'.repeat(40), PATH: '/usr/bin' })
    expect(config.internalSecret).toBe('s'.repeat(40))
    expect(config.inherited).toEqual({ PATH: '/usr/bin' })
    expect(parsed({}).internalSecret).toBeUndefined()
    expect(failure({ INTERNAL_API_SECRET: 'short' })).toMatch(/^INTERNAL_API_SECRET: must be at/)
  })

  it.each([
    [{ PORT: 'abc' }, /^PORT: /],
    [{ PORT: '70000' }, /^PORT: /],
    [{ PORT: '0' }, /^PORT: must not be 0/],
    [{ PORT: '50052' }, /^PORT: 50052 collides with the gRPC ports 50051-50055/],
    [{ GRPC_PORT_BASE: '65533' }, /^GRPC_PORT_BASE: must be between 1 and 65531/],
    [{ EMBEDDED_PG_PORT: '-1' }, /^EMBEDDED_PG_PORT: /],
    [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL: /],
    [{ DATABASE_URL: 'mysql://db/gitlab' }, /^DATABASE_URL: expected a postgres/],
    [{ REDIS_URL: 'http://cache' }, /^REDIS_URL: expected a redis/],
    [{ EXTERNAL_URL: 'gitlab.example.com' }, /^EXTERNAL_URL: /],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL: /],
  ])('rejects %p with one line naming the variable', (env, message) => {
    const error = failure(env)
    expect(error).toMatch(message)
    expect(error).not.toContain('\n')
  })
})
