import {
  Agent,
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http'
import type { Socket } from 'node:net'

/**
 * An HTTP load balancer in front of several gateways, as an ingress would
 * run one: every request goes to one gateway, the next request on the same
 * client connection to the next gateway, and each new connection starts one
 * gateway further than the last. A test's sequential requests (a write, then
 * the read that must see it) and the several requests of one `git clone` or
 * `git push` therefore alternate between the gateways.
 */
export interface GatewayBalancer {
  url: string
  /** Requests sent to each gateway so far, in the order of `gateways`. */
  served: () => number[]
  close: () => Promise<void>
}

// RFC 9110 7.6.1: meaningful for one connection only; node sets the framing itself.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // node's server answers 100 Continue itself; the gateway need not be asked again.
  'expect',
])

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) kept[name] = value
  }
  return kept
}

function forwardableRaw(raw: string[]): string[] {
  const kept: string[] = []
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string
    if (!HOP_BY_HOP.has(name.toLowerCase())) kept.push(name, raw[i + 1] as string)
  }
  return kept
}

/** Listens on 127.0.0.1:`port` and balances over `gateways` (origins, no trailing slash). */
export async function startGatewayBalancer(
  port: number,
  gateways: readonly string[],
): Promise<GatewayBalancer> {
  const upstreams = gateways.map((origin) => new URL(origin))
  const served = upstreams.map(() => 0)
  // Kept-alive connections to the gateways, dropped after 5 s idle: the gateway keeps an idle
  // one 65 s (main.ts), so the balancer never reuses one the gateway is closing. Not one
  // connection per request: a request marked `Connection: close` whose body the gateway
  // refuses unread (a 413 by its declared length) has its socket closed with the body still
  // arriving, and the reset can overtake the answer (a 502 here); on a kept-alive connection
  // node reads and discards the rest of the body instead, as an ingress's keepalive does.
  const agent = new Agent({ keepAlive: true, timeout: 5_000 })
  const turns = new WeakMap<Socket, number>()
  let nextConnection = 0

  const server: Server = createServer((req: IncomingMessage, res) => {
    const socket = req.socket
    const turn = turns.get(socket) ?? nextConnection++
    turns.set(socket, turn + 1)
    const index = turn % upstreams.length
    const upstream = upstreams[index] as URL
    served[index] = (served[index] ?? 0) + 1

    const outgoing = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        // The Host the client named is kept, as an ingress keeps it.
        headers: forwardable(req.headers),
        agent,
      },
      (answer) => {
        res.writeHead(
          answer.statusCode ?? 502,
          answer.statusMessage,
          forwardableRaw(answer.rawHeaders),
        )
        answer.pipe(res)
        answer.on('error', () => res.destroy())
      },
    )
    outgoing.on('error', () => {
      // As nginx: a gateway that does not answer is a 502; a broken answer breaks the reply.
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' })
        res.end('502 Bad Gateway (the balancer could not reach the gateway)\n')
      } else {
        res.destroy()
      }
    })
    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy()
    })
    req.pipe(outgoing)
  })
  // Runner long polls and large pushes: no time limit of the balancer's own.
  server.requestTimeout = 0
  server.headersTimeout = 66_000
  // As the gateway (main.ts): longer than any client keeps an idle connection, so that a client
  // never sends a request on a connection the balancer is closing.
  server.keepAliveTimeout = 65_000

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => [...served],
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      agent.destroy()
    },
  }
}
