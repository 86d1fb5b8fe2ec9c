import { ConfigError, isHash } from './config-error.js'

/** `$NAME` and `${NAME}` references, as ExpandVariables expands them. */
const REFERENCE = /\$(?:\{(\w+)\}|(\w+))/g

/** Expand variable references once; unknown ones stay as written. */
export function expandVariables(text: string, scope: Readonly<Record<string, string>>): string {
  return text.replace(REFERENCE, (whole, braced?: string, bare?: string) => {
    const name = braced ?? bare ?? ''
    return Object.hasOwn(scope, name) ? (scope[name] ?? '') : whole
  })
}

const scalarText = (value: unknown): string | null => {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return null
}

/**
 * A `variables:` hash as strings. Values may be scalars or, where
 * `allowData`, `{value, description, options, expand}` hashes.
 */
export function normalizeVariables(
  raw: unknown,
  location: string,
  allowData: readonly string[],
): Record<string, string> {
  if (raw === undefined || raw === null) return {}
  const invalid = `${location} config should be a hash of key value pairs, value can be a hash`
  if (!isHash(raw)) throw new ConfigError(invalid)
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(raw)) {
    const text = scalarText(value ?? '')
    if (text !== null) {
      out[key] = text
      continue
    }
    if (!isHash(value)) throw new ConfigError(invalid)
    const bad = Object.keys(value).filter((k) => !allowData.includes(k))
    if (bad.length > 0) {
      throw new ConfigError(`${location}:${key} config uses invalid data keys: ${bad.join(', ')}`)
    }
    out[key] = scalarText(value.value ?? '') ?? ''
  }
  return out
}

export const ROOT_VARIABLE_DATA = ['value', 'description', 'expand', 'options'] as const
export const JOB_VARIABLE_DATA = ['value', 'expand'] as const
