import type { Migration } from 'kysely'
import * as createAlertIntegrations from './2026_11_26_1200_create_alert_integrations.js'
import * as createAlerts from './2026_11_26_1210_create_alerts.js'

/** Every migration of the `alerting` schema, by name; Kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '2026_11_26_1200_create_alert_integrations': createAlertIntegrations,
  '2026_11_26_1210_create_alerts': createAlerts,
}
