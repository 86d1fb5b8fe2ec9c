import { AccessLevel, Project, ProjectAccessFacts } from '@suite/proto'
import { projectAccessFactsRecorder } from '../store/project-access-facts.store.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { recordingProjects, type ProjectsRpc } from './recording-projects.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(async () => {
  await test.drop()
})

function project(id: number, version: number): Project {
  return Project.fromPartial({
    id,
    accessFacts: ProjectAccessFacts.fromPartial({
      projectId: id,
      groupIds: [3],
      readMergeRequest: { admin: true, memberMinLevel: AccessLevel.ACCESS_LEVEL_REPORTER },
      version,
    }),
  })
}

const versions = async () =>
  (
    await test.db
      .selectFrom('project_access_facts')
      .select(['project_id', 'version'])
      .orderBy('project_id')
      .execute()
  ).map((row) => [row.project_id, row.version])

describe('recordingProjects: every project answered feeds the access facts read model', () => {
  it('records getProject and batchGetProjects answers before handing them on', async () => {
    let answer = [project(51, 1), project(52, 1), Project.fromPartial({ id: 53 })]
    const client = {
      getProject: () => Promise.resolve({ project: answer[0] }),
      batchGetProjects: () => Promise.resolve({ projects: answer }),
    } as unknown as ProjectsRpc
    let saves = 0
    const recorder = projectAccessFactsRecorder(test.db)
    const projects = recordingProjects(client, async (facts) => {
      saves += facts.length
      await recorder(facts)
    })

    const { projects: got } = await projects.batchGetProjects({ ids: [51, 52, 53] })
    expect(got.map((p) => p.id)).toEqual([51, 52, 53])
    // 53 carries no facts: nothing to store for it.
    expect(await versions()).toEqual([
      [51, 1],
      [52, 1],
    ])
    answer = [project(51, 2)]
    await projects.getProject({
      caller: undefined,
      project: { id: 51 },
      includeLicense: false,
      skipRepository: true,
    })
    expect(await versions()).toEqual([
      [51, 2],
      [52, 1],
    ])
    expect(saves).toBe(3)
  })
})
