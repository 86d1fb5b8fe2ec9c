import { z } from 'zod'
import {
  InstallationError,
  installationIdSetting,
  queuePrefixFor,
  queuePrefixSetting,
  resolveInstallation,
} from './installation.js'

describe('queuePrefixFor', () => {
  it('is the same for the same installation and differs between installations', () => {
    expect(queuePrefixFor('pg:7313/suite_a')).toBe(queuePrefixFor('pg:7313/suite_a'))
    expect(queuePrefixFor('pg:7313/suite_a')).not.toBe(queuePrefixFor('pg:7313/suite_b'))
    expect(queuePrefixFor('pg:7313/suite_a')).toMatch(/^suite-[0-9a-f]{16}$/)
  })
})

describe('resolveInstallation', () => {
  it('takes INSTALLATION_ID without reading the database, and derives the prefix from it', async () => {
    const installation = await resolveInstallation({
      installationId: 'tenant-a',
      // Nothing answers here: a read would fail.
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
    })
    expect(installation).toEqual({
      id: 'tenant-a',
      prefix: queuePrefixFor('tenant-a'),
      prefixFrom: 'INSTALLATION_ID',
    })
  })

  it('lets an explicit QUEUE_PREFIX win, keeping the id it will be checked against', async () => {
    const installation = await resolveInstallation({
      installationId: 'tenant-a',
      queuePrefix: 'run1',
    })
    expect(installation).toEqual({ id: 'tenant-a', prefix: 'run1', prefixFrom: 'QUEUE_PREFIX' })
  })

  it('refuses with a line naming INSTALLATION_ID when nothing names the installation', async () => {
    await expect(resolveInstallation({ queuePrefix: 'run1' })).rejects.toThrow(
      new InstallationError('INSTALLATION_ID: required when DATABASE_URL is not set'),
    )
  })

  it('refuses with a line naming INSTALLATION_ID when the database cannot be read', async () => {
    const refused = resolveInstallation({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })
    await expect(refused).rejects.toBeInstanceOf(InstallationError)
    await expect(refused).rejects.toThrow(/^INSTALLATION_ID: not set, and the database's identity/)
  })
})

describe('settings', () => {
  const prefix = z.object({ QUEUE_PREFIX: queuePrefixSetting() })
  const id = z.object({ INSTALLATION_ID: installationIdSetting() })

  it('treat an empty value as unset', () => {
    expect(prefix.parse({ QUEUE_PREFIX: '' })).toEqual({ QUEUE_PREFIX: undefined })
    expect(prefix.parse({})).toEqual({})
    expect(id.parse({ INSTALLATION_ID: '' })).toEqual({ INSTALLATION_ID: undefined })
  })

  it('accept key-safe prefixes and refuse colons, spaces and long ones', () => {
    expect(prefix.parse({ QUEUE_PREFIX: 'it-1.a_b' })).toEqual({ QUEUE_PREFIX: 'it-1.a_b' })
    for (const bad of ['a:b', 'a b', 'x'.repeat(65), 'é']) {
      expect(prefix.safeParse({ QUEUE_PREFIX: bad }).success).toBe(false)
    }
    expect(id.parse({ INSTALLATION_ID: 'pg:1/x' })).toEqual({ INSTALLATION_ID: 'pg:1/x' })
    expect(id.safeParse({ INSTALLATION_ID: 'a b' }).success).toBe(false)
  })
})
