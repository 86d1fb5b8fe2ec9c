import type { Logger } from '@suite/runtime'
import {
  describeExit,
  spawnChild,
  type ChildExit,
  type ChildSpec,
  type ManagedChild,
} from './child.js'

type Closer = () => Promise<void>

const CLOSER_TIMEOUT_MS = 20_000

/** Restart backoff: doubling from the first delay up to the last; a child that ran this long starts over. */
export interface RestartPolicy {
  firstDelayMs: number
  maxDelayMs: number
  healthyAfterMs: number
}

const RESTART: RestartPolicy = { firstDelayMs: 250, maxDelayMs: 5_000, healthyAfterMs: 30_000 }

export interface SpawnOptions {
  /** A one-off (a migration): its exit is awaited by the caller, not an emergency. */
  oneOff?: boolean
}

/** Thrown by spawn once the supervisor is stopping, to end the startup steps. */
export class StoppingError extends Error {
  constructor() {
    super('stopping')
  }
}

/**
 * Owns the children and the backends the launcher started. Stops everything
 * once: on SIGINT/SIGTERM (exit 0), or when startup fails, a child dies before
 * the suite was ready, or a backend dies (exit 1). Once the suite is ready
 * (markReady), a service role that dies is started again with backoff, as
 * Kubernetes restarts a pod, and the others go on. Children get SIGTERM, then
 * SIGKILL after the grace period; the backends (embedded PostgreSQL, a private
 * Redis) stop after them.
 */
export class Supervisor {
  private readonly children = new Set<ManagedChild>()
  private readonly backends = new Set<ManagedChild>()
  private readonly closers: Closer[] = []
  private startup: Promise<void> = Promise.resolve()
  private stopped: Promise<void> | undefined
  private ready = false
  /** Pending restarts, one per dead child (replicas of a role each have their own). */
  private readonly restarts = new Set<NodeJS.Timeout>()

  constructor(
    private readonly logger: Logger,
    private readonly graceMs = 10_000,
    private readonly restart: RestartPolicy = RESTART,
    private readonly exit: (code: number) => void = (code) => process.exit(code),
  ) {}

  /** From now on a service role that dies is restarted instead of stopping the suite. */
  markReady(): void {
    this.ready = true
  }

  /** The children running now, by name (for tests and logs). */
  running(): { name: string; pid: number | undefined }[] {
    return [...this.children].map((child) => ({ name: child.spec.name, pid: child.pid }))
  }

  get stopping(): boolean {
    return this.stopped !== undefined
  }

