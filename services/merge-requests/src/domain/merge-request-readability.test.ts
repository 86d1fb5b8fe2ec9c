import { AccessLevel } from '@suite/proto'
import type { TestDatabase } from '../testing/test-database.js'
import { memberCaller, publicAbilities, roleAbilities } from '../testing/test-callers.js'
import { testDeps, testProject } from '../testing/test-deps.js'
import { readableMergeRequestProjects } from './merge-request-readability.js'

describe('readableMergeRequestProjects: read_merge_request as the projects service answers it', () => {
  const { ACCESS_LEVEL_DEVELOPER, ACCESS_LEVEL_GUEST, ACCESS_LEVEL_REPORTER } = AccessLevel

  it('takes the current project from the caller and asks for each other one once', async () => {
    const asked: Array<{ id: number; project: unknown }> = []
    const deps = testDeps({} as TestDatabase['db'], {
      projects: [
        testProject(2, publicAbilities(2), { visibility: 'public' }),
        testProject(3, roleAbilities(ACCESS_LEVEL_GUEST, 3)),
        testProject(5, roleAbilities(ACCESS_LEVEL_REPORTER, 5)),
      ],
    })
    const projects = deps.ports.projects
    const canRead = projects.canReadMergeRequests.bind(projects)
    projects.canReadMergeRequests = (caller, projectId) => {
      asked.push({ id: projectId, project: caller?.project })
      return canRead(caller, projectId)
    }
    const readable = await readableMergeRequestProjects(
      deps,
      memberCaller(1, ACCESS_LEVEL_DEVELOPER),
      [1, 2, 3, 4, 5, 2],
      1,
    )
    expect([...readable].sort()).toEqual([1, 2, 5])
    // 4 answers NOT_FOUND; the current project's abilities are not sent along.
    expect(asked.map((call) => call.id).sort()).toEqual([2, 3, 4, 5])
    expect(asked.every((call) => call.project === undefined)).toBe(true)
  })

  it('leaves the current project out when the caller cannot read its merge requests', async () => {
    const deps = testDeps({} as TestDatabase['db'])
    const readable = await readableMergeRequestProjects(
      deps,
      memberCaller(1, ACCESS_LEVEL_GUEST),
      [1],
      1,
    )
    expect([...readable]).toEqual([])
  })
})
