import { newSecretToken, secretDigest } from '@suite/runtime'

/** GitLab's personal access token prefix. */
export const TOKEN_PREFIX = 'glpat-'

/** A new secret: `glpat-` and 20 url-safe random characters (120 bits). */
export function generateTokenValue(): string {
  return newSecretToken(TOKEN_PREFIX, 15)
}

/** What is stored instead of the secret: its SHA-256, hex. */
export const digestToken = secretDigest
