import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateEncryptionKey, parseEncryptionKey } from '@suite/runtime'

/** Where `npm start` keeps the key it generated, beside the embedded database. */
export const ENCRYPTION_KEY_FILE = 'encryption.key'

/**
 * ENCRYPTION_KEY for `npm start`: the one given, else the one kept under
 * dataDir, else a new one written there (mode 0600) on first start. Losing it
 * makes every stored secret unreadable, so an unreadable file stops the start
 * rather than being replaced.
 */
export function resolveEncryptionKey(given: string | undefined, dataDir: string): string {
  if (given !== undefined) return given
  const file = join(dataDir, ENCRYPTION_KEY_FILE)
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim()
    if (!parseEncryptionKey(kept)) {
      throw new Error(
        `ENCRYPTION_KEY: ${file} does not hold a valid key; restore it or set ENCRYPTION_KEY`,
      )
    }
    return kept
  }
  mkdirSync(dataDir, { recursive: true })
  const key = generateEncryptionKey()
  // A umask only removes bits, so the file is at most 0600.
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' })
  return key
}
