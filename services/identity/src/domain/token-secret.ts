import { createHash, randomBytes } from 'node:crypto'

/** GitLab's personal access token prefix. */
export const TOKEN_PREFIX = 'glpat-'

/** A new secret: `glpat-` and 20 url-safe random characters (120 bits). */
export function generateTokenValue(): string {
  return `${TOKEN_PREFIX}${randomBytes(15).toString('base64url')}`
}

/** What is stored instead of the secret: its SHA-256, hex. */
export function digestToken(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}
