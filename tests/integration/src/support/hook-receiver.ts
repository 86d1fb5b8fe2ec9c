import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request a hook made. */
export interface ReceivedHook {
  path: string
  headers: IncomingHttpHeaders
  body: Record<string, unknown>
}

/**
 * A webhook receiver on loopback: records every request and answers what
 * `respond` says (200 by default), so a test sees what a real receiver gets.
 */
export class HookReceiver {
  readonly received: ReceivedHook[] = []
  respond: (hook: ReceivedHook) => number = () => 200
  /** Which requests get a slow answer: headers, then one byte every `dripEveryMs`, never the end. */
  drips: (hook: ReceivedHook) => boolean = () => false
  dripEveryMs = 2_000
  /** Dripped requests the sender gave up on: the path and how long after arrival it hung up. */
  readonly hungUp: { path: string; afterMs: number }[] = []
  private server: Server | undefined
  private port = 0

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let body: Record<string, unknown>
        try {
          body = JSON.parse(text) as Record<string, unknown>
        } catch {
          body = { unparsed: text }
        }
        const hook = { path: req.url ?? '/', headers: req.headers, body }
        this.received.push(hook)
        if (this.drips(hook)) {
          const arrived = Date.now()
          res.writeHead(200, { 'Content-Type': 'text/plain' })
          res.flushHeaders()
          const drip = setInterval(() => res.write('.'), this.dripEveryMs)
          res.on('close', () => {
            clearInterval(drip)
            this.hungUp.push({ path: hook.path, afterMs: Date.now() - arrived })
          })
          return
        }
        const status = this.respond(hook)
        res.writeHead(status, { 'Content-Type': 'text/plain' })
        res.end(status < 300 ? 'ok' : `refused with ${status}`)
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.address() as AddressInfo).port
    return this
  }

  /** The url of a path on this receiver. */
  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`
  }

  /** The requests to a path. */
  at(path: string): ReceivedHook[] {
    return this.received.filter((hook) => hook.path === path)
  }

  /** Waits until `count` requests to the path match; fails with what came instead. */
  async waitFor(
    path: string,
    match: (hook: ReceivedHook) => boolean = () => true,
    count = 1,
    timeoutMs = 30_000,
  ): Promise<ReceivedHook[]> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.at(path).filter(match)
      if (found.length >= count) return found
      if (Date.now() > deadline) {
        const seen = this.at(path).map((hook) => hook.headers['x-gitlab-event'])
        throw new Error(
          `${count} matching hook(s) at ${path} not received; got ${JSON.stringify(seen)}`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  async stop(): Promise<void> {
    // Dripping answers never end by themselves.
    this.server?.closeAllConnections()
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    )
  }
}
