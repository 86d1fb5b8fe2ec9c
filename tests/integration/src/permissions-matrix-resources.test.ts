import { api } from './support/api'
import { createUserWithToken } from './support/factories'
import { inPool } from './support/pool'
import {
  buildGroup,
  buildProject,
  GROUP_SHAPES,
  groups,
  MEMBER_ROLES,
  mrBase,
  projects,
  readIds,
  shapeName,
  SHAPES,
  tokenOf,
  users,
  VISIBILITIES,
} from './support/resource-fixture'
import {
  expectedStatus,
  groupOracle,
  MATRIX_CALLERS,
  projectOracle,
} from './support/resource-oracle'
import {
  RESOURCE_ROUTES_ELSEWHERE,
  uncoveredOtherRoutes,
  uncoveredRoutes,
} from './support/resource-routes'
import { GROUP_ROWS, isRecord, PROJECT_ROWS } from './support/resource-rows'
import { gatewayRoutes } from './support/route-table'

/**
 * The resource permission matrix (issue 24): every resource a project or a
 * group returns — notes (internal ones too), discussions, alerts and their
 * integrations, pipelines, jobs, runners, hooks, commit statuses, repository
 * files, members, member roles, SAML identities — asked by every kind of
 * caller of a private, an internal and a public project (each with and
 * without public pipelines) and group, against GitLab's answer from
 * support/resource-oracle.ts; the rows are in support/resource-rows.ts, the
 * fixture in support/resource-fixture.ts. The last test checks that every GET
 * route of the gateway under /projects/:id and /groups/:id has a row there or
 * is named in support/resource-routes.ts (covered by permissions-matrix.test.ts,
 * or why not here), so a new resource cannot ship without one.
 */

interface Answer {
  status: number
  body: unknown
}

const answers = new Map<string, Answer>()

/** POST .../notes with internal: true by each signed-in caller, after every read. */
const writes = new Map<string, Answer>()

async function writeInternalNotes(): Promise<void> {
  const jobs = MATRIX_CALLERS.filter((caller) => caller.signedIn).flatMap((caller) =>
    projects
      .filter((f) => f.shape.publicBuilds)
      .map((f) => async () => {
        const res = await api(`${mrBase(f)}/notes`, {
          method: 'POST',
          token: tokenOf(caller),
          body: { body: `Marked internal by the ${caller.role}`, internal: true },
        })
        writes.set(keyOf(caller.role, f.shape.visibility), res)
      }),
  )
  await inPool(jobs, 8, (job) => job())
}

/** POST /projects/:id/issues by each signed-in caller (authorize! :create_issue). */
const issueWrites = new Map<string, Answer>()

async function createIssues(): Promise<void> {
  const jobs = MATRIX_CALLERS.filter((caller) => caller.signedIn).flatMap((caller) =>
    projects
      .filter((f) => f.shape.publicBuilds)
      .map((f) => async () => {
        const res = await api(`/projects/${f.project.id}/issues`, {
          method: 'POST',
          token: tokenOf(caller),
          body: { title: `Opened by the ${caller.role}`, confidential: true },
        })
        issueWrites.set(keyOf(caller.role, f.shape.visibility), res)
      }),
  )
  await inPool(jobs, 8, (job) => job())
}

/** POST .../issues/:issue_iid/notes on the confidential issue by each signed-in caller. */
const issueNoteWrites = new Map<string, Answer>()

async function writeConfidentialIssueNotes(): Promise<void> {
  const jobs = MATRIX_CALLERS.filter((caller) => caller.signedIn).flatMap((caller) =>
    projects
      .filter((f) => f.shape.publicBuilds)
      .map((f) => async () => {
        const res = await api(`/projects/${f.project.id}/issues/${f.confidentialIssueIid}/notes`, {
          method: 'POST',
          token: tokenOf(caller),
          body: { body: `Commented by the ${caller.role}` },
        })
        issueNoteWrites.set(keyOf(caller.role, f.shape.visibility), res)
      }),
  )
  await inPool(jobs, 8, (job) => job())
}

/**
 * POST .../issues/:issue_iid/subscribe then /unsubscribe by every caller, on the
 * plain issue and (subscribe only) the confidential one, before anyone but the
 * owner comments on them: the owner wrote both, so is subscribed already (304).
 */
const subscriptionWrites = new Map<string, Answer>()

