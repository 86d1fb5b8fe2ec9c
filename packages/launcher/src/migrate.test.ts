import type { Logger } from '@suite/runtime'
import { DOMAIN_SERVICES } from '@suite/runtime'
import type { ChildExit } from './child.js'
import { migrateAll, roleSpec } from './migrate.js'

const logger = { info: () => {} } as unknown as Logger
const services = DOMAIN_SERVICES.map((info) => ({ info }))
const ok: ChildExit = { code: 0, signal: null }

describe('migrateAll', () => {
  it('migrates one service after the other, identity first', async () => {
    const order: string[] = []
    const run = (s: { info: { name: string } }) => {
      order.push(s.info.name)
      return Promise.resolve(ok)
    }
    await migrateAll(services, run, logger)
    expect(order).toEqual(['identity', 'projects', 'merge-requests', 'ci-triggers', 'alerting'])
  })

  it('stops at the first failure and names it', async () => {
    const order: string[] = []
    const run = (s: { info: { name: string } }) => {
      order.push(s.info.name)
      return Promise.resolve(s.info.name === 'projects' ? { code: 3, signal: null } : ok)
    }
    await expect(migrateAll(services, run, logger)).rejects.toThrow(
      'migrations of projects failed (exit code 3)',
    )
    expect(order).toEqual(['identity', 'projects'])
  })
})

describe('roleSpec', () => {
  it('runs the service main with its role from the repository root', () => {
    const spec = roleSpec('/repo', 'ci-triggers', 'migrate', { A: '1' })
    expect(spec).toMatchObject({
      name: 'ci-triggers migrate',
      command: process.execPath,
      args: ['/repo/services/ci-triggers/dist/main.js', 'migrate'],
      cwd: '/repo',
      env: { A: '1' },
    })
    expect(roleSpec('/repo', 'gateway', undefined).args).toEqual([
      '/repo/services/gateway/dist/main.js',
    ])
  })
})
