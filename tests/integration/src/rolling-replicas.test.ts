import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { createGroup, createUserWithToken, type UserWithToken } from './support/factories'
import { say } from './support/launch-suite'
import { openMergeRequest } from './support/merge-requests'
import {
  IDENTITY,
  MERGE_REQUESTS,
  mixedKinds,
  PROJECTS,
  runLoad,
  sendKind,
  sleep,
  type Kind,
  type Outcome,
} from './support/mixed-load'
import {
  privateRedisUnavailable,
  startPrivateSuite,
  type PrivateSuite,
} from './support/private-suite'
import { createProject } from './support/projects'
import { GRPC_SERVERS, listeningAddresses, ROLES } from './support/suite-processes'
import type { ProjectJson } from './support/types'
import { describeUnless } from './support/skip'

// Issue 28, point 4: `npm start` with REPLICAS=2 under 50 requests/s of mixed reads and writes,
// alternating between the two gateways. (a) Each role is restarted one replica at a time
// (SIGTERM; the launcher starts its replacement, which is waited for before the other replica
// goes): no request fails. (b) One replica of each role in turn is killed with SIGKILL: every
// request is still answered 2xx. Afterwards every acknowledged write is seen. A gateway that is
// down refuses connections; the load then sends that request to the other gateway, as a load
// balancer does with a connection it could not open (nothing reached the gateway), and so it
// does with a request whose connection broke, unless it is a POST or PATCH (send, below).

const RATE_PER_SECOND = 50
const READY_LIMIT_MS = 30_000
/** After a gRPC server listens, its clients reconnect within their max backoff (1 s). */
const RECONNECT_MS = 1_500

const describeWithRedis = describeUnless(privateRedisUnavailable(), 'rolling-replicas.test.ts')

function environOf(pid: number): Record<string, string> {
  const pairs = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean)
  return Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )
}

/** Whether `pid` listens on `port` (any address). */
function listensOn(pid: number, port: number): boolean {
  try {
    return listeningAddresses(pid).some(
      (address) => parseInt(address.slice(address.indexOf(':') + 1), 16) === port,
    )
  } catch {
    return false
  }
}

