import { pino, type Logger } from 'pino'
import { currentRequestId } from './request-context.js'

export type { Logger }

/** JSON logs with the service name and, inside a request, its id. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    mixin: () => {
      const requestId = currentRequestId()
      return requestId ? { request_id: requestId } : {}
    },
  })
}
