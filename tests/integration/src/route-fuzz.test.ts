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
import { notifyCases, sweepCases, sweepProblem } from './support/fuzz-sweep'
import { fuzzableRoutes, gatewayRoutes, type RouteJson } from './support/route-table'
import { baseUrl } from './support/suite-state'

// Issue 13, point 4: no input makes the gateway answer a 5xx. Every route of
// the gateway's own route table gets random hostile path values, query
// strings and bodies from three senders; each answer must be below 500 and,
// when it is a 4xx with a body, GitLab's JSON. FUZZ_SEED and FUZZ_RUNS (runs
// per route, 30 by default) make a deeper local run: FUZZ_RUNS=200 npx jest ... route-fuzz.
// Issue 24: a sweep then sends every declared parameter of every route a NUL
// character (query, form, JSON value and key, multipart), a 1 MiB string and a
// list of 10,000 values: no 5xx, and any NUL is GitLab's 400 naming the parameter.

const SEED = Number(process.env.FUZZ_SEED ?? 1326)
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30)
const ROUTES = fuzzableRoutes(gatewayRoutes())
const SELF_REVOKE = 'DELETE /api/v4/personal_access_tokens/self'

/** Routes that delete a whole project, group or user: they get decoys, not the fixture. */
const DELETES_SOURCE = new Set([
  'DELETE /api/v4/projects/:id',
  'DELETE /api/v4/groups/:id',
  'DELETE /api/v4/users/:id',
])

const deletesSource = (route: RouteJson) => DELETES_SOURCE.has(`${route.method} ${route.path}`)

/**
 * Whether a case reaches one of those routes. One case in ten goes out with another method
 * than its route's, and the path of `GET` or `PUT /users/:id` (or `/projects/:id`) sent as
 * `DELETE` is the deletion route's own: with seed 1326, `PUT /users/:id` sent as `DELETE` by the
 * admin deleted the victim user (issue 27), and `GET /projects/:id` sent so deleted the fixture
 * project before the fuzz of every project route after it.
 */
const reachesSourceDeletion = (fuzz: FuzzCase) => DELETES_SOURCE.has(`${fuzz.method} ${fuzz.route}`)

function isNotifyRoute(route: RouteJson): boolean {
  return !route.path.startsWith('/api/') && route.path.includes('/alerts/notify')
}

