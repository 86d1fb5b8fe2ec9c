import { HOSTS_MAX_LENGTH, isJsonObject, type JsonObject, type Severity } from '../alert.js'
import { isPresent, rubyToS } from './ruby-values.js'

/** A path of keys into a payload; a number-like key also indexes an array. */
export type PayloadPath = readonly string[]

/** Hash#dig: undefined as soon as a step does not lead anywhere. */
export function dig(payload: unknown, path: PayloadPath): unknown {
  let current: unknown = payload
  for (const key of path) {
    if (isJsonObject(current)) current = Object.hasOwn(current, key) ? current[key] : undefined
    else if (Array.isArray(current) && /^-?\d+$/.test(key)) {
      const index = Number(key)
      current = current[index < 0 ? current.length + index : index]
    } else return undefined
  }
  return current
}

/**
 * GitLab's Payload::Base.attribute: the value at the first path that yields
 * one (nil and false do not), or undefined when that value is blank.
 */
export function valueForPaths(payload: JsonObject, paths: readonly PayloadPath[]): unknown {
  for (const path of paths) {
    const value = dig(payload, path)
    if (value === undefined || value === null || value === false) continue
    return isPresent(value) ? value : undefined
  }
  return undefined
}

/** A present value as text (GitLab would call String methods on it), or null. */
export function textOf(value: unknown): string | null {
  if (!isPresent(value)) return null
  return rubyToS(value)
}

/** Alertmanager's zero time: Go's time.Time{} on a firing alert means "not set". */
const GO_ZERO_TIME = /^0001-01-01T00:00:00(?:\.0+)?Z$/

/** Time.parse(...).utc of a string, or null when it is not a time (or Go's zero time). */
export function parseTime(value: unknown): Date | null {
  if (typeof value !== 'string' || GO_ZERO_TIME.test(value.trim())) return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : new Date(ms)
}

/** :time_with_epoch_millis (the generic end_time): a time string or milliseconds since 1970. */
export function parseTimeOrEpochMillis(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value)
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return new Date(Number(value))
  return parseTime(value)
}

/** String#truncate: at most `length` characters, the last three "..." when cut. */
export function truncate(text: string, length: number): string {
  const chars = Array.from(text)
  if (chars.length <= length) return text
  return `${chars.slice(0, Math.max(length - 3, 0)).join('')}...`
}

/** Array(hosts).flatten as text, cut to GitLab's 255 characters in all. */
export function hostsOf(value: unknown): string[] {
  if (value === undefined || value === null) return []
  const flat = (Array.isArray(value) ? value.flat(Infinity) : [value]) as unknown[]
  const hosts = flat.filter((host) => host !== null && host !== undefined).map(rubyToS)
  const kept: string[] = []
  let used = 0
  for (const host of hosts) {
    const remaining = HOSTS_MAX_LENGTH - used
    if (remaining <= 0) break
    const cut = Array.from(host).slice(0, remaining).join('')
    kept.push(cut)
    used += Array.from(cut).length
  }
  return kept
}

/** Payload::Base::SEVERITY_MAPPING (plus unknown, a severity of its own). */
const BASE_SEVERITIES = new Map<string, Severity>(
  Object.entries<Severity>({
    critical: 'critical',
    high: 'high',
    medium: 'medium',
    low: 'low',
    info: 'info',
    unknown: 'unknown',
  }),
)

/** Payload::Prometheus::ADDITIONAL_SEVERITY_MAPPING: the words alerting tools use. */
const SEVERITY_SYNONYMS = new Map<string, Severity>(
  Object.entries<Severity>({
    s1: 'critical',
    s2: 'high',
    s3: 'medium',
    s4: 'low',
    s5: 'info',
    p1: 'critical',
    p2: 'high',
    p3: 'medium',
    p4: 'low',
    p5: 'info',
    debug: 'info',
    information: 'info',
    notice: 'info',
    warn: 'low',
    warning: 'low',
    minor: 'low',
    error: 'medium',
    major: 'high',
    emergency: 'critical',
    fatal: 'critical',
    alert: 'medium',
    page: 'high',
  }),
)

/**
 * A severity word, case-insensitive; missing or unknown words become
 * critical (the alert's default). Synonyms count where the format has them.
 */
export function severityOf(raw: unknown, withSynonyms: boolean): Severity {
  const word = rubyToS(raw).toLowerCase()
  const mapped =
    BASE_SEVERITIES.get(word) ?? (withSynonyms ? SEVERITY_SYNONYMS.get(word) : undefined)
  return mapped ?? 'critical'
}
