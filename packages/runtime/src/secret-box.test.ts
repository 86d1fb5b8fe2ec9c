import { z } from 'zod'
import {
  createSecretBox,
  encryptionKeySetting,
  generateEncryptionKey,
  parseEncryptionKey,
} from './secret-box.js'

const HEX_KEY = 'a'.repeat(64)

describe('parseEncryptionKey', () => {
  it('reads 64 hex characters', () => {
    expect(parseEncryptionKey(HEX_KEY)).toEqual(Buffer.alloc(32, 0xaa))
  })

  it('reads the base64 of 32 bytes', () => {
    const bytes = Buffer.alloc(32, 7)
    expect(parseEncryptionKey(bytes.toString('base64'))).toEqual(bytes)
    expect(parseEncryptionKey(bytes.toString('base64url'))).toEqual(bytes)
  })

  it.each(['', 'short', 'a'.repeat(63), 'g'.repeat(64), Buffer.alloc(16).toString('base64')])(
    'refuses %j',
    (raw) => {
      expect(parseEncryptionKey(raw)).toBeUndefined()
    },
  )
})

describe('encryptionKeySetting', () => {
  const shape = z.object({ ENCRYPTION_KEY: encryptionKeySetting() })

  it('is optional', () => {
    expect(shape.parse({}).ENCRYPTION_KEY).toBeUndefined()
    expect(shape.parse({ ENCRYPTION_KEY: '' }).ENCRYPTION_KEY).toBeUndefined()
  })

  it('refuses a bad key with one message naming the forms it takes', () => {
    const result = shape.safeParse({ ENCRYPTION_KEY: 'nope' })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toHaveLength(1)
    expect(result.error?.issues[0]?.path).toEqual(['ENCRYPTION_KEY'])
    expect(result.error?.issues[0]?.message).toMatch(/64 hexadecimal characters/)
  })
})

describe('createSecretBox', () => {
  const box = createSecretBox(Buffer.from(generateEncryptionKey(), 'hex'))

  it('opens what it sealed, with a fresh IV each time', () => {
    const first = box.seal('glptt-secret')
    const second = box.seal('glptt-secret')
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    expect(first).not.toEqual(second)
    expect(first).not.toContain('secret')
    expect(box.open(first)).toBe('glptt-secret')
    expect(box.open(second)).toBe('glptt-secret')
  })

  it('refuses a value sealed under another key or tampered with', () => {
    const other = createSecretBox(Buffer.alloc(32, 1))
    const sealed = box.seal('value')
    expect(() => other.open(sealed)).toThrow()
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BA' : 'AA')
    expect(() => box.open(flipped)).toThrow()
    expect(() => box.open('v2.abc')).toThrow('unknown format')
  })

  it('digests deterministically per key, apart from the encryption subkey', () => {
    expect(box.digest('token')).toBe(box.digest('token'))
    expect(box.digest('token')).toMatch(/^[0-9a-f]{64}$/)
    expect(box.digest('token')).not.toBe(box.digest('token2'))
    expect(createSecretBox(Buffer.alloc(32, 1)).digest('token')).not.toBe(box.digest('token'))
  })

  it('wants a 32-byte key', () => {
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow('32 bytes')
  })
})
