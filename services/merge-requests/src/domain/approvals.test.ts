import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../store/test-database.js'
import { insertTestMergeRequest } from '../store/test-merge-requests.js'
import { approve, getApprovals, unapprove } from './approvals.js'
import { caller, testDeps } from './collaboration-test-deps.js'
import type { MergeRequestRow } from './merge-request-access.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const DEVELOPER = caller(60, 30)
const keyOf = (row: MergeRequestRow) => ({ projectId: row.target_project_id, iid: row.iid })

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

  it('is 403 for a reporter who did not write it, and for a non-member', async () => {
    const row = await insertTestMergeRequest(test.db)
    const deps = testDeps(test.db)
    await expect(approve(deps, caller(61, 20), keyOf(row), undefined)).rejects.toBeInstanceOf(
      ForbiddenError,
    )
    await expect(approve(deps, caller(62, 0), keyOf(row), undefined)).rejects.toBeInstanceOf(
      ForbiddenError,
    )
    expect(await getApprovals(deps, caller(61, 20), keyOf(row))).toMatchObject({
      userCanApprove: false,
    })
  })

  it('lets the author approve as a member (update_merge_request)', async () => {
    const row = await insertTestMergeRequest(test.db, { author_id: 63 })
    const answered = await approve(testDeps(test.db), caller(63, 10), keyOf(row), undefined)
    expect(answered.userHasApproved).toBe(true)
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
