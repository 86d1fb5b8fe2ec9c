import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { z } from 'zod'

/**
 * Secrets a service must be able to show again (a trigger token to its owner,
 * an alert integration's key) are kept encrypted at rest, and found again by a
 * keyed digest so that a lookup never decrypts every row.
 *
 * One 32-byte key (ENCRYPTION_KEY) yields two subkeys by HKDF-SHA256 with
 * distinct labels: one for AES-256-GCM, one for HMAC-SHA256. A leaked digest
 * column therefore says nothing about the encryption subkey, and vice versa.
 */
export interface SecretBox {
  /** `v1.<base64url(iv ‖ ciphertext ‖ tag)>`, with a fresh 96-bit IV each time. */
  seal(plaintext: string): string
  /** The plaintext of a sealed value; throws when it was not sealed with this key. */
  open(sealed: string): string
  /** Hex HMAC-SHA256 of the value under the digest subkey: equal inputs give equal digests. */
  digest(value: string): string
}

const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
const VERSION = 'v1'
const ENCRYPTION_LABEL = 'suite secret-box v1 aes-256-gcm'
const DIGEST_LABEL = 'suite secret-box v1 hmac-sha256'

const KEY_MESSAGE = 'expected 64 hexadecimal characters or the base64 of 32 bytes'

/** The 32 bytes of a key written as 64 hex characters or as base64; undefined for anything else. */
export function parseEncryptionKey(raw: string): Buffer | undefined {
  const text = raw.trim()
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex')
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return undefined
  const bytes = Buffer.from(text, 'base64')
  return bytes.length === KEY_BYTES ? bytes : undefined
}

/**
 * The ENCRYPTION_KEY setting for a service's config.ts: optional here (each
 * service says whether it may run without), refused with one line otherwise.
 */
export function encryptionKeySetting() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined
      const key = parseEncryptionKey(value)
      if (!key) ctx.addIssue({ code: 'custom', message: KEY_MESSAGE })
      return key
    })
}

function subkey(key: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), label, KEY_BYTES))
}

/** A secret box over a 32-byte key. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`secret box key must be ${KEY_BYTES} bytes`)
  const encryptionKey = subkey(key, ENCRYPTION_LABEL)
  const digestKey = subkey(key, DIGEST_LABEL)
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv)
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const sealed = Buffer.concat([iv, body, cipher.getAuthTag()])
      return `${VERSION}.${sealed.toString('base64url')}`
    },
    open(sealed) {
      const [version, payload] = sealed.split('.', 2)
      if (version !== VERSION || payload === undefined) {
        throw new Error('secret box: unknown format')
      }
      const bytes = Buffer.from(payload, 'base64url')
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('secret box: truncated value')
      const iv = bytes.subarray(0, IV_BYTES)
      const tag = bytes.subarray(bytes.length - TAG_BYTES)
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv)
      decipher.setAuthTag(tag)
      const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
    },
    digest(value) {
      return createHmac('sha256', digestKey).update(value, 'utf8').digest('hex')
    },
  }
}

/** A fresh key as 64 hex characters (what the launcher writes under .data/). */
export function generateEncryptionKey(): string {
  return randomBytes(KEY_BYTES).toString('hex')
}

/**
 * Stops the process when a service that seals secrets has no ENCRYPTION_KEY
 * in production: secrets sealed under a per-process key are lost on restart.
 */
export function requireEncryptionKeyInProduction(
  key: Buffer | undefined,
  environment: NodeJS.ProcessEnv,
): void {
  if (key !== undefined || environment['NODE_ENV'] !== 'production') return
  process.stderr.write('invalid configuration: ENCRYPTION_KEY: required in production\n')
  process.exit(1)
}
