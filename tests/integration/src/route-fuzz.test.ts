import fc from 'fast-check'
import { createIntegration } from './support/alerts'
import { createGroup, createToken, createUser, createUserWithToken } from './support/factories'
import { type FuzzCase, type FuzzFixtures, fuzzCase } from './support/fuzz-case'
import {
  closeFuzzConnections,
  problemWith,
  sendFuzzCase,
  type FuzzTokens,
} from './support/fuzz-request'
import { openMergeRequest } from './support/merge-requests'
import { createProject } from './support/projects'
import { fuzzableRoutes, gatewayRoutes, type RouteJson } from './support/route-table'
import { baseUrl } from './support/suite-state'

// Issue 13, point 4: no input makes the gateway answer a 5xx. Every route of
// the gateway's own route table gets random hostile path values, query
// strings and bodies from three senders; each answer must be below 500 and,
// when it is a 4xx with a body, GitLab's JSON. FUZZ_SEED and FUZZ_RUNS (runs
// per route, 30 by default) make a deeper local run: FUZZ_RUNS=200 npx jest ... route-fuzz.

const SEED = Number(process.env.FUZZ_SEED ?? 1326)
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30)
const ROUTES = fuzzableRoutes(gatewayRoutes())
const SELF_REVOKE = 'DELETE /api/v4/personal_access_tokens/self'

function isNotifyRoute(route: RouteJson): boolean {
  return !route.path.startsWith('/api/') && route.path.includes('/alerts/notify')
}

describe('route fuzz', () => {
  const tally = { requests: 0, serverErrors: 0, started: Date.now() }
  /** Answers by status, to show how deep the fuzz reaches (2xx: past every check). */
  const statuses = new Map<number, number>()
  let tokens: FuzzTokens
  let fixtures: FuzzFixtures
  let victimId: number

  beforeAll(async () => {
    const admin = await createUser({ admin: true })
    const adminToken = await createToken(admin.id, ['api', 'sudo'])
    const owner = await createUserWithToken()
    const victim = await createUser()
    victimId = victim.id
    const group = await createGroup(owner.token)
    const project = await createProject(owner.token, { initialize_with_readme: true })
    const { mr, branch, head } = await openMergeRequest(owner.token, project.id)
    const integration = await createIntegration(owner.token, project.id, {
      name: 'Fuzz',
      active: true,
    })
    const identifier = /\/([A-Za-z0-9]+)\.json$/.exec(integration.url)?.[1] ?? 'x'
    tokens = { admin: adminToken.token, user: owner.token, alertKey: integration.token }
    const underProject = (template: string) => template.startsWith('/api/v4/projects/:id/')
    const byName: Record<string, string[]> = {
      user_id: [String(victim.id), String(owner.user.id)],
      merge_request_iid: [String(mr.iid)],
      branch: ['main', encodeURIComponent(branch)],
      tag_name: ['main'],
      sha: ['main', head],
      ref: ['main'],
      full_path: [project.path_with_namespace],
      name: ['fuzz'],
      endpoint_identifier: [identifier],
      integration_id: [String(integration.id)],
    }
    fixtures = {
      pathValues: (template, name) => {
        if (name === 'id') {
          if (template.startsWith('/api/v4/projects/:id') || template.startsWith('/uploads/')) {
            return [String(project.id), encodeURIComponent(project.path_with_namespace)]
          }
          if (template.startsWith('/api/v4/groups/:id')) {
            return [String(group.id), encodeURIComponent(group.full_path)]
          }
          return template.startsWith('/api/v4/users/:id') ? [String(victim.id)] : []
        }
        // Other ids only inside the fixture project, where no other test's object lives.
        return byName[name] ?? (underProject(template) ? ['1', '2'] : [])
      },
      values: [
        String(project.id),
        project.path_with_namespace,
        String(group.id),
        String(victim.id),
        victim.username,
        String(mr.iid),
        branch,
        head,
      ],
    }
  })

  afterAll(() => {
    closeFuzzConnections()
    const seconds = ((Date.now() - tally.started) / 1000).toFixed(1)
    process.stderr.write(
      `[route-fuzz] ${ROUTES.length} routes, seed ${SEED}, ${RUNS_PER_ROUTE} runs per route: ` +
        `${tally.requests} requests, ${tally.serverErrors} 5xx, ${seconds} s\n`,
    )
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([code, n]) => `${code}: ${n}`)
    process.stderr.write(`[route-fuzz] answers by status: ${byStatus.join(', ')}\n`)
  })

  /** The tokens for one case: revoking "self" gets a throwaway token of its own. */
  async function tokensFor(fuzz: FuzzCase): Promise<FuzzTokens> {
    if (`${fuzz.method} ${fuzz.route}` !== SELF_REVOKE || fuzz.sender === 'none') return tokens
    const { token } = await createToken(victimId)
    return { ...tokens, admin: token, user: token }
  }

  it('covers every route of the gateway', () => {
    expect(ROUTES.filter((route) => route.path.startsWith('/api/v4/')).length).toBeGreaterThan(100)
    expect(ROUTES.filter(isNotifyRoute)).toHaveLength(3)
  })

  it.each(ROUTES.map((route, index) => [`${route.method} ${route.path}`, route, index] as const))(
    '%s answers hostile input with a 4xx in GitLab style',
    async (_name, route, index) => {
      await fc.assert(
        fc.asyncProperty(fuzzCase(route, fixtures), async (fuzz) => {
          const answer = await sendFuzzCase(baseUrl(), fuzz, await tokensFor(fuzz))
          tally.requests += 1
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
          if (answer.status >= 500) tally.serverErrors += 1
          const problem = problemWith(fuzz, answer)
          if (problem) throw new Error(problem)
        }),
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE },
      )
    },
    Math.max(60_000, RUNS_PER_ROUTE * 3_000),
  )
})