async function writeIssueSubscriptions(): Promise<void> {
  const jobs = MATRIX_CALLERS.flatMap((caller) =>
    projects
      .filter((f) => f.shape.publicBuilds)
      .map((f) => async () => {
        const token = caller.signedIn ? tokenOf(caller) : undefined
        const send = async (iid: number, action: string) =>
          api(`/projects/${f.project.id}/issues/${iid}/${action}`, { method: 'POST', token })
        const at = (what: string) => keyOf(caller.role, f.shape.visibility, what)
        subscriptionWrites.set(at('subscribe'), await send(f.issueIid, 'subscribe'))
        subscriptionWrites.set(at('unsubscribe'), await send(f.issueIid, 'unsubscribe'))
        subscriptionWrites.set(at('confidential'), await send(f.confidentialIssueIid, 'subscribe'))
        // Time tracking: admin_issue after find_project_issue; a second project-wide
        // write of each caller lands on the plain issue, never on the confidential one.
        const spent = await api(`/projects/${f.project.id}/issues/${f.issueIid}/add_spent_time`, {
          method: 'POST',
          token,
          body: { duration: '1h' },
        })
        subscriptionWrites.set(at('add_spent_time'), spent)
      }),
  )
  await inPool(jobs, 8, (job) => job())
}

const keyOf = (...parts: string[]): string => parts.join(' | ')
const rowName = (row: { route: string; variant?: string }): string =>
  row.variant ? `GET ${row.route} (${row.variant})` : `GET ${row.route}`

async function runMatrix(): Promise<void> {
  const jobs: (() => Promise<void>)[] = []
  for (const caller of MATRIX_CALLERS) {
    const token = tokenOf(caller)
    for (const f of projects) {
      for (const row of PROJECT_ROWS) {
        jobs.push(async () => {
          const res = await api(row.path(f), { token })
          answers.set(keyOf(caller.role, shapeName(f.shape), rowName(row)), res)
        })
      }
    }
    for (const g of groups) {
      for (const row of GROUP_ROWS.filter((r) => g.topLevel || r.topLevelOnly !== true)) {
        jobs.push(async () => {
          const res = await api(row.path(g), { token })
          answers.set(keyOf(caller.role, g.name, rowName(row)), res)
        })
      }
    }
  }
  await inPool(jobs, 8, (job) => job())
}

function answerFor(...parts: string[]): Answer {
  const answer = answers.get(keyOf(...parts))
  if (!answer) throw new Error(`no answer for ${keyOf(...parts)}`)
  return answer
}

