/**
 * Payload keys the alert shows as its own fields, left out of `details` as
 * AlertManagement::Alert#details leaves out its attributes and start_time.
 */
const OWN_FIELDS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'service',
  'monitoring_tool',
  'hosts',
  'severity',
  'fingerprint',
  'status',
  'start_time',
  'started_at',
  'ended_at',
  'environment',
  'runbook',
])

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The stored payload as an object; anything else (never stored) is an empty one. */
export function payloadObject(payloadJson: string): Record<string, unknown> {
  if (payloadJson === '') return {}
  try {
    const parsed: unknown = JSON.parse(payloadJson)
    return isObject(parsed) ? parsed : {}
  } catch {
    return {}
  }
}

/** Nested objects flattened to dotted keys (Gitlab::Utils::InlineHash.merge_keys). */
function mergeKeys(value: Record<string, unknown>, prefix: string, out: Record<string, unknown>) {
  for (const [key, item] of Object.entries(value)) {
    const name = prefix === '' ? key : `${prefix}.${key}`
    if (isObject(item) && Object.keys(item).length > 0) mergeKeys(item, name, out)
    else out[name] = item
  }
  return out
}

/** The payload's other attributes, flattened: what GitLab's alert details page lists. */
export function alertDetails(payload: Record<string, unknown>): Record<string, unknown> {
  const rest = Object.fromEntries(Object.entries(payload).filter(([key]) => !OWN_FIELDS.has(key)))
  return mergeKeys(rest, '', {})
}
