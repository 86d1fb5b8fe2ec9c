import { createHash, timingSafeEqual } from 'node:crypto'
import {
  ForbiddenError,
  InvalidError,
  NotFoundError,
  PreconditionError,
  UnauthenticatedError,
} from '@suite/runtime'
import { isJsonObject, type JsonObject, type ParsedAlert } from './alert.js'
import type { Integration, IntegrationType } from './integration.js'
import { parseGenericPayload } from './payload/generic.js'
import { holdsNul } from './payload/nul-characters.js'
import {
  isPrometheusNotification,
  notificationAlerts,
  parsePrometheusAlert,
} from './payload/prometheus.js'
import type { AlertStore, IntegrationStore, RecordOutcome } from './ports.js'

export interface NotifyRequest {
  projectFullPath: string
  type: IntegrationType
  /** Empty for the plain notify.json. */
  endpointIdentifier: string
  /** Empty when the request carried none. */
  key: string
  payloadJson: string
}

export interface NotifiedAlert {
  iid: number
  title: string
}

export interface NotifyDeps {
  findProjectId: (fullPath: string) => Promise<number | undefined>
  integrations: IntegrationStore
  alerts: AlertStore
  /** Counts the request against the project's inbound alert limit; throws RateLimitedError. */
  throttle: (projectId: number) => Promise<void>
  now: () => Date
  /** After an occurrence was stored (metrics, waking the outbox relay). */
  recorded: (type: IntegrationType, outcome: RecordOutcome['kind']) => void
}

/** Responses::bad_request. */
function badRequest(): InvalidError {
  return new InvalidError({}, 'Bad Request', 'bad_request')
}

/** Compares keys in constant time: digests first, so that lengths leak nothing either. */
export function keysMatch(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()
  return given !== '' && timingSafeEqual(digest(given), digest(expected))
}

function findIntegration(
  store: IntegrationStore,
  projectId: number,
  request: NotifyRequest,
): Promise<Integration | undefined> {
  if (request.type === 'prometheus') return store.findPrometheus(projectId)
  if (request.endpointIdentifier === '') return store.findDefaultHttp(projectId)
  return store.findByEndpoint(projectId, request.endpointIdentifier)
}

function parsePayload(text: string): JsonObject {
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    throw badRequest()
  }
  // Refused as Rails would refuse a body it cannot hold: any field (title, severity, hosts...).
  if (!isJsonObject(payload) || holdsNul(payload)) throw badRequest()
  return payload
}

function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value), 'utf8').digest('hex')
}

/**
 * An alert notification posted to an integration's URL (GitLab's
 * Projects::Alerting::NotifyService and Prometheus::Alerts::NotifyService).
 * Refusals in GitLab's order: unknown project or integration (404), a payload
 * that is not a JSON object (400), a Prometheus endpoint's document that is
 * not an Alertmanager notification (422), an inactive integration (403), a
 * wrong or missing key (401); the inbound limit (429) counts every request
 * to a known project. A notification in Alertmanager's format is read as
 * one on any endpoint, as GitLab does.
 */
export async function notifyAlerts(
  deps: NotifyDeps,
  request: NotifyRequest,
): Promise<NotifiedAlert[]> {
  const projectId = await deps.findProjectId(request.projectFullPath)
  if (projectId === undefined) throw new NotFoundError('Project')
  await deps.throttle(projectId)
  const integration = await findIntegration(deps.integrations, projectId, request)
  if (!integration || integration.type !== request.type) throw new NotFoundError('Integration')
  const payload = parsePayload(request.payloadJson)
  const prometheusFormat = isPrometheusNotification(payload)
  if (integration.type === 'prometheus' && !prometheusFormat) {
    throw new PreconditionError('Unprocessable Entity', 'unprocessable_entity')
  }
  if (!integration.active) throw new ForbiddenError()
  if (!keysMatch(request.key, integration.token)) throw new UnauthenticatedError()

  const now = deps.now()
  if (prometheusFormat) {
    const parsed = notificationAlerts(payload)
      .map((item) => parsePrometheusAlert(item, now))
      .filter((alert): alert is ParsedAlert => alert !== null)
    return recordAll(deps, projectId, integration, parsed)
  }
  const parsed = parseGenericPayload(payload, integration.payloadAttributeMappings, now)
  const notified = await recordAll(deps, projectId, integration, [parsed])
  // A resolving payload that matches no open alert stores nothing: 400.
  if (notified.length === 0) throw badRequest()
  return notified
}

/**
 * Stores each alert of a notification in its own transaction, in order;
 * resolving items that match no open alert are left out of the answer.
 */
async function recordAll(
  deps: NotifyDeps,
  projectId: number,
  integration: Integration,
  parsed: readonly ParsedAlert[],
): Promise<NotifiedAlert[]> {
  const notified: NotifiedAlert[] = []
  for (const alert of parsed) {
    const outcome = await deps.alerts.record(projectId, alert, {
      integrationId: integration.id,
      integrationType: integration.type,
      payloadDigest: digestOf(alert.payload),
    })
    deps.recorded(integration.type, outcome.kind)
    if (outcome.kind !== 'unmatched') {
      notified.push({ iid: outcome.alert.iid, title: outcome.alert.title })
    }
  }
  return notified
}
