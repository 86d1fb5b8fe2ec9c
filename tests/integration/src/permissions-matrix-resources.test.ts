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
    await writeInternalNotes()
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
