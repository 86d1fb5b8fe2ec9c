import { AccessLevel, ProjectAbilities } from '@suite/proto'
import { ForbiddenError, PreconditionError } from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { memberCaller, publicAbilities, roleAbilities } from '../testing/test-callers.js'
import { FakeRepository, testDeps, testProject } from '../testing/test-deps.js'
import type { MergeRequestsDeps } from './ports.js'
import { createMergeRequest, type CreateMergeRequestInput } from './create-merge-request.js'

// Project 2 is a fork of the public project 1; project 3 is unrelated and
// public, project 4 unrelated and private (the caller holds nothing there). The
// fork's owner (user 5) is no member of the upstream: public access gives
// them create_merge_request_in there, as GitLab's ProjectPolicy does.
const UPSTREAM = 1
const FORK = 2
const OTHER = 3
const PRIVATE = 4
const forkOwner = memberCaller(5, AccessLevel.ACCESS_LEVEL_OWNER, { projectId: FORK })

let test: TestDatabase
let deps: MergeRequestsDeps

function create(given: Partial<CreateMergeRequestInput>) {
  return createMergeRequest(deps, {
    caller: forkOwner,
    projectId: FORK,
    sourceBranch: 'feature',
    targetBranch: 'main',
    title: 'From the fork',
    targetProjectId: UPSTREAM,
    attributes: undefined,
    idempotencyKey: '',
    ...given,
  })
}

function setUp(upstreamAbilities: ProjectAbilities) {
  const repository = new FakeRepository()
  for (const project of [UPSTREAM, FORK, OTHER]) repository.setHead(project, 'main', 'sha-main')
  repository.setHead(FORK, 'feature', 'sha-feature')
  deps = testDeps(test.db, {
    repository,
    projects: [
      testProject(UPSTREAM, upstreamAbilities, { visibility: 'public' }),
      testProject(FORK, roleAbilities(AccessLevel.ACCESS_LEVEL_OWNER, FORK), {
        forkedFromProjectId: UPSTREAM,
      }),
      testProject(
        OTHER,
        ProjectAbilities.fromPartial({ ...publicAbilities(OTHER), createMergeRequestIn: true }),
        { visibility: 'public' },
      ),
      testProject(PRIVATE, ProjectAbilities.fromPartial({ projectId: PRIVATE })),
    ],
  })
}

beforeAll(async () => {
  test = await createTestDatabase()
}, 60_000)

afterAll(async () => {
  await test.drop()
})

describe('merge requests from a fork into its upstream', () => {
  it('lands in the upstream with its iid, the fork as source; a same-named branch is fine', async () => {
    setUp(
      ProjectAbilities.fromPartial({ ...publicAbilities(UPSTREAM), createMergeRequestIn: true }),
    )
    const created = await create({})
    expect(created).toMatchObject({
      iid: 1,
      targetProjectId: UPSTREAM,
      sourceProjectId: FORK,
      sourceBranch: 'feature',
      targetBranch: 'main',
    })
    const row = await test.db
      .selectFrom('merge_requests')
      .select(['target_project_id', 'source_project_id', 'iid'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ target_project_id: UPSTREAM, source_project_id: FORK, iid: 1 })
    // The fork's main into the upstream's main: different projects, not the same branch.
    const sameName = await create({ sourceBranch: 'main' })
    expect(sameName).toMatchObject({ iid: 2, sourceBranch: 'main', targetBranch: 'main' })
    // Another open request for the same fork branch and target is a conflict.
    await expect(create({})).rejects.toThrow(
      'Another open merge request already exists for this source branch: !1',
    )
  })

  it('refuses without create_merge_request_in in the target (403), then a target that is not the upstream (422)', async () => {
    setUp(
      ProjectAbilities.fromPartial({ ...publicAbilities(UPSTREAM), createMergeRequestIn: false }),
    )
    const unrelated = create({ targetProjectId: OTHER })
    await expect(unrelated).rejects.toThrow(PreconditionError)
    await expect(unrelated).rejects.toThrow('Source project is not a fork of the target project')
    // An unrelated project the caller may not open requests in: 403, as GitLab.
    await expect(create({ targetProjectId: PRIVATE })).rejects.toThrow(ForbiddenError)
    await expect(create({ targetProjectId: 999 })).rejects.toThrow(ForbiddenError)
    await expect(create({})).rejects.toThrow(ForbiddenError)
    // Without create_merge_request_from in the fork (a Reporter there): 403 before anything else.
    const reporter = memberCaller(6, AccessLevel.ACCESS_LEVEL_REPORTER, { projectId: FORK })
    await expect(create({ caller: reporter, targetProjectId: OTHER })).rejects.toThrow(
      ForbiddenError,
    )
  })
})
