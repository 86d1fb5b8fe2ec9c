import { DOMAIN_SERVICES } from '@suite/runtime'
import { assignGrpcPorts, grpcAddresses } from './ports.js'

describe('assignGrpcPorts', () => {
  it('gives service i the port base + i in DOMAIN_SERVICES order', () => {
    const assigned = assignGrpcPorts(50051)
    expect(assigned.map((s) => [s.info.name, s.grpcPort, s.address])).toEqual([
      ['identity', 50051, '127.0.0.1:50051'],
      ['projects', 50052, '127.0.0.1:50052'],
      ['merge-requests', 50053, '127.0.0.1:50053'],
      ['ci-triggers', 50054, '127.0.0.1:50054'],
      ['alerting', 50055, '127.0.0.1:50055'],
    ])
  })

  it('keeps the default ports of services.ts at the default base', () => {
    expect(assignGrpcPorts(50051).map((s) => s.grpcPort)).toEqual(
      DOMAIN_SERVICES.map((s) => s.grpcPort),
    )
  })

  it('moves every port with the base, so two suites do not collide', () => {
    const first = assignGrpcPorts(50051).map((s) => s.grpcPort)
    const second = assignGrpcPorts(51051).map((s) => s.grpcPort)
    expect(second).toEqual(first.map((port) => port + 1000))
  })

  it('numbers gRPC extra roles after every server role, and gives workers no port', () => {
    const projects = assignGrpcPorts(40000).find((s) => s.info.name === 'projects')
    expect(projects?.roles).toEqual([
      { name: 'server', grpcPort: 40001 },
      { name: 'repository', grpcPort: 40005 },
      { name: 'worker', grpcPort: undefined },
    ])
  })

  it('lists every gRPC server with the variable its callers read', () => {
    const servers = grpcAddresses(assignGrpcPorts(40000))
    expect(servers.map((s) => [s.variable, s.address])).toEqual([
      ['IDENTITY_ADDR', '127.0.0.1:40000'],
      ['PROJECTS_ADDR', '127.0.0.1:40001'],
      ['REPOSITORY_ADDR', '127.0.0.1:40005'],
      ['MERGE_REQUESTS_ADDR', '127.0.0.1:40002'],
      ['CI_TRIGGERS_ADDR', '127.0.0.1:40003'],
      ['ALERTING_ADDR', '127.0.0.1:40004'],
    ])
  })
})
