import { createHash } from 'node:crypto'
import { isPresent, rubyToS } from './ruby-values.js'

/** Array#flatten on parsed JSON. */
function flatten(values: readonly unknown[]): unknown[] {
  return values.flatMap((value) => (Array.isArray(value) ? flatten(value) : [value]))
}

/**
 * Gitlab::AlertManagement::Fingerprint.generate: nothing for a blank value;
 * an array is flattened and its items' `to_s` joined; anything else hashed as
 * its `to_s` (a Hash as its Ruby `inspect`). SHA-1, hex.
 */
export function alertFingerprint(data: unknown): string | null {
  if (!isPresent(data)) return null
  const text = Array.isArray(data) ? flatten(data).map(rubyToS).join('') : rubyToS(data)
  return createHash('sha1').update(text, 'utf8').digest('hex')
}
