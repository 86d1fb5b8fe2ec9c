import { api } from './support/api'
import { createUser } from './support/factories'
import { gatewayUrl, rootToken } from './support/suite-state'

/** Sample lines of one metric family's histogram buckets. */
function bucketLines(text: string): string[] {
  return text.split('\n').filter((line) => /^[a-zA-Z_:][\w:]*_bucket\{/.test(line))
}

describe('health and metrics', () => {
  it.each(['/-/health', '/-/liveness', '/-/readiness'])(
    '%s answers 200 without a token',
    async (path) => {
      const res = await api(path)
      expect(res.status).toBe(200)
    },
  )

  describe('GET /metrics', () => {
    let text = ''

    beforeAll(async () => {
      // A gateway's metrics are its own process's: the requests they must count go to the
      // gateway that is then asked, not through a balancer in front of several.
      const gateway = gatewayUrl()
      const [a, b] = await Promise.all([createUser(), createUser()])
      for (const id of [a.id, b.id, 1]) {
        const res = await api(`${gateway}/api/v4/users/${id}`, { token: rootToken() })
        expect(res.status).toBe(200)
      }
      const missing = await api(`${gateway}/api/v4/users/999999999`, { token: rootToken() })
      expect(missing.status).toBe(404)
      const noRoute = await api(`${gateway}/api/v4/no/such/route/12345`, { token: rootToken() })
      expect(noRoute.status).toBe(404)
      const res = await api(`${gateway}/metrics`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
      text = res.text
    })

    it('has a request latency histogram labelled by route template, method and status', () => {
      const lines = bucketLines(text).filter((line) => line.includes('route="/api/v4/users/:id"'))
      expect(lines.length).toBeGreaterThan(0)
      expect(
        lines.some(
          (line) => line.includes('method="GET"') && /(status|code|status_code)="200"/.test(line),
        ),
      ).toBe(true)
      expect(lines.some((line) => /(status|code|status_code)="404"/.test(line))).toBe(true)
    })

    it('never labels a series with a raw path', () => {
      expect(text).not.toMatch(/route="\/api\/v4\/users\/\d+"/)
      expect(text).not.toContain('/no/such/route/12345')
      const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]))
      for (const route of routes) expect(route).not.toMatch(/\/\d+(\/|$)/)
    })

    it('is Prometheus text: HELP and TYPE lines, a histogram TYPE', () => {
      expect(text).toMatch(/^# HELP \S+ /m)
      expect(text).toMatch(/^# TYPE \S+ histogram$/m)
    })
  })
})
