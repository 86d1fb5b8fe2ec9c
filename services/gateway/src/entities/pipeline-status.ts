/** Gitlab::Ci::Status::<Status>: what a pipeline's detailed_status says for each status. */
interface StatusText {
  icon: string
  text: string
  label: string
  group: string
  tooltip: string
}

function plain(status: string, text: string, label = status): StatusText {
  return { icon: `status_${status}`, text, label, group: status, tooltip: label }
}

const STATUSES: Readonly<Record<string, StatusText>> = {
  created: plain('created', 'Created'),
  waiting_for_resource: {
    icon: 'status_pending',
    text: 'Waiting',
    label: 'waiting for resource',
    group: 'waiting-for-resource',
    tooltip: 'waiting for resource',
  },
  preparing: plain('preparing', 'Preparing'),
  pending: plain('pending', 'Pending'),
  running: plain('running', 'Running'),
  success: { ...plain('success', 'Passed', 'passed') },
  failed: plain('failed', 'Failed'),
  canceling: { ...plain('canceled', 'Canceling', 'canceling'), group: 'canceling' },
  canceled: plain('canceled', 'Canceled'),
  skipped: plain('skipped', 'Skipped'),
  manual: { ...plain('manual', 'Blocked', 'manual action') },
  scheduled: { ...plain('scheduled', 'Scheduled'), tooltip: 'delayed manual action' },
}

/** API's DetailedStatusEntity of a pipeline; `detailsPath` is the pipeline's page path. */
export function presentDetailedStatus(status: string, detailsPath: string) {
  const known = STATUSES[status] ?? plain(status, status.charAt(0).toUpperCase() + status.slice(1))
  return {
    icon: known.icon,
    text: known.text,
    label: known.label,
    group: known.group,
    tooltip: known.tooltip,
    has_details: true,
    details_path: detailsPath,
    illustration: null,
    favicon: `/assets/ci_favicons/favicon_${known.icon}.png`,
  }
}
