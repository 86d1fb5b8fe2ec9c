import type { Alert, Project } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import type { AlertingClients } from '../clients/alerting.client.js'
import { requireField } from '../clients/require-field.js'
import { alertAssigneeIds, presentAlert, type AlertItem } from '../entities/alert.entity.js'
import {
  alertListParams,
  alertPathParams,
  updateAlertParams,
  updateAlertRules,
} from '../params/alert-filters.js'
import type { ApiRouter } from './api-router.js'

const ALERTS = '/projects/:id/alert_management_alerts'
const ALERT = `${ALERTS}/:alert_iid`

function item(alert: Alert | undefined, project: Project): AlertItem {
  return { alert: requireField(alert, 'alert'), project }
}

const shown = { present: presentAlert, related: alertAssigneeIds }

/**
 * A project's alerts: Developers list and read them, and change their
 * status and assignees (the alerting service owns every rule of a change).
 */
export function alertRoutes(api: ApiRouter, alerting: AlertingClients): void {
  const { read, write } = alerting.alerts

  api.list(ALERTS, {
    // lib/api/alert_management_alerts.rb: no authenticate!, so an unreadable
    // project is 404 for anonymous callers too; then authorize! (403).
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readAlertManagementAlert',
    params: alertListParams,
    handle: async ({ caller, project, params, page }) => {
      const answer = await read.listAlerts({
        caller,
        projectId: project.id,
        status: params.status,
        severity: params.severity,
        search: params.search,
        sort: params.sort,
        page,
      })
      return {
        items: answer.alerts.map((alert) => ({ alert, project })),
        total: answer.pageInfo?.total ?? answer.alerts.length,
      }
    },
    ...shown,
  })

  api.get(ALERT, {
    // lib/api/alert_management_alerts.rb: no authenticate!, so an unreadable
    // project is 404 for anonymous callers too; then authorize! (403).
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readAlertManagementAlert',
    params: alertPathParams,
    handle: async ({ caller, project, params }) => {
      const request = { caller, projectId: project.id, iid: params.alert_iid }
      return item((await read.getAlert(request)).alert, project)
    },
    ...shown,
  })

  api.put(ALERT, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'updateAlertManagementAlert',
    params: updateAlertParams,
    rules: updateAlertRules,
    handle: async ({ caller, project, params }) => {
      const answer = await write.updateAlert({
        caller,
        projectId: project.id,
        iid: params.alert_iid,
        status: params.status,
        assigneeIds: params.assignee_ids ?? [],
        setAssignees: params.assignee_ids !== undefined,
      })
      return item(answer.alert, project)
    },
    ...shown,
  })
}
