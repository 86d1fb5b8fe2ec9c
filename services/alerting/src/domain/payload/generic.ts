import {
  DESCRIPTION_MAX_LENGTH,
  SERVICE_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  TOOL_MAX_LENGTH,
  type JsonObject,
  type ParsedAlert,
} from '../alert.js'
import type { AttributeMappings, MappableField } from '../integration.js'
import {
  hostsOf,
  parseTime,
  parseTimeOrEpochMillis,
  severityOf,
  textOf,
  truncate,
  valueForPaths,
  type PayloadPath,
} from './attributes.js'
import { alertFingerprint } from './fingerprint.js'
import { isPresent } from './ruby-values.js'

/** Payload::Generic::DEFAULT_TITLE. */
export const DEFAULT_GENERIC_TITLE = 'New: Alert'

/** Keys left out of a payload's own fingerprint (generic_alert_fingerprinting). */
const NOT_FINGERPRINTED = new Set(['start_time', 'end_time', 'hosts'])

/** Where a generic payload keeps each field unless a custom mapping says otherwise. */
const DEFAULT_PATHS: Readonly<Record<MappableField, readonly PayloadPath[]>> = {
  title: [['title']],
  description: [['description']],
  start_time: [['start_time']],
  end_time: [['end_time']],
  severity: [['severity']],
  fingerprint: [['fingerprint']],
  service: [['service']],
  monitoring_tool: [['monitoring_tool']],
  hosts: [['hosts']],
  environment_name: [['svc_environment_name'], ['gitlab_environment_name']],
}

/**
 * The fingerprint of a generic payload: its `fingerprint` (string or
 * array) when present, else the payload itself without start_time, end_time
 * and hosts, so that repeats of one alert group whatever their times.
 */
function genericFingerprint(payload: JsonObject, given: unknown): string | null {
  if (isPresent(given)) return alertFingerprint(given)
  const rest = Object.fromEntries(
    Object.entries(payload).filter(([key]) => !NOT_FINGERPRINTED.has(key)),
  )
  return Object.keys(rest).length === 0 ? null : alertFingerprint(rest)
}

/**
 * Payload::Generic (with EE's custom mappings): the fields of one alert.
 * A mapped path is read first, the default key after it.
 */
export function parseGenericPayload(
  payload: JsonObject,
  mappings: AttributeMappings,
  now: Date,
): ParsedAlert {
  const read = (field: MappableField): unknown => {
    const custom = mappings[field]
    const paths =
      custom && custom.length > 0 ? [custom, ...DEFAULT_PATHS[field]] : DEFAULT_PATHS[field]
    return valueForPaths(payload, paths)
  }
  const endedAt = parseTimeOrEpochMillis(read('end_time'))
  const description = textOf(read('description'))
  const service = textOf(read('service'))
  const tool = textOf(read('monitoring_tool'))
  return {
    title: truncate(textOf(read('title')) ?? DEFAULT_GENERIC_TITLE, TITLE_MAX_LENGTH),
    description: description === null ? null : truncate(description, DESCRIPTION_MAX_LENGTH),
    severity: severityOf(read('severity'), false),
    startedAt: parseTime(read('start_time')) ?? now,
    endedAt,
    resolved: endedAt !== null,
    fingerprint: genericFingerprint(payload, read('fingerprint')),
    monitoringTool: tool === null ? null : truncate(tool, TOOL_MAX_LENGTH),
    service: service === null ? null : truncate(service, SERVICE_MAX_LENGTH),
    hosts: hostsOf(read('hosts')),
    environment: textOf(read('environment_name')),
    runbook: textOf(valueForPaths(payload, [['runbook']])),
    payload,
  }
}
