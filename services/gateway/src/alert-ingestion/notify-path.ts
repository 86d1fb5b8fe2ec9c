/** Which integration a notification URL names. */
export interface NotifyTarget {
  /** The project's full path, decoded. */
  fullPath: string
  type: 'http' | 'prometheus'
  /** An http integration's identifier; empty for the plain URL and for prometheus. */
  endpointIdentifier: string
  /** The route's template, the metrics label (never the raw path). */
  route: string
}

const PROMETHEUS_ROUTE = '/:full_path/prometheus/alerts/notify.json'
const HTTP_ROUTE = '/:full_path/alerts/notify.json'
const HTTP_ENDPOINT_ROUTE = '/:full_path/alerts/notify/:name/:endpoint_identifier.json'

/** The templates of the notification routes (the metrics labels). */
export const NOTIFY_ROUTES = [PROMETHEUS_ROUTE, HTTP_ROUTE, HTTP_ENDPOINT_ROUTE] as const

// GitLab's routes take the format as optional: `notify` and `notify.json` alike.
// A project's full path has at least two segments: prometheus is tried first,
// so that `/group/prometheus/alerts/notify.json` is the project `group/prometheus`.
// `^\/(.+\/.+)\/prometheus\/…$` was quadratic on a long path of slashes (8,000: 25 ms of
// CPU on every POST, before any key is checked): the suffix is found alone, and
// the two segments before it are checked without a RegExp.
const PROMETHEUS_SUFFIX = /\/prometheus\/alerts\/notify(?:\.json)?$/
/** What `.` leaves out in a JavaScript RegExp. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/
const HTTP = /^\/(.+)\/alerts\/notify(?:\/([^/]+)\/([A-Za-z0-9]+))?(?:\.json)?$/

/** Namespaces and project paths: letters, digits, `_`, `-`, `.`, joined by single slashes. */
const FULL_PATH = /^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)+$/

function decodedFullPath(encoded: string): string | undefined {
  let fullPath: string
  try {
    fullPath = decodeURIComponent(encoded)
  } catch {
    return undefined
  }
  if (!FULL_PATH.test(fullPath) || fullPath.startsWith('api/')) return undefined
  return fullPath
}

/**
 * The integration a POST path names (Projects::Alerting::NotificationsController
 * and Projects::Prometheus::AlertsController#notify routes), or undefined when
 * the path is none of them. The name segment of an http URL is only for
 * people: the endpoint identifier alone finds the integration.
 */
/** `(.+\/.+)` of the Prometheus route: the path between `/` and the suffix, with a slash inside. */
function prometheusProject(path: string): string | undefined {
  const suffix = PROMETHEUS_SUFFIX.exec(path)
  if (!suffix || !path.startsWith('/')) return undefined
  const project = path.slice(1, suffix.index)
  const slash = project.indexOf('/', 1)
  if (slash === -1 || slash === project.length - 1 || LINE_TERMINATOR.test(project))
    return undefined
  return project
}

export function parseNotifyPath(path: string): NotifyTarget | undefined {
  const prometheus = prometheusProject(path)
  if (prometheus) {
    const fullPath = decodedFullPath(prometheus)
    if (fullPath) {
      return {
        fullPath,
        type: 'prometheus',
        endpointIdentifier: '',
        route: PROMETHEUS_ROUTE,
      }
    }
  }
  const http = HTTP.exec(path)
  if (!http?.[1]) return undefined
  const fullPath = decodedFullPath(http[1])
  if (!fullPath) return undefined
  const endpointIdentifier = http[3] ?? ''
  return {
    fullPath,
    type: 'http',
    endpointIdentifier,
    route: endpointIdentifier === '' ? HTTP_ROUTE : HTTP_ENDPOINT_ROUTE,
  }
}
