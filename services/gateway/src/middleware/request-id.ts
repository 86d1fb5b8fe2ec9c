import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'
import { retireRequestSignal, runWithRequestId } from '@suite/runtime'

const HEADER = 'X-Request-Id'
/** Ids are taken from clients only when they look like ids, not arbitrary text for the logs. */
const ACCEPTABLE = /^[\w.:-]{1,128}$/
/** HTTP's idempotent methods (RFC 9110, 9.2.2): a client or load balancer may send them again. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])

/**
 * Takes the client's X-Request-Id or makes one, answers it back, and runs the
 * rest of the request inside it so logs and outgoing gRPC calls carry it.
 * When the client goes away before the answer is sent, the request's signal
 * aborts: its gRPC calls are cancelled, and with them the SQL they started.
 * A request of an idempotent method is marked resendable: a gRPC write it makes
 * whose replica died during the call goes again to another replica.
 */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.get(HEADER)
    const id = given && ACCEPTABLE.test(given) ? given : randomUUID()
    res.set(HEADER, id)
    const controller = new AbortController()
    res.once('close', () => {
      if (!res.writableFinished) controller.abort()
      retireRequestSignal(controller.signal)
    })
    runWithRequestId(id, () => next(), controller.signal, IDEMPOTENT.has(req.method))
  }
}