describeWithRedis('rolling restart and kill -9 of one replica with REPLICAS=2', () => {
  let suite: PrivateSuite
  let owner: UserWithToken
  let project: ProjectJson
  let gateways: string[] = []
  let kinds: Kind[]
  let turn = 0
  /** Connections refused by a gateway that was down, sent to the other one. */
  let redirected = 0
  /** What the test did when, to place failures: [time, what]. */
  let steps: [number, string][] = []

  beforeAll(async () => {
    suite = await startPrivateSuite({ REPLICAS: '2' })
    for (let waited = 0; ; waited += 100) {
      const printed = /2 gateways listen at (\S+), (\S+)\n/.exec(
        readFileSync(suite.state.logFile as string, 'utf8'),
      )
      gateways = printed ? [printed[1] as string, printed[2] as string] : []
      if (gateways.length > 0 || waited > 5_000) break
      await sleep(100)
    }
    owner = await createUserWithToken()
    const group = await createGroup(owner.token)
    project = await createProject(owner.token, { initialize_with_readme: true })
    const { mr } = await openMergeRequest(owner.token, project.id)
    let issues = 0
    kinds = [
      ...mixedKinds({ owner, rootToken: suite.rootToken, group, project, mr }),
      {
        // A write that creates: afterwards each acknowledged one is there, once.
        name: 'POST /projects/:id/issues',
        needs: [IDENTITY, PROJECTS, MERGE_REQUESTS],
        request: () => ({
          method: 'POST',
          path: `/projects/${project.id}/issues`,
          body: { title: `load issue ${++issues}` },
        }),
      },
    ]
  }, 240_000)

  afterAll(async () => {
    await suite?.stop()
  }, 60_000)

  /**
   * One request to the next gateway in turn. As a load balancer does (nginx's
   * proxy_next_upstream): a connection the gateway refused goes to the other one, and so does a
   * request whose connection broke, unless its method is POST or PATCH (it may have run).
   */
  async function send(kind: Kind): Promise<Outcome> {
    const first = turn++ % gateways.length
    const outcome = await sendKind(gateways[first] as string, kind, owner.token)
    if (outcome.status !== 'dropped') return outcome
    const refused = outcome.body.includes('ECONNREFUSED')
    const method = outcome.sent?.method ?? 'GET'
    if (refused || !['POST', 'PATCH'].includes(method)) {
      redirected++
      return sendKind(gateways[(first + 1) % gateways.length] as string, kind, owner.token)
    }
    return outcome
  }

  function logLinesOf(answers: readonly Outcome[]): string {
    const ids = new Set(answers.flatMap((answer) => answer.requestId ?? []).slice(0, 10))
    const logFile = suite.state.logFile
    if (ids.size === 0 || !logFile) return '(no request ids)'
    return readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => [...ids].some((id) => line.includes(id)))
      .map((line) => line.slice(0, 1_500))
      .join('\n')
  }

  /** Whether the new process `pid` of `role` is ready to take its share. */
  async function ready(role: string, pid: number): Promise<boolean> {
    if (role === 'gateway') {
      const port = Number(environOf(pid)['PORT'])
      const res = await fetch(`http://127.0.0.1:${port}/-/readiness`).catch(() => undefined)
      return res?.status === 200
    }
    if ((GRPC_SERVERS as readonly string[]).includes(role)) {
      return listensOn(pid, Number(environOf(pid)['GRPC_PORT']))
    }
    const [service, name] = role.split(' ') as [string, string]
    const key = `${suite.state.queuePrefix}:alive:${service}:${name}:${hostname()}:${pid}`
    return (await suite.redis.admin.exists(key)) === 1
  }

  /** Waits for the process that replaces `gone` among `role`'s replicas; its pid. */
  async function replacement(role: string, before: readonly number[]): Promise<number> {
    const deadline = Date.now() + READY_LIMIT_MS
    while (Date.now() < deadline) {
      const fresh = suite.pidsOf(role).find((pid) => !before.includes(pid))
      if (fresh !== undefined && (await ready(role, fresh).catch(() => false))) {
        if ((GRPC_SERVERS as readonly string[]).includes(role)) await sleep(RECONNECT_MS)
        return fresh
      }
      await sleep(100)
    }
    throw new Error(`${role}: no ready replacement within ${READY_LIMIT_MS} ms`)
  }

  /** Runs `disrupt` under load; every answer that is not 2xx. */
  async function underLoad(
    label: string,
    disrupt: () => Promise<void>,
  ): Promise<{ outcomes: Outcome[]; failed: Outcome[] }> {
    let finish!: () => void
    const stop = new Promise<void>((resolve) => (finish = resolve))
    redirected = 0
    steps = []
    const running = runLoad(kinds, send, stop, RATE_PER_SECOND)
    await sleep(1_000)
    try {
      await disrupt()
      await sleep(1_000)
    } finally {
      finish()
    }
    const outcomes = await running
    const failed = outcomes.filter(
      (outcome) => typeof outcome.status !== 'number' || outcome.status >= 300,
    )
    process.stderr.write(
      `[resilience-replicas] ${label}: ${outcomes.length} requests, ${failed.length} failed, ` +
        `${redirected} refused or broken connections sent to the other gateway\n`,
    )
    if (failed.length > 0) {
      const during = (at: number) => steps.filter(([time]) => time <= at).at(-1)?.[1] ?? 'start'
      const groups = new Map<string, number>()
      for (const outcome of failed) {
        const key = `${during(outcome.startedAt)} | ${outcome.kind} | ${outcome.status} ${outcome.body.slice(0, 80)}`
        groups.set(key, (groups.get(key) ?? 0) + 1)
      }
      process.stderr.write(
        `[resilience-replicas] ${label} failures by step:\n` +
          [...groups].map(([key, count]) => `  ${count} x ${key}`).join('\n') +
          '\n',
      )
      say(`what the suite logged for them:\n${logLinesOf(failed)}`)
    }
    return { outcomes, failed }
  }

  /** Every issue the load created (201) is listed once. */
  async function expectAcknowledgedIssues(outcomes: readonly Outcome[]): Promise<void> {
    const created = outcomes
      .filter((outcome) => outcome.kind === 'POST /projects/:id/issues' && outcome.status === 201)
      .map((outcome) => (outcome.sent?.body as { title: string }).title)
    const titles: string[] = []
    for (let page = 1; ; page++) {
      const res = await fetch(
        `${gateways[0]}/api/v4/projects/${project.id}/issues?per_page=100&page=${page}`,
        { headers: { 'PRIVATE-TOKEN': owner.token } },
      )
      expect(res.status).toBe(200)
      const batch = (await res.json()) as { title: string }[]
      titles.push(...batch.map((issue) => issue.title))
      if (batch.length < 100) break
    }
    const missing = created.filter((title) => !titles.includes(title))
    const twice = titles.filter((title, i) => titles.indexOf(title) !== i)
    expect({ created: created.length, missing, twice }).toEqual({
      created: created.length,
      missing: [],
      twice: [],
    })
  }

  const describeFailure = (outcome: Outcome) =>
    `${outcome.kind} via ${outcome.gateway}: ${outcome.status} ${outcome.body.slice(0, 160)}`

  it('restarts every role one replica at a time (SIGTERM) without a failed request', async () => {
    expect(gateways).toHaveLength(2)
    const { outcomes, failed } = await underLoad('rolling SIGTERM restart', async () => {
      for (const role of ROLES) {
        const replicas = suite.pidsOf(role)
        expect([role, replicas.length]).toEqual([role, 2])
        let live = [...replicas]
        for (const pid of replicas) {
          steps.push([Date.now(), `SIGTERM ${role} ${pid}`])
          process.kill(pid, 'SIGTERM')
          const fresh = await replacement(role, live)
          steps.push([Date.now(), `${role} replaced by ${fresh}`])
          live = [...live.filter((other) => other !== pid), fresh]
        }
      }
    })
    expect(failed.slice(0, 20).map(describeFailure)).toEqual([])
    expect(outcomes.length).toBeGreaterThan(1_000)
    await expectAcknowledgedIssues(outcomes)
  }, 600_000)

  it('answers every request 2xx while one replica of each role is killed (SIGKILL)', async () => {
    const { outcomes, failed } = await underLoad('kill -9 one replica', async () => {
      for (const role of ROLES) {
        const replicas = suite.pidsOf(role)
        expect([role, replicas.length]).toEqual([role, 2])
        steps.push([Date.now(), `SIGKILL ${role} ${replicas[0]}`])
        process.kill(replicas[0] as number, 'SIGKILL')
        const fresh = await replacement(role, replicas)
        steps.push([Date.now(), `${role} replaced by ${fresh}`])
      }
    })
    expect(failed.slice(0, 20).map(describeFailure)).toEqual([])
    await expectAcknowledgedIssues(outcomes)
  }, 600_000)
})
