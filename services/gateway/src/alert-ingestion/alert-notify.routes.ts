import type { Request, RequestHandler, Response } from 'express'
import type { AlertingClients } from '../clients/alerting.client.js'
import { sendJson } from '../middleware/json-response.js'
import { declareRoutes } from '../route-table.js'
import { nestsDeeperThan } from '../params/json-depth.js'
import { MAX_PAYLOAD_DEPTH, isJsonObject, readNotifyBody } from './notify-body.js'
import { notificationKey } from './notify-credentials.js'
import { BAD_REQUEST, notifyRefusal, type NotifyRefusal } from './notify-errors.js'
import { NOTIFY_ROUTES, parseNotifyPath, type NotifyTarget } from './notify-path.js'

export interface AlertNotifyDeps {
  alerting: Pick<AlertingClients, 'ingestion'>
}

function declaredLength(req: Request): number | undefined {
  const value = req.get('content-length')
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined
}

function refuse(res: Response, refusal: NotifyRefusal): void {
  res.status(refusal.status).set(refusal.headers)
  if (refusal.text !== undefined) {
    res.type('text/plain').send(refusal.text)
    return
  }
  if (refusal.json !== undefined) {
    sendJson(res, refusal.status, refusal.json, refusal.headers)
    return
  }
  // Rails' `head` on a .json route: the format's type, an empty body.
  res.setHeader('Content-Type', 'application/json')
  res.end()
}

async function notify(req: Request, res: Response, deps: AlertNotifyDeps, target: NotifyTarget) {
  const body = await readNotifyBody(req, declaredLength(req))
  if (!body.ok) {
    if (body.closeConnection) res.setHeader('Connection', 'close')
    refuse(res, BAD_REQUEST)
    return
  }
  // The depth scan comes first so that a deep document is never parsed.
  if (nestsDeeperThan(body.text, MAX_PAYLOAD_DEPTH) || !isJsonObject(body.text)) {
    refuse(res, BAD_REQUEST)
    return
  }
  const answer = await deps.alerting.ingestion.notifyAlerts({
    projectFullPath: target.fullPath,
    type: target.type,
    endpointIdentifier: target.endpointIdentifier,
    key: notificationKey(req.get('authorization')),
    payloadJson: body.text,
  })
  // AlertManagement::AlertEntity: the alerts created or grouped into.
  sendJson(
    res,
    200,
    answer.alerts.map(({ iid, title }) => ({ iid, title })),
  )
}

/**
 * Alert ingestion at `/<full_path>/alerts/notify[/<name>/<endpoint_identifier>].json`
 * and `/<full_path>/prometheus/alerts/notify.json`: outside /api/v4 and its
 * body parsers (the body is read here, at most 1 MB kept), no personal token
 * (the integration's key authenticates, the alerting service checks it),
 * never cached. Paths that are none of these go on (git over HTTP, 404).
 */
export function alertNotifyRoutes(deps: AlertNotifyDeps): RequestHandler {
  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'POST') {
      next()
      return
    }
    const target = parseNotifyPath(req.path)
    if (!target) {
      next()
      return
    }
    res.locals['route'] = target.route
    res.setHeader('Cache-Control', 'no-cache')
    notify(req, res, deps, target).catch((error: unknown) => {
      const refusal = notifyRefusal(error)
      if (!refusal) {
        next(error)
        return
      }
      if (!res.headersSent) refuse(res, refusal)
    })
  }
  return declareRoutes(
    handler,
    NOTIFY_ROUTES.map((path) => ({ method: 'POST', path })),
  )
}
