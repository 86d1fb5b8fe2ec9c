import { DOMAIN_SERVICES } from '@suite/runtime'
import { assignGrpcPorts } from './ports.js'

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
})
