import { loadServiceConfig, serviceDatabaseVariable } from './service-config.js'
import { DOMAIN_SERVICES, databaseUrlVariable } from './services.js'

const SHARED = 'postgres://db/suite'
const OWN = 'postgres://identity-db/identity'
const SECRET = { INTERNAL_API_SECRET: 'x'.repeat(40) }

describe('databaseUrlVariable', () => {
  it('names one variable per service, after its name', () => {
    expect(DOMAIN_SERVICES.map((service) => databaseUrlVariable(service.name))).toEqual([
      'IDENTITY_DATABASE_URL',
      'PROJECTS_DATABASE_URL',
      'MERGE_REQUESTS_DATABASE_URL',
      'CI_TRIGGERS_DATABASE_URL',
      'ALERTING_DATABASE_URL',
    ])
  })
})

describe('a service database falls back to DATABASE_URL', () => {
  it('uses the service own variable when set', () => {
    const env = { ...SECRET, DATABASE_URL: SHARED, IDENTITY_DATABASE_URL: OWN }
    expect(serviceDatabaseVariable('identity', env)).toBe('IDENTITY_DATABASE_URL')
    expect(loadServiceConfig(50051, 'identity', env).DATABASE_URL).toBe(OWN)
  })

  it('uses DATABASE_URL when the own variable is unset or empty', () => {
    expect(
      loadServiceConfig(50051, 'identity', { ...SECRET, DATABASE_URL: SHARED }).DATABASE_URL,
    ).toBe(SHARED)
    const empty = { ...SECRET, DATABASE_URL: SHARED, IDENTITY_DATABASE_URL: '' }
    expect(serviceDatabaseVariable('identity', empty)).toBe('DATABASE_URL')
    expect(loadServiceConfig(50051, 'identity', empty).DATABASE_URL).toBe(SHARED)
  })

  it("ignores another service's variable", () => {
    const env = { ...SECRET, DATABASE_URL: SHARED, MERGE_REQUESTS_DATABASE_URL: OWN }
    expect(loadServiceConfig(50052, 'projects', env).DATABASE_URL).toBe(SHARED)
    expect(loadServiceConfig(50053, 'merge-requests', env).DATABASE_URL).toBe(OWN)
  })

  it('needs no DATABASE_URL when the own variable is set', () => {
    expect(
      loadServiceConfig(50054, 'ci-triggers', { ...SECRET, CI_TRIGGERS_DATABASE_URL: OWN })
        .DATABASE_URL,
    ).toBe(OWN)
  })

  describe('a bad value', () => {
    let stderr: jest.SpyInstance
    beforeEach(() => {
      jest.spyOn(process, 'exit').mockImplementation(() => {
        throw new Error('exit')
      })
      stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true)
    })
    afterEach(() => jest.restoreAllMocks())

    const reported = (env: NodeJS.ProcessEnv) => {
      expect(() => loadServiceConfig(50051, 'identity', { ...SECRET, ...env })).toThrow('exit')
      return String(stderr.mock.calls[0]?.[0])
    }

    it('is reported under the variable it came from', () => {
      expect(reported({ DATABASE_URL: SHARED, IDENTITY_DATABASE_URL: 'not a url' })).toMatch(
        /^invalid configuration: IDENTITY_DATABASE_URL: /,
      )
    })

    it('of DATABASE_URL is reported under it', () => {
      expect(reported({ DATABASE_URL: 'not a url' })).toMatch(
        /^invalid configuration: DATABASE_URL: /,
      )
    })

    it('names DATABASE_URL when neither is set', () => {
      expect(reported({})).toMatch(/^invalid configuration: DATABASE_URL: /)
    })
  })
})