describe('resource permission matrix', () => {
  beforeAll(async () => {
    const roles = ['owner', 'non-member', ...MEMBER_ROLES.map(([role]) => role)]
    const created = await Promise.all(
      roles.map(async (role) => [role, await createUserWithToken()] as const),
    )
    for (const [role, user] of created) users.set(role, user)
    projects.push(...(await inPool(SHAPES, 3, (shape) => buildProject(shape))))
    await inPool(projects, 3, (f) => readIds(f))
    for (const shape of GROUP_SHAPES) groups.push(await buildGroup(shape))
    await runMatrix()
    await writeIssueSubscriptions()
    await writeInternalNotes()
    await createIssues()
    await writeConfidentialIssueNotes()
  }, 600_000)

  describe.each(MATRIX_CALLERS.map((caller) => [caller.role, caller] as const))(
    '%s',
    (_role, caller) => {
      describe.each(SHAPES.map((shape) => [shapeName(shape), shape] as const))(
        '%s',
        (name, shape) => {
          it.each(PROJECT_ROWS.map((row) => [rowName(row), row] as const))(
            '%s',
            (rowLabel, row) => {
              const f = projects.find((candidate) => candidate.shape === shape)
              if (!f) throw new Error(`no fixture for ${name}`)
              const a = projectOracle(caller, shape)
              const expected = expectedStatus(row, caller.signedIn, a.readProject, row.allowed(a))
              const answer = answerFor(caller.role, name, rowLabel)
              expect(answer.status).toBe(expected)
              if (expected === 200 && row.content)
                expect(row.content(answer.body, f, a)).toEqual([])
            },
          )
        },
      )

      describe.each(GROUP_SHAPES.map((shape) => [shape.name, shape] as const))(
        '%s',
        (name, shape) => {
          const rows = GROUP_ROWS.filter((row) => shape.topLevel || row.topLevelOnly !== true)
          it.each(rows.map((row) => [rowName(row), row] as const))('%s', (rowLabel, row) => {
            // A subgroup's members and their levels are the parent's (inherited).
            const a = groupOracle(caller, shape.visibility)
            const expected = expectedStatus(row, caller.signedIn, a.readGroup, row.allowed(a))
            expect(answerFor(caller.role, name, rowLabel).status).toBe(expected)
          })
        },
      )

      // API::Subscriptions on issues: authenticate!, then find_project_issue (404), then
      // 304 when nothing changes (the owner wrote both issues, so follows them already).
      it.each(VISIBILITIES)(
        'POST /projects/:id/issues/:issue_iid/subscribe and /unsubscribe (%s project)',
        (visibility) => {
          const a = projectOracle(caller, { visibility, publicBuilds: true })
          const seen = (what: string) => {
            const answer = subscriptionWrites.get(keyOf(caller.role, visibility, what))
            return [what, answer?.status]
          }
          const author = caller.role === 'owner'
          const readable = a.readIssue
          const readsSecret = a.readIssue && a.readConfidentialIssues
          const status = (ok: boolean, subscribed: boolean) =>
            !caller.signedIn ? 401 : !ok ? 404 : subscribed ? 304 : 201
          expect([seen('subscribe'), seen('unsubscribe'), seen('confidential')]).toEqual([
            ['subscribe', status(readable, author)],
            // After a subscribe (or the author's participation) there is something to undo.
            ['unsubscribe', !caller.signedIn ? 401 : readable ? 201 : 404],
            ['confidential', status(readsSecret, author)],
          ])
        },
      )

      // TimeTrackingEndpoints on issues: authenticate!, find_project_issue (404), admin_issue (403).
      it.each(VISIBILITIES)(
        'POST /projects/:id/issues/:issue_iid/add_spent_time (%s project)',
        (visibility) => {
          const a = projectOracle(caller, { visibility, publicBuilds: true })
          const answer = subscriptionWrites.get(keyOf(caller.role, visibility, 'add_spent_time'))
          const expected = !caller.signedIn ? 401 : !a.readIssue ? 404 : a.adminIssue ? 201 : 403
          expect(answer?.status).toBe(expected)
          if (expected === 201) expect(answer?.body).toMatchObject({ time_estimate: 0 })
        },
      )

      if (caller.signedIn) {
        // Notes::BuildService: internal: true counts only with mark_note_as_internal.
        it.each(VISIBILITIES)('POST .../notes with internal: true (%s project)', (visibility) => {
          const a = projectOracle(caller, { visibility, publicBuilds: true })
          const answer = writes.get(keyOf(caller.role, visibility))
          const seen = answer && {
            status: answer.status,
            internal: isRecord(answer.body) ? answer.body.internal : undefined,
          }
          if (!a.readMergeRequest) expect(seen?.status).toBe(404)
          else expect(seen).toEqual({ status: 201, internal: a.readInternalNote })
        })

        // A caller who may create an issue may read their own confidential issue.
        it.each(VISIBILITIES)('POST /projects/:id/issues (%s project)', (visibility) => {
          const a = projectOracle(caller, { visibility, publicBuilds: true })
          const answer = issueWrites.get(keyOf(caller.role, visibility))
          const expected = !a.readProject ? 404 : a.createIssue ? 201 : 403
          expect(answer?.status).toBe(expected)
          if (expected === 201) expect(answer?.body).toMatchObject({ confidential: true })
        })

        // create_note on a confidential issue: find_project_issue first (404), then create_note.
        it.each(VISIBILITIES)(
          'POST /projects/:id/issues/:issue_iid/notes (a confidential issue, %s project)',
          (visibility) => {
            const a = projectOracle(caller, { visibility, publicBuilds: true })
            const answer = issueNoteWrites.get(keyOf(caller.role, visibility))
            const expected = a.readIssue && a.readConfidentialIssues ? 201 : 404
            expect(answer?.status).toBe(expected)
            if (expected === 201) expect(answer?.body).toMatchObject({ noteable_type: 'Issue' })
          },
        )
      }
    },
  )

  it('has a row for every GET route of a project or group resource', () => {
    const rows = [...PROJECT_ROWS, ...GROUP_ROWS].map((row) => row.route)
    expect(uncoveredRoutes(gatewayRoutes(), [...rows, ...RESOURCE_ROUTES_ELSEWHERE])).toEqual([])
  })

  it('names every other GET route of the API with where its callers are checked', () => {
    expect(uncoveredOtherRoutes(gatewayRoutes())).toEqual([])
  })
})
