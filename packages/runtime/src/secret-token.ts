import { createHash, randomBytes } from 'node:crypto'

/** A new secret token: `prefix` and `bytes` random bytes, url-safe base64. */
export function newSecretToken(prefix: string, bytes: number): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`
}

/**
 * What is stored instead of a token that need never be shown again
 * (personal access, runner and job tokens): its SHA-256, hex.
 */
export function secretDigest(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}
