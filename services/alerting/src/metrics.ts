import { Counter, Histogram, LATENCY_BUCKETS, type Registry } from '@suite/runtime'
import { INTEGRATION_TYPES } from './domain/integration.js'

export const OUTCOMES = ['created', 'grouped', 'resolved', 'unmatched', 'rejected'] as const
export type Outcome = (typeof OUTCOMES)[number]

/** The server role's ingestion metrics, pre-set to zero so that dashboards show every series. */
export function ingestionMetrics(registry: Registry) {
  const received = new Counter({
    name: 'alerting_alerts_received_total',
    help: 'Alerts received by integration type and outcome (rejected: a refused request).',
    labelNames: ['integration_type', 'outcome'],
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'alerting_notify_duration_seconds',
    help: 'Time to process one alert notification, by integration type.',
    labelNames: ['integration_type'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  for (const type of INTEGRATION_TYPES) {
    for (const outcome of OUTCOMES) received.inc({ integration_type: type, outcome }, 0)
  }
  return {
    received: (type: string, outcome: Outcome) => received.inc({ integration_type: type, outcome }),
    start: (type: string) => latency.startTimer({ integration_type: type }),
  }
}

/** The worker role's history metrics: occurrences processed by kind (grouped = storm size). */
export function eventMetrics(registry: Registry) {
  const processed = new Counter({
    name: 'alerting_alert_events_processed_total',
    help: 'Alert occurrences processed after the answer, by kind (created, grouped, resolved).',
    labelNames: ['kind', 'integration_type'],
    registers: [registry],
  })
  const lag = new Histogram({
    name: 'alerting_alert_event_lag_seconds',
    help: 'Time from an occurrence being stored to its processing by the worker.',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  return {
    processed: (kind: string, integrationType: string, storedAt: Date) => {
      processed.inc({ kind, integration_type: integrationType })
      lag.observe(Math.max(Date.now() - storedAt.getTime(), 0) / 1000)
    },
  }
}
