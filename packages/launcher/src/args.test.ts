import type { ServiceInfo } from '@suite/runtime'
import { parseArgs } from './args.js'

describe('parseArgs', () => {
  it('reads the suite-wide commands', () => {
    expect(parseArgs(['start'])).toEqual({ kind: 'start' })
    expect(parseArgs(['migrate'])).toEqual({ kind: 'migrate' })
    expect(parseArgs([])).toEqual({ kind: 'help' })
    expect(parseArgs(['--help'])).toEqual({ kind: 'help' })
  })

  it('runs a domain service role', () => {
    expect(parseArgs(['merge-requests', 'server'])).toEqual({
      kind: 'run',
      service: 'merge-requests',
      role: 'server',
    })
    expect(parseArgs(['identity', 'migrate'])).toEqual({
      kind: 'run',
      service: 'identity',
      role: 'migrate',
    })
  })

  it('runs the gateway without a role, tolerating "server"', () => {
    const gateway = { kind: 'run', service: 'gateway', role: undefined }
    expect(parseArgs(['gateway'])).toEqual(gateway)
    expect(parseArgs(['gateway', 'server'])).toEqual(gateway)
    expect(parseArgs(['gateway', 'worker'])).toMatchObject({ kind: 'error' })
  })

  it('accepts a role only if the service declares it', () => {
    const services: ServiceInfo[] = [
      { name: 'alerting', schema: 'alerting', grpcPort: 1, extraRoles: [{ name: 'worker' }] },
    ]
    expect(parseArgs(['alerting', 'worker'], services)).toMatchObject({ kind: 'run' })
    expect(parseArgs(['alerting', 'repository'], services)).toEqual({
      kind: 'error',
      message: 'alerting has no role "repository" (server, migrate, worker)',
    })
  })

  it.each([
    [['billing', 'server'], 'unknown command or service "billing"'],
    [['projects'], 'projects needs a role: server, migrate, repository, worker'],
    [['projects', 'server', 'extra'], 'too many arguments'],
    [['start', 'now'], 'start takes no arguments'],
    [['../etc', 'server'], 'unknown command or service "../etc"'],
  ])('rejects %p', (args, message) => {
    expect(parseArgs(args)).toEqual({ kind: 'error', message })
  })
})
