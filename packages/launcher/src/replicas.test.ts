import { parseLauncherConfig } from './config.js'
import { assignGrpcPorts } from './ports.js'
import {
  expandReplicas,
  gatewayReplicas,
  parseReplicas,
  replicaAddressBook,
  replicaAddresses,
  SINGLE,
  type ReplicaCounts,
} from './replicas.js'

function counts(vars: Record<string, string>): ReplicaCounts {
  const result = parseReplicas(vars)
  if (!result.ok) throw new Error(result.error)
  return result.counts
}

function error(vars: Record<string, string>): string {
  const result = parseReplicas(vars)
  if (result.ok) throw new Error('expected an error')
  return result.error
}

describe('parseReplicas', () => {
  it('runs one process of every role by default', () => {
    expect(counts({})).toEqual(SINGLE)
  })

  it('reads REPLICAS for every role and REPLICAS_<SERVICE>_<ROLE> for one', () => {
    expect(
      counts({ REPLICAS: '2', REPLICAS_MERGE_REQUESTS_WORKER: '3', REPLICAS_GATEWAY: '1' }),
    ).toEqual({ all: 2, byRole: { REPLICAS_MERGE_REQUESTS_WORKER: 3, REPLICAS_GATEWAY: 1 } })
  })

  it('names the variable of a bad count or an unknown role', () => {
    expect(error({ REPLICAS: '0' })).toBe('REPLICAS: expected a whole number from 1 to 8')
    expect(error({ REPLICAS: '2x' })).toMatch(/^REPLICAS: /)
    expect(error({ REPLICAS_PROJECTS_REPOSITORY: '9' })).toMatch(/^REPLICAS_PROJECTS_REPOSITORY: /)
    expect(error({ REPLICAS_PROJECT_SERVER: '2' })).toMatch(
      /^REPLICAS_PROJECT_SERVER: no such role; one of REPLICAS_IDENTITY_SERVER, /,
    )
    expect(error({ REPLICAS_PROJECTS_MIGRATE: '2' })).toMatch(/no such role/)
  })
})

describe('replica ports and addresses', () => {
  const services = assignGrpcPorts(40000)

  it('keeps the single-process ports and names without REPLICAS', () => {
    const replicas = expandReplicas(services, SINGLE)
    expect(replicas.map((r) => [r.name, r.grpcPort])).toContainEqual(['projects server', 40001])
    expect(replicaAddressBook(services, SINGLE)).toMatchObject({
      PROJECTS_ADDR: '127.0.0.1:40001',
      REPOSITORY_ADDR: '127.0.0.1:40005',
    })
    expect(gatewayReplicas(8080, SINGLE)).toEqual([{ name: 'gateway', port: 8080 }])
  })

  it('gives replica k of a server the base port plus k blocks of every server', () => {
    const two = counts({ REPLICAS: '2', REPLICAS_ALERTING_WORKER: '3' })
    const replicas = expandReplicas(services, two)
    const projects = replicas.filter((r) => r.service.info.name === 'projects')
    expect(projects.map((r) => [r.name, r.grpcPort])).toEqual([
      ['projects server #1', 40001],
      ['projects server #2', 40007],
      ['projects repository #1', 40005],
      ['projects repository #2', 40011],
      ['projects worker #1', undefined],
      ['projects worker #2', undefined],
    ])
    expect(replicas.filter((r) => r.name.startsWith('alerting worker'))).toHaveLength(3)
    const ports = replicaAddresses(services, two).map((s) => s.port)
    expect(new Set(ports).size).toBe(12)
    expect(Math.max(...ports)).toBe(40011)
  })

  it('lists every replica of a server in its *_ADDR variable', () => {
    const book = replicaAddressBook(
      services,
      counts({ REPLICAS: '2', REPLICAS_IDENTITY_SERVER: '1' }),
    )
    expect(book['PROJECTS_ADDR']).toBe('ipv4:127.0.0.1:40001,127.0.0.1:40007')
    expect(book['IDENTITY_ADDR']).toBe('127.0.0.1:40000')
  })

  it('puts the gateways on PORT, PORT + 1, ...', () => {
    expect(gatewayReplicas(8080, counts({ REPLICAS_GATEWAY: '2' }))).toEqual([
      { name: 'gateway #1', port: 8080 },
      { name: 'gateway #2', port: 8081 },
    ])
  })
})

describe('parseLauncherConfig with replicas', () => {
  it('refuses ports the replicas would share', () => {
    const result = parseLauncherConfig(
      { REPLICAS: '2', PORT: '50062', GRPC_PORT_BASE: '50051' },
      '/repo',
    )
    expect(result).toEqual({
      ok: false,
      error: 'PORT: the gateway ports 50062-50063 collide with the gRPC ports 50051-50062',
    })
    const high = parseLauncherConfig({ REPLICAS: '8', GRPC_PORT_BASE: '65500' }, '/repo')
    expect(high.ok).toBe(false)
  })

  it('keeps the counts', () => {
    const result = parseLauncherConfig({ REPLICAS: '2' }, '/repo')
    expect(result.ok && result.config.replicas).toEqual({ all: 2, byRole: {} })
  })
})
