import { AccessLevel } from '@suite/proto'
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { approve, getApprovals, unapprove } from './approvals.js'
import { memberCaller, publicAbilities } from '../testing/test-callers.js'
import { testDeps, testProject } from '../testing/test-deps.js'
import type { MergeRequest } from './merge-request.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const DEVELOPER = memberCaller(60, AccessLevel.ACCESS_LEVEL_DEVELOPER)
const VISITOR = memberCaller(62, AccessLevel.ACCESS_LEVEL_NO_ACCESS, {
  abilities: publicAbilities(1),
})
const keyOf = (row: MergeRequest) => ({ projectId: row.targetProjectId, iid: row.iid })

describe('approvals (CE)', () => {
  it('approves once, lists the approver, and says the caller can no longer approve', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    const before = await getApprovals(deps, DEVELOPER, keyOf(row))
    expect(before).toMatchObject({ approvedBy: [], userHasApproved: false, userCanApprove: true })
    const after = await approve(deps, DEVELOPER, keyOf(row), undefined)
    expect(after.approvedBy.map((a) => a.userId)).toEqual([60])
    expect(after).toMatchObject({ userHasApproved: true, userCanApprove: false })
    expect(after.mergeRequest?.id).toBe(row.id)
  })

  it('answers 401 when the caller already approved', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    await approve(deps, DEVELOPER, keyOf(row), undefined)
    await expect(approve(deps, DEVELOPER, keyOf(row), undefined)).rejects.toBeInstanceOf(
      UnauthenticatedError,
    )
  })

  it('is 403 for a reporter who did not write it, and for a non-member who reads it', async () => {
    const row = await insertTestMergeRequest(test.db)
    const deps = testDeps(test.db)
    await expect(
      approve(deps, memberCaller(61, AccessLevel.ACCESS_LEVEL_REPORTER), keyOf(row), undefined),
    ).rejects.toBeInstanceOf(ForbiddenError)
    await expect(approve(deps, VISITOR, keyOf(row), undefined)).rejects.toBeInstanceOf(
      ForbiddenError,
    )
    expect(
      await getApprovals(deps, memberCaller(61, AccessLevel.ACCESS_LEVEL_REPORTER), keyOf(row)),
    ).toMatchObject({
      userCanApprove: false,
    })
  })

  it('lets the author approve as a member who reads it (a guest of a public project)', async () => {
    const row = await insertTestMergeRequest(test.db, { author_id: 63 })
    const guest = memberCaller(63, AccessLevel.ACCESS_LEVEL_GUEST, {
      abilities: { ...publicAbilities(1), accessLevel: AccessLevel.ACCESS_LEVEL_GUEST },
    })
    const deps = testDeps(test.db, { projects: [testProject(1, undefined)] })
    const answered = await approve(deps, guest, keyOf(row), undefined)
    expect(answered.userHasApproved).toBe(true)
    const archived = testDeps(test.db, {
      projects: [testProject(1, undefined, { archived: true })],
    })
    const other = await insertTestMergeRequest(test.db, { author_id: 63 })
    await expect(approve(archived, guest, keyOf(other), undefined)).rejects.toBeInstanceOf(
      ForbiddenError,
    )
  })

  it("is 409 when sha is not the request's head", async () => {
    const row = await insertTestMergeRequest(test.db)
    const error = await approve(testDeps(test.db), DEVELOPER, keyOf(row), 'deadbeef').catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ConflictError)
    expect((error as Error).message).toMatch(/^SHA does not match HEAD of source branch: /)
  })

  it('unapproves, then answers 404 when there is nothing to remove', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    await approve(deps, DEVELOPER, keyOf(row), undefined)
    expect(await unapprove(deps, DEVELOPER, keyOf(row))).toMatchObject({
      approvedBy: [],
      userHasApproved: false,
      userCanApprove: true,
    })
    await expect(unapprove(deps, DEVELOPER, keyOf(row))).rejects.toBeInstanceOf(NotFoundError)
  })
})
