import type { Response } from 'express'

/**
 * Sends a JSON body with `Content-Type: application/json` exactly: GitLab
 * sends no charset and some clients compare the header literally, while
 * Express adds one both in res.json and in res.set('Content-Type'). Node's own
 * setHeader and a Buffer body keep it out.
 */
export function sendJson(
  res: Response,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  res.status(status).set(headers)
  res.setHeader('Content-Type', 'application/json')
  if (status === 204 || status === 304) {
    res.end()
    return
  }
  res.send(Buffer.from(JSON.stringify(body)))
}
