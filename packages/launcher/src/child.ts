import { spawn, type ChildProcess } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'

export interface ChildSpec {
  /** How logs and errors name it, e.g. "projects server". */
  name: string
  command: string
  args: string[]
  /** Unset: the launcher's own environment. */
  env?: Record<string, string>
  cwd: string
  /** Send its stdout to our stderr, for output that is not JSON logs. */
  stdoutToStderr?: boolean
}

export interface ChildExit {
  code: number | null
  signal: NodeJS.Signals | null
  /** Set when the process could not be started at all. */
  error?: Error
}

/** "exit code 1", "signal SIGKILL", or why it never started. */
export function describeExit(exit: ChildExit): string {
  if (exit.error) return `failed to start: ${exit.error.message}`
  if (exit.signal) return `signal ${exit.signal}`
  return `exit code ${exit.code ?? 'unknown'}`
}

/**
 * Copies a child's output line by line, so lines of children writing at
 * the same time never interleave mid-line.
 */
function forwardLines(from: Readable, to: Writable): void {
  let pending = ''
  from.setEncoding('utf8')
  from.on('data', (chunk: string) => {
    const text = pending + chunk
    const end = text.lastIndexOf('\n')
    if (end === -1) {
      pending = text
      return
    }
    pending = text.slice(end + 1)
    to.write(text.slice(0, end + 1))
  })
  from.on('end', () => {
    if (pending) to.write(`${pending}\n`)
    pending = ''
  })
}

/** A child process with output forwarded to ours and a bounded stop. */
export class ManagedChild {
  readonly exited: Promise<ChildExit>
  private result: ChildExit | undefined

  constructor(
    readonly spec: ChildSpec,
    private readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => {
      const finish = (exit: ChildExit) => {
        if (this.result) return
        this.result = exit
        resolve(exit)
      }
      child.once('error', (error) => finish({ code: null, signal: null, error }))
      // 'close' waits for the output to drain; 'exit' bounds that wait in case
      // a grandchild keeps the pipes open.
      child.once('close', (code, signal) => finish({ code, signal }))
      child.once('exit', (code, signal) => {
        setTimeout(() => finish({ code, signal }), 1_000).unref()
      })
    })
  }

  get running(): boolean {
    return this.result === undefined
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  signal(signal: NodeJS.Signals): void {
    if (!this.running || this.child.exitCode !== null || this.child.signalCode !== null) return
    try {
      this.child.kill(signal)
    } catch {
      // Already gone.
    }
  }

  /** SIGTERM, then SIGKILL once the grace period is over. */
  async stop(graceMs = 10_000): Promise<ChildExit> {
    if (!this.running) return this.exited
    this.signal('SIGTERM')
    const timer = setTimeout(() => this.signal('SIGKILL'), graceMs)
    try {
      return await this.exited
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * Starts a child in its own process group, so a Ctrl-C in the terminal
 * reaches only the launcher, which then stops the children in order.
 */
export function spawnChild(spec: ChildSpec): ManagedChild {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: spec.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  if (child.stdout) {
    forwardLines(child.stdout, spec.stdoutToStderr ? process.stderr : process.stdout)
  }
  if (child.stderr) forwardLines(child.stderr, process.stderr)
  return new ManagedChild(spec, child)
}
