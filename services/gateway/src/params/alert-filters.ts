import type { ParamRule } from './parse-params.js'
import { p } from './coercions.js'

/** AlertManagement::Alert's statuses. */
export const ALERT_STATUSES = ['triggered', 'acknowledged', 'resolved', 'ignored'] as const
/** AlertManagement::Alert's severities. */
export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'] as const

/** AlertManagement::AlertsFinder's sorts (the AlertManagementAlertSort values in lower case). */
const SORTS = [
  'created_desc',
  'created_asc',
  'updated_desc',
  'updated_asc',
  'started_at_desc',
  'started_at_asc',
  'ended_at_desc',
  'ended_at_asc',
  'event_count_desc',
  'event_count_asc',
  'severity_desc',
  'severity_asc',
  'status_desc',
  'status_asc',
]

/** `:id/alert_management_alerts/:alert_iid`. */
export const alertPathParams = {
  id: p.string().required(),
  alert_iid: p.iid().required(),
}

export const alertListParams = {
  id: p.string().required(),
  status: p.string().values([...ALERT_STATUSES]),
  severity: p.string().values([...ALERT_SEVERITIES]),
  search: p.string(),
  sort: p.string().default('created_desc').values(SORTS),
}

export const updateAlertParams = {
  ...alertPathParams,
  status: p.string().values([...ALERT_STATUSES]),
  assignee_ids: p.array(p.int()),
}

export const updateAlertRules: readonly ParamRule[] = [
  { kind: 'at_least_one_of', names: ['status', 'assignee_ids'] },
]
