import { AccessLevel } from '@suite/proto'
import { ConflictError, ForbiddenError } from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { memberCaller, publicAbilities, roleAbilities } from '../testing/test-callers.js'
import { createTestDeps, FakeRepository, testProject, type TestDeps } from '../testing/test-deps.js'
import { REBASE_MESSAGES, requestRebase, runRebase } from './rebase.js'
import { rebaseQueue } from '../workers/queues.js'

const developer = memberCaller(7, AccessLevel.ACCESS_LEVEL_DEVELOPER)

describe('rebase (PUT .../rebase and its worker)', () => {
  let database: TestDatabase
  let repository: FakeRepository
  let test: TestDeps

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })
  beforeEach(() => {
    repository = new FakeRepository()
    const project = testProject(1, roleAbilities(AccessLevel.ACCESS_LEVEL_DEVELOPER))
    test = createTestDeps(database.db, { repository, projects: [project] })
  })
  afterEach(async () => {
    await test.close()
  })

  async function openRequest() {
    const row = await insertTestMergeRequest(database.db, {})
    repository.setHead(1, row.sourceBranch, 'head-1')
    repository.setHead(1, 'main', 'main-1')
    return row
  }

  const inProgress = async (id: number) =>
    (await test.deps.stores.mergeRequests.findById(id))?.rebaseInProgress

  it('queues one job per rebase, refuses a second while it runs (409), and clears it when done', async () => {
    const mr = await openRequest()
    const key = { projectId: 1, iid: mr.iid }
    expect(await requestRebase(test.deps, developer, key, true)).toBe(true)
    expect(await inProgress(mr.id)).toBe(true)
    await expect(requestRebase(test.deps, developer, key, false)).rejects.toThrow(
      new ConflictError(REBASE_MESSAGES.locked),
    )
    const jobs = await rebaseQueue(test.redis).getJobs(['waiting', 'delayed', 'prioritized'])
    expect(jobs.map((job) => [job.data.mergeRequestId, job.data.userId, job.data.skipCi])).toEqual([
      [mr.id, 7, true],
    ])
    const [job] = jobs
    expect(await runRebase(test.deps, job?.data ?? ({} as never))).toBe('rebased')
    expect(repository.rebases).toEqual([
      expect.objectContaining({
        projectId: 1,
        branch: mr.sourceBranch,
        expectedHead: 'head-1',
        ontoBranch: 'main',
        skipCi: true,
      }),
    ])
    expect(await inProgress(mr.id)).toBe(false)
    // A job that is no longer the request's does nothing.
    expect(await runRebase(test.deps, job?.data ?? ({} as never))).toBe('settled')
  })

  it('keeps merge_error when the repository refuses the rebase', async () => {
    const mr = await openRequest()
    repository.rebaseRefusal = 'conflict'
    await requestRebase(test.deps, developer, { projectId: 1, iid: mr.iid }, false)
    const [job] = await rebaseQueue(test.redis).getJobs(['waiting', 'delayed', 'prioritized'])
    expect(await runRebase(test.deps, job?.data ?? ({} as never))).toBe('failed')
    const after = await test.deps.stores.mergeRequests.findById(mr.id)
    expect([after?.rebaseInProgress, after?.mergeError]).toEqual([false, REBASE_MESSAGES.failed])
  })

  it('refuses who may not push or force-push to the source branch (403)', async () => {
    const mr = await openRequest()
    const key = { projectId: 1, iid: mr.iid }
    repository.branchAccess = { canPush: false, canForcePush: false }
    await expect(requestRebase(test.deps, developer, key, false)).rejects.toThrow(
      new ForbiddenError(REBASE_MESSAGES.cannotPush),
    )
    repository.branchAccess = { canPush: true, canForcePush: false }
    await expect(requestRebase(test.deps, developer, key, false)).rejects.toThrow(
      new ForbiddenError(REBASE_MESSAGES.forcePushProtected),
    )
    repository.setHead(1, mr.sourceBranch, undefined)
    await expect(requestRebase(test.deps, developer, key, false)).rejects.toThrow(
      new ForbiddenError(REBASE_MESSAGES.sourceMissing),
    )
    expect(await inProgress(mr.id)).toBe(false)
  })

  it("rebases a fork's branch in the fork onto the target's branch, for a collaborator when the request allows it", async () => {
    const fork = 2
    await test.close()
    test = createTestDeps(database.db, {
      repository,
      projects: [
        testProject(1, roleAbilities(AccessLevel.ACCESS_LEVEL_MAINTAINER)),
        testProject(fork, publicAbilities(fork)),
        testProject(3, publicAbilities(3), { visibility: 'internal' }),
      ],
    })
    const maintainer = memberCaller(7, AccessLevel.ACCESS_LEVEL_MAINTAINER)
    const open = async (allowCollaboration: boolean) => {
      const row = await insertTestMergeRequest(database.db, {
        source_project_id: fork,
        allow_collaboration: allowCollaboration,
      })
      repository.setHead(fork, row.sourceBranch, 'fork-head')
      repository.setHead(1, 'main', 'main-1')
      return row
    }
    // No push in the fork; merge rights in the target.
    repository.branchAccessIn.set(fork, {
      protected: false,
      canPush: false,
      canMerge: false,
      canForcePush: false,
    })
    repository.branchAccessIn.set(1, {
      protected: true,
      canPush: true,
      canMerge: true,
      canForcePush: false,
    })
    const closed = await open(false)
    await expect(
      requestRebase(test.deps, maintainer, { projectId: 1, iid: closed.iid }, false),
    ).rejects.toThrow(new ForbiddenError(REBASE_MESSAGES.cannotPush))

    const mr = await open(true)
    expect(await requestRebase(test.deps, maintainer, { projectId: 1, iid: mr.iid }, false)).toBe(
      true,
    )
    const [job] = await rebaseQueue(test.redis).getJobs(['waiting', 'delayed', 'prioritized'])
    expect(await runRebase(test.deps, job?.data ?? ({} as never))).toBe('rebased')
    expect(repository.rebases).toEqual([
      expect.objectContaining({
        projectId: fork,
        branch: mr.sourceBranch,
        expectedHead: 'fork-head',
        ontoProjectId: 1,
        ontoBranch: 'main',
        viaCollaboration: true,
      }),
    ])
    // An internal fork takes none either (GitLab's UserAccess).
    const internal = await insertTestMergeRequest(database.db, {
      source_project_id: 3,
      allow_collaboration: true,
    })
    repository.setHead(3, internal.sourceBranch, 'internal-head')
    repository.branchAccessIn.set(3, {
      protected: false,
      canPush: false,
      canMerge: false,
      canForcePush: false,
    })
    await expect(
      requestRebase(test.deps, maintainer, { projectId: 1, iid: internal.iid }, false),
    ).rejects.toThrow(new ForbiddenError(REBASE_MESSAGES.cannotPush))
    // A protected fork branch takes no collaborator.
    repository.branchAccessIn.set(fork, {
      protected: true,
      canPush: false,
      canMerge: false,
      canForcePush: false,
    })
    await expect(
      requestRebase(test.deps, maintainer, { projectId: 1, iid: mr.iid }, false),
    ).rejects.toThrow(new ForbiddenError(REBASE_MESSAGES.cannotPush))
  })
})
