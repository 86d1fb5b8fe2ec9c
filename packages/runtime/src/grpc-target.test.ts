import { isGrpcTarget, replicaTarget, targetAddresses } from './grpc-target.js'

describe('gRPC targets of *_ADDR', () => {
  it('accepts host:port and an ipv4 list of replicas', () => {
    expect(isGrpcTarget('projects-server:50052')).toBe(true)
    expect(isGrpcTarget('127.0.0.1:50052')).toBe(true)
    expect(isGrpcTarget('ipv4:127.0.0.1:50052,127.0.0.1:50058')).toBe(true)
  })

  it('refuses anything else', () => {
    for (const bad of [
      'projects',
      'a:b:1',
      'a b:1',
      'ipv4:',
      'ipv4:localhost:1',
      'ipv4:127.0.0.1:0',
      'ipv4:127.0.0.1:70000',
      'ipv4:127.0.0.1:1,',
      'dns:///x:1,y:2',
      'a:1,b:2',
    ]) {
      expect([bad, isGrpcTarget(bad)]).toEqual([bad, false])
    }
  })

  it('names one address as itself and several as an ipv4 list', () => {
    expect(replicaTarget(['127.0.0.1:1'])).toBe('127.0.0.1:1')
    expect(replicaTarget(['127.0.0.1:1', '127.0.0.1:2'])).toBe('ipv4:127.0.0.1:1,127.0.0.1:2')
    expect(targetAddresses('ipv4:127.0.0.1:1,127.0.0.1:2')).toEqual(['127.0.0.1:1', '127.0.0.1:2'])
    expect(targetAddresses('x:1')).toEqual(['x:1'])
  })
})
