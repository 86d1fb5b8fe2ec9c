import { InvalidError, RecordNotFoundError, pageWindow, type PageRequest } from '@suite/runtime'
import type { Caller } from './caller.js'
import { ALERT_STATUSES, SEVERITIES, type Alert, type AlertStatus, type Severity } from './alert.js'
import { requireAbility } from './policy.js'
import type { AlertChanges, AlertOrder, AlertStore } from './ports.js'

export interface ListAlertsInput {
  status?: string
  severity?: string
  search?: string
  sort?: string
  page?: PageRequest
}

const SORTS: Readonly<Record<string, AlertOrder>> = Object.freeze(
  Object.fromEntries(
    (
      [
        ['created', 'created_at'],
        ['updated', 'updated_at'],
        ['started_at', 'started_at'],
        ['ended_at', 'ended_at'],
        ['event_count', 'event_count'],
        ['severity', 'severity'],
        ['status', 'status'],
      ] as const
    ).flatMap(([name, by]) => [
      [`${name}_asc`, { by, direction: 'asc' }],
      [`${name}_desc`, { by, direction: 'desc' }],
    ]),
  ) as Record<string, AlertOrder>,
)

/** AlertsFinder's default: newest first. */
const DEFAULT_ORDER: AlertOrder = { by: 'created_at', direction: 'desc' }

function oneOf<T extends string>(
  values: readonly T[],
  raw: string | undefined,
  name: string,
): T | undefined {
  if (raw === undefined || raw === '') return undefined
  const value = values.find((candidate) => candidate === raw.toLowerCase())
  if (!value) throw new InvalidError({}, `${name} does not have a valid value`)
  return value
}

/** GET /projects/:id/alert_management_alerts (Developer and up). */
export async function listAlerts(
  store: AlertStore,
  caller: Caller,
  projectId: number,
  input: ListAlertsInput,
): Promise<{ alerts: Alert[]; total: number }> {
  requireAbility(caller, projectId, 'readAlertManagementAlert')
  const order = input.sort ? SORTS[input.sort] : DEFAULT_ORDER
  if (!order) throw new InvalidError({}, 'sort does not have a valid value')
  const search = input.search?.trim()
  return store.list(
    {
      projectId,
      status: oneOf<AlertStatus>(ALERT_STATUSES, input.status, 'status'),
      severity: oneOf<Severity>(SEVERITIES, input.severity, 'severity'),
      search: search ? search : undefined,
    },
    order,
    pageWindow(input.page),
  )
}

/** GET /projects/:id/alert_management_alerts/:alert_iid; an unknown iid is 404 Not found. */
export async function getAlert(
  store: AlertStore,
  caller: Caller,
  projectId: number,
  iid: number,
): Promise<Alert> {
  requireAbility(caller, projectId, 'readAlertManagementAlert')
  const alert = await store.findByIid(projectId, iid)
  if (!alert) throw new RecordNotFoundError()
  return alert
}

export interface UpdateAlertInput {
  status?: string
  /** Absent: assignees unchanged. GitLab keeps only the first (one assignee per alert). */
  assigneeIds?: readonly number[]
}

/** AlertManagement::Alerts::UpdateService's refusal to reopen a duplicate of an open alert. */
export const ALERT_EXISTS =
  'An alert with the same fingerprint is already open. To change the status of this alert, resolve the linked alert.'

/**
 * PUT /projects/:id/alert_management_alerts/:alert_iid (Developer and up):
 * status (resolving sets ended_at, reopening clears it) and assignees.
 */
export async function updateAlert(
  store: AlertStore,
  caller: Caller,
  projectId: number,
  iid: number,
  input: UpdateAlertInput,
): Promise<Alert> {
  requireAbility(caller, projectId, 'updateAlertManagementAlert')
  const alert = await store.findByIid(projectId, iid)
  if (!alert) throw new RecordNotFoundError()
  if (input.status === undefined && input.assigneeIds === undefined) {
    throw new InvalidError({}, 'Please provide attributes to update')
  }
  const changes: AlertChanges = {}
  if (input.status !== undefined) {
    const status = ALERT_STATUSES.find((candidate) => candidate === input.status)
    if (!status) throw new InvalidError({}, 'Invalid status')
    if (status !== alert.status) {
      changes.status = status
      changes.endedAt = status === 'resolved' ? new Date() : null
    }
  }
  if (input.assigneeIds !== undefined) changes.assigneeIds = input.assigneeIds.slice(0, 1)
  const updated = await store.update(projectId, iid, changes)
  if (updated === 'duplicate') throw new InvalidError({}, ALERT_EXISTS)
  if (!updated) throw new RecordNotFoundError()
  return updated
}
