import type { Express, RequestHandler } from 'express'
import { sendJson } from '../middleware/json-response.js'
import { routeTable } from '../route-table.js'
import { buildDocument } from './build-document.js'

/**
 * GET /api/v4/openapi.json: public, built from the app's route table on the
 * first request (every route is mounted by then) and kept in memory.
 */
export function openapiDocument(app: () => Express, externalUrl: string): RequestHandler {
  let document: unknown
  return (_req, res) => {
    document ??= buildDocument(routeTable(app()), externalUrl)
    sendJson(res, 200, document)
  }
}
