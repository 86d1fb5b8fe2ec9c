import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ENCRYPTION_KEY_FILE, resolveEncryptionKey } from './encryption-key.js'

describe('resolveEncryptionKey', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'launcher-key-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('uses the key it was given and writes nothing', () => {
    expect(resolveEncryptionKey('b'.repeat(64), dir)).toBe('b'.repeat(64))
    expect(() => statSync(join(dir, ENCRYPTION_KEY_FILE))).toThrow()
  })

  it('generates a key once, readable by the owner only, and keeps it', () => {
    const data = join(dir, 'data')
    const first = resolveEncryptionKey(undefined, data)
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    const file = join(data, ENCRYPTION_KEY_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8').trim()).toBe(first)
    expect(resolveEncryptionKey(undefined, data)).toBe(first)
  })

  it('refuses a damaged key file instead of replacing it', () => {
    writeFileSync(join(dir, ENCRYPTION_KEY_FILE), 'garbage')
    expect(() => resolveEncryptionKey(undefined, dir)).toThrow(/ENCRYPTION_KEY/)
  })
})
