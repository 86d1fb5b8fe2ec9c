import type { Logger } from './logger.js'

type Closer = () => Promise<unknown>

/**
 * Runs the registered closers in reverse order on SIGTERM or SIGINT, then
 * exits. A second signal, or a closer taking longer than the grace period,
 * exits at once.
 */
export function handleShutdown(logger: Logger, graceMs = 15_000): (closer: Closer) => void {
  const closers: Closer[] = []
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) process.exit(1)
    stopping = true
    logger.info({ signal }, 'shutting down')
    setTimeout(() => process.exit(1), graceMs).unref()
    void (async () => {
      for (const closer of closers.reverse()) {
        try {
          await closer()
        } catch (err) {
          logger.error({ err }, 'error while shutting down')
        }
      }
      process.exit(0)
    })()
  }
  process.once('SIGTERM', () => stop('SIGTERM'))
  process.once('SIGINT', () => stop('SIGINT'))
  return (closer) => closers.push(closer)
}