describe('route fuzz', () => {
  const tally = { requests: 0, serverErrors: 0, sparedSources: 0, started: Date.now() }
  const sweep = {
    requests: 0,
    serverErrors: 0,
    started: 0,
    accepted: new Map<string, number>(),
    /** Where a 1 MiB value was taken (2xx): fields without a limit, for a deeper look. */
    hugeTaken: [] as string[],
  }
  /** Answers by status, to show how deep the fuzz reaches (2xx: past every check). */
  const statuses = new Map<number, number>()
  let tokens: FuzzTokens
  let fixtures: FuzzFixtures
  /** The fixtures with decoy ids for DELETES_SOURCE, which may really delete them. */
  let decoys: FuzzFixtures
  let victimId: number
  /** The fixture project and group, which only their decoys' deletion routes may delete. */
  let fixtureSources: { projectId: number; groupId: number }
  /** Where the sweep makes a fresh integration: the random fuzz may have deleted the first. */
  let integrationOwner: { token: string; projectId: number }

  beforeAll(async () => {
    const admin = await createUser({ admin: true })
    const adminToken = await createToken(admin.id, ['api', 'sudo'])
    const owner = await createUserWithToken()
    const victim = await createUser()
    victimId = victim.id
    const group = await createGroup(owner.token)
    const project = await createProject(owner.token, { initialize_with_readme: true })
    integrationOwner = { token: owner.token, projectId: project.id }
    fixtureSources = { projectId: project.id, groupId: group.id }
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
    const decoyProject = await createProject(owner.token)
    const decoyGroup = await createGroup(owner.token)
    const decoyUser = await createUser()
    decoys = {
      pathValues: (template, name) => {
        if (name !== 'id') return fixtures.pathValues(template, name)
        if (template.startsWith('/api/v4/projects/:id')) return [String(decoyProject.id)]
        if (template.startsWith('/api/v4/groups/:id')) return [String(decoyGroup.id)]
        return [String(decoyUser.id)]
      },
      values: fixtures.values,
    }
  })

  afterAll(() => {
    closeFuzzConnections()
    const seconds = ((Date.now() - tally.started) / 1000).toFixed(1)
    process.stderr.write(
      `[route-fuzz] ${ROUTES.length} routes, seed ${SEED}, ${RUNS_PER_ROUTE} runs per route: ` +
        `${tally.requests} requests, ${tally.serverErrors} 5xx, ${seconds} s\n`,
    )
    process.stderr.write(
      `[route-fuzz] ${tally.sparedSources} cases sent DELETE to a project, group or user ` +
        `route with a real id: they got the decoy's\n`,
    )
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([code, n]) => `${code}: ${n}`)
    process.stderr.write(`[route-fuzz] answers by status: ${byStatus.join(', ')}\n`)
    const sweepSeconds = ((Date.now() - sweep.started) / 1000).toFixed(1)
    const accepted = [...sweep.accepted].map(([variant, n]) => `${variant}: ${n}`).join(', ')
    process.stderr.write(
      `[route-fuzz] sweep: ${sweep.requests} requests, ${sweep.serverErrors} 5xx, ` +
        `${sweepSeconds} s; answered 2xx by variant: ${accepted || 'none'}\n`,
    )
    if (process.env.FUZZ_LIST_TAKEN) {
      process.stderr.write(`[route-fuzz] 1 MiB values taken:\n${sweep.hugeTaken.join('\n')}\n`)
    }
  })

  /**
   * The tokens for one case: revoking "self" gets a throwaway token of its own, of a
   * throwaway user (it was the victim's, which the fuzz once deleted: see reachesSourceDeletion).
   */
  async function tokensFor(fuzz: FuzzCase): Promise<FuzzTokens> {
    if (`${fuzz.method} ${fuzz.route}` !== SELF_REVOKE || fuzz.sender === 'none') return tokens
    const { token } = await createToken((await createUser()).id)
    return { ...tokens, admin: token, user: token }
  }

  /** A case that reaches a deletion route with the fixture's id (or path) gets the decoy's id. */
  function sparingSources(fuzz: FuzzCase): FuzzCase {
    if (!reachesSourceDeletion(fuzz)) return fuzz
    const real = fixtures.pathValues(fuzz.route, 'id')
    const decoy = decoys.pathValues(fuzz.route, 'id')[0] ?? ''
    if (!fuzz.segments.some((segment) => typeof segment === 'string' && real.includes(segment))) {
      return fuzz
    }
    tally.sparedSources += 1
    const segments = fuzz.segments.map((segment) =>
      typeof segment === 'string' && real.includes(segment) ? decoy : segment,
    )
    return { ...fuzz, segments }
  }

  it('covers every route of the gateway', () => {
    expect(ROUTES.filter((route) => route.path.startsWith('/api/v4/')).length).toBeGreaterThan(100)
    expect(ROUTES.filter(isNotifyRoute)).toHaveLength(3)
  })

  /**
   * The fixture's first real value of a placeholder, else one no object has: `1` is the first
   * runner, token or member role of whichever test made one, and the sweep writes as an admin.
   */
  const firstPathValue = (template: string, name: string) =>
    fixtures.pathValues(template, name)[0] ?? String(2 ** 31 - 2)

  /** Placeholder values of a new active integration, with the key the admin sender sends. */
  async function freshNotifyPath(): Promise<(template: string, name: string) => string> {
    const { token, projectId } = integrationOwner
    const integration = await createIntegration(token, projectId, { name: 'Sweep', active: true })
    tokens = { ...tokens, alertKey: integration.token }
    const match = /^\/(.+)\/alerts\/notify\/([^/]+)\/([^/]+)\.json$/.exec(
      new URL(integration.url).pathname,
    )
    const values: Record<string, string> = {
      full_path: match?.[1] ?? '',
      name: match?.[2] ?? '',
      endpoint_identifier: match?.[3] ?? '',
    }
    return (template, name) => values[name] ?? firstPathValue(template, name)
  }

  it.each(ROUTES.map((route, index) => [`${route.method} ${route.path}`, route, index] as const))(
    '%s answers hostile input with a 4xx in GitLab style',
    async (_name, route, index) => {
      await fc.assert(
        fc.asyncProperty(
          fuzzCase(route, deletesSource(route) ? decoys : fixtures),
          async (generated) => {
            const fuzz = sparingSources(generated)
            const answer = await sendFuzzCase(baseUrl(), fuzz, await tokensFor(fuzz))
            tally.requests += 1
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
            if (answer.status >= 500) tally.serverErrors += 1
            const problem = problemWith(fuzz, answer)
            if (problem) throw new Error(problem)
          },
        ),
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE },
      )
    },
    Math.max(60_000, RUNS_PER_ROUTE * 3_000),
  )

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses NUL characters and oversized values in every parameter',
    async (_name, route) => {
      if (sweep.started === 0) sweep.started = Date.now()
      const cases = isNotifyRoute(route)
        ? notifyCases(route, await freshNotifyPath())
        : sweepCases(route, (template, name) =>
            deletesSource(route)
              ? (decoys.pathValues(template, name)[0] ?? firstPathValue(template, name))
              : firstPathValue(template, name),
          )
      const problems: string[] = []
      for (const sweepCase of cases) {
        const answer = await sendFuzzCase(
          baseUrl(),
          sweepCase.fuzz,
          await tokensFor(sweepCase.fuzz),
        )
        sweep.requests += 1
        if (answer.status >= 500) sweep.serverErrors += 1
        if (answer.status >= 200 && answer.status < 300) {
          sweep.accepted.set(sweepCase.variant, (sweep.accepted.get(sweepCase.variant) ?? 0) + 1)
          if (sweepCase.variant === 'huge-json') {
            sweep.hugeTaken.push(`${route.method} ${route.path} ${sweepCase.param}`)
          }
        }
        const problem = sweepProblem(route, sweepCase, answer)
        if (problem) problems.push(`${sweepCase.variant} ${sweepCase.param}: ${problem}`)
      }
      expect(problems).toEqual([])
    },
    120_000,
  )

  // Last: the fuzz's admin wrote to every route, but deleted only the decoys.
  it('leaves the victim user, the fixture project and the fixture group in place', async () => {
    const answer = async (path: string) =>
      (await fetch(`${baseUrl()}/api/v4${path}`, { headers: { 'PRIVATE-TOKEN': tokens.admin } }))
        .status
    expect({
      victim: await answer(`/users/${victimId}`),
      project: await answer(`/projects/${fixtureSources.projectId}`),
      group: await answer(`/groups/${fixtureSources.groupId}?with_projects=false`),
    }).toEqual({ victim: 200, project: 200, group: 200 })
  })
})