  /** Runs the startup steps with signal handling in place; resolves once they are done. */
  run(startup: () => Promise<void>): Promise<void> {
    const onSignal = (signal: NodeJS.Signals) => {
      if (this.stopping) {
        this.logger.info({ signal }, 'already stopping')
        return
      }
      this.logger.info({ signal }, 'stopping the suite')
      void this.stop(0)
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
    process.on('SIGHUP', onSignal)
    // Last resort if the launcher itself crashes: do not leave children behind.
    process.once('exit', () => {
      for (const child of [...this.children, ...this.backends]) child.signal('SIGTERM')
    })
    this.watchParent()
    this.startup = startup().catch((error: unknown) => {
      if (this.stopping) return
      this.fail(error instanceof Error ? error.message : String(error))
    })
    return this.startup
  }

  /**
   * A parent that dies without signalling (a test runner killed with SIGKILL)
   * would leave the suite running; the launcher then stops on its own.
   */
  private watchParent(): void {
    const parent = process.ppid
    if (parent <= 1) return
    const timer = setInterval(() => {
      if (process.ppid === parent || this.stopping) return
      clearInterval(timer)
      this.logger.warn({ parent }, 'parent process is gone; stopping')
      void this.stop(1)
    }, 1_000)
    timer.unref()
  }

  /** Logs one line saying why, and stops everything with exit code 1. */
  fail(message: string): void {
    // Once stopping, children and backends going away is expected (a Ctrl-C reaches
    // the embedded PostgreSQL directly, for one).
    if (this.stopping) return
    this.logger.fatal(message)
    process.stderr.write(`suite: ${message}\n`)
    void this.stop(1)
  }

  /** Registers a backend to stop after every child is gone (last registered stops first). */
  defer(closer: Closer): void {
    this.closers.push(closer)
  }

  spawn(spec: ChildSpec, options: SpawnOptions = {}, failures = 0): ManagedChild {
    if (this.stopping) throw new StoppingError()
    const child = spawnChild(spec)
    const started = Date.now()
    this.children.add(child)
    this.logger.debug({ child: spec.name, pid: child.pid }, 'started')
    void child.exited.then((exit) => {
      this.children.delete(child)
      if (options.oneOff || this.stopping) return
      if (!this.ready) {
        this.onUnexpectedExit(spec.name, exit)
        return
      }
      const ranLong = Date.now() - started >= this.restart.healthyAfterMs
      this.restartLater(spec, ranLong ? 0 : failures, exit)
    })
    return child
  }

  /** Starts a dead service role again after its backoff, unless the suite stops first. */
  private restartLater(spec: ChildSpec, failures: number, exit: ChildExit): void {
    const delayMs = Math.min(
      this.restart.maxDelayMs,
      this.restart.firstDelayMs * 2 ** Math.min(failures, 16),
    )
    this.logger.error(
      { child: spec.name, exit: describeExit(exit), delayMs, failures: failures + 1 },
      `${spec.name} exited unexpectedly (${describeExit(exit)}); restarting it in ${delayMs} ms`,
    )
    const timer = setTimeout(() => {
      this.restarts.delete(timer)
      if (this.stopping) return
      const child = this.spawn(spec, {}, failures + 1)
      this.logger.warn({ child: spec.name, pid: child.pid }, `${spec.name} restarted`)
    }, delayMs)
    this.restarts.add(timer)
  }

  /** A backend process (a private Redis): watched like a child, stopped after the children. */
  spawnBackend(spec: ChildSpec): ManagedChild {
    if (this.stopping) throw new StoppingError()
    const child = spawnChild(spec)
    this.backends.add(child)
    void child.exited.then((exit) => {
      this.backends.delete(child)
      if (!this.stopping) this.onUnexpectedExit(spec.name, exit)
    })
    this.defer(async () => {
      await child.stop(this.graceMs)
    })
    return child
  }

  private onUnexpectedExit(name: string, exit: ChildExit): void {
    this.fail(`${name} exited unexpectedly (${describeExit(exit)})`)
  }

  stop(code: number): Promise<void> {
    this.stopped ??= this.stopAll(code)
    return this.stopped
  }

  private async stopAll(code: number): Promise<void> {
    for (const timer of this.restarts) clearTimeout(timer)
    this.restarts.clear()
    await this.stopChildren()
    // Startup steps notice `stopping` and return; what they started is registered by then.
    await this.startup
    await this.stopChildren()
    for (const closer of this.closers.reverse()) {
      let timer: NodeJS.Timeout | undefined
      // A backend that hangs while stopping must not keep the launcher alive forever.
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), CLOSER_TIMEOUT_MS)
      })
      try {
        const outcome = await Promise.race([closer(), timeout])
        if (outcome === 'timeout') this.logger.error('a backend did not stop in time')
      } catch (error) {
        this.logger.error({ err: error }, 'error while stopping')
      } finally {
        clearTimeout(timer)
      }
    }
    this.logger.info({ code }, 'suite stopped')
    this.exit(code)
  }

  private async stopChildren(): Promise<void> {
    const running = [...this.children]
    await Promise.all(
      running.map(async (child) => {
        const exit = await child.stop(this.graceMs)
        this.logger.debug({ child: child.spec.name, exit: describeExit(exit) }, 'stopped')
      }),
    )
  }
}
