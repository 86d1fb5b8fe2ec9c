import {
  DESCRIPTION_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  isJsonObject,
  type JsonObject,
  type ParsedAlert,
} from '../alert.js'
import { parseTime, severityOf, textOf, truncate, valueForPaths } from './attributes.js'
import { alertFingerprint } from './fingerprint.js'
import { rubyToS } from './ruby-values.js'

/** The keys that make a document an Alertmanager webhook notification (version 4). */
const REQUIRED_KEYS = [
  'version',
  'groupKey',
  'status',
  'receiver',
  'groupLabels',
  'commonLabels',
  'commonAnnotations',
  'externalURL',
  'alerts',
] as const

/** Projects::Prometheus::Alerts::NotifyService::SUPPORTED_VERSION. */
const SUPPORTED_VERSION = '4'

/** GitLab's PROCESS_MAX_ALERTS: the alerts of one notification beyond these are dropped. */
export const PROCESS_MAX_ALERTS = 100

/** Payload::MONITORING_TOOLS[:prometheus]. */
export const PROMETHEUS_TOOL = 'Prometheus'

const TITLE_PATHS = [
  ['annotations', 'title'],
  ['annotations', 'summary'],
  ['labels', 'alertname'],
]

/** NotifyService.processable?: every required key, and version "4". */
export function isPrometheusNotification(payload: JsonObject): boolean {
  return (
    REQUIRED_KEYS.every((key) => Object.hasOwn(payload, key)) &&
    payload['version'] === SUPPORTED_VERSION
  )
}

/** The first PROCESS_MAX_ALERTS items of `alerts` that are objects. */
export function notificationAlerts(payload: JsonObject): JsonObject[] {
  const alerts = payload['alerts']
  if (!Array.isArray(alerts)) return []
  return alerts.slice(0, PROCESS_MAX_ALERTS).filter(isJsonObject)
}

/** `g0.expr` of the generator URL's query (Rack's parse_query), if any. */
export function fullQuery(generatorUrl: unknown): string | null {
  if (typeof generatorUrl !== 'string') return null
  try {
    const url = new URL(generatorUrl, 'http://generator.invalid')
    return url.searchParams.get('g0.expr')
  } catch {
    return null
  }
}

/**
 * Payload::Prometheus: the fields of one alert of a notification, or null
 * for an item without a title source or startsAt (it is skipped). It
 * resolves when its status says so or its endsAt has passed; Alertmanager's
 * zero endsAt on a firing alert means not set.
 */
export function parsePrometheusAlert(item: JsonObject, now: Date): ParsedAlert | null {
  const title = textOf(valueForPaths(item, TITLE_PATHS))
  const startsAtRaw = valueForPaths(item, [['startsAt']])
  if (title === null || startsAtRaw === undefined) return null
  const endsAt = parseTime(valueForPaths(item, [['endsAt']]))
  const statusResolved = valueForPaths(item, [['status']]) === 'resolved'
  const resolved = statusResolved || (endsAt !== null && endsAt.getTime() <= now.getTime())
  const description = textOf(valueForPaths(item, [['annotations', 'description']]))
  const query = fullQuery(valueForPaths(item, [['generatorURL']]))
  return {
    title: truncate(title, TITLE_MAX_LENGTH),
    description: description === null ? null : truncate(description, DESCRIPTION_MAX_LENGTH),
    severity: severityOf(valueForPaths(item, [['labels', 'severity']]), true),
    startedAt: parseTime(startsAtRaw) ?? now,
    endedAt: resolved ? (endsAt ?? now) : null,
    resolved,
    // [starts_at_raw, title, full_query].join('/'), title before truncation.
    fingerprint: alertFingerprint([rubyToS(startsAtRaw), title, query ?? ''].join('/')),
    monitoringTool: PROMETHEUS_TOOL,
    service: null,
    hosts: [],
    environment: textOf(
      valueForPaths(item, [
        ['labels', 'svc_environment_name'],
        ['labels', 'gitlab_environment_name'],
      ]),
    ),
    runbook: textOf(valueForPaths(item, [['annotations', 'runbook']])),
    payload: item,
  }
}
