import { AccessLevel, ProjectAbilities } from '@suite/proto'
import { ForbiddenError, NotFoundError } from '@suite/runtime'
import { memberCaller, publicAbilities } from '../testing/test-callers.js'
import type { Caller } from './caller.js'
import {
  canAdminMergeRequest,
  canApproveMergeRequest,
  canAwardEmoji,
  canCreateMergeRequest,
  canCreatePipeline,
  canDeleteMergeRequest,
  canMergeMergeRequest,
  canReadPipelines,
  canRecheckMergeStatus,
  canReopenMergeRequest,
  canUpdateMergeRequest,
  requireAdminMilestone,
  requireReadLabel,
  requireReadMergeRequest,
  requireReadMilestone,
  type MergeRequestSubject,
} from './policy.js'

const { ACCESS_LEVEL_NO_ACCESS, ACCESS_LEVEL_GUEST, ACCESS_LEVEL_REPORTER } = AccessLevel
const { ACCESS_LEVEL_DEVELOPER, ACCESS_LEVEL_MAINTAINER, ACCESS_LEVEL_OWNER } = AccessLevel

const row: MergeRequestSubject = {
  targetProjectId: 1,
  targetBranch: 'feature-base',
  authorId: 9,
  discussionLocked: null,
}
const open = { assigneeIds: [] as number[], projectArchived: false }

const member = (level: AccessLevel, userId = 7) => memberCaller(userId, level)
const withAbilities = (values: Partial<ProjectAbilities>, userId = 7): Caller =>
  memberCaller(userId, ACCESS_LEVEL_NO_ACCESS, {
    abilities: ProjectAbilities.fromPartial({ projectId: 1, ...values }),
  })
const anonymous: Caller = { ...memberCaller(0, ACCESS_LEVEL_NO_ACCESS), userId: undefined }

describe('the caller must bring abilities for the project acted on', () => {
  it('is 403 without them or with another project’s, 404 Project when unreadable', () => {
    expect(() => requireReadMergeRequest(undefined, 1)).toThrow(ForbiddenError)
    expect(() =>
      requireReadMergeRequest({ ...member(ACCESS_LEVEL_OWNER), project: undefined }, 1),
    ).toThrow(ForbiddenError)
    expect(() =>
      requireReadMergeRequest(memberCaller(7, ACCESS_LEVEL_OWNER, { projectId: 2 }), 1),
    ).toThrow(ForbiddenError)
    expect(() => requireReadMergeRequest(member(ACCESS_LEVEL_NO_ACCESS), 1)).toThrow(
      new NotFoundError('Project'),
    )
  })

  it('reads with read_merge_request (Reporter in a private project, anyone in a public one)', () => {
    expect(() => requireReadMergeRequest(member(ACCESS_LEVEL_GUEST), 1)).toThrow(ForbiddenError)
    expect(requireReadMergeRequest(member(ACCESS_LEVEL_REPORTER), 1).projectId).toBe(1)
    const visitor = memberCaller(7, ACCESS_LEVEL_NO_ACCESS, { abilities: publicAbilities(1) })
    expect(requireReadMergeRequest(visitor, 1).readMergeRequest).toBe(true)
    // Whatever the level says, only the ability counts.
    expect(() =>
      requireReadMergeRequest(
        withAbilities({ readProject: true, accessLevel: ACCESS_LEVEL_OWNER }),
        1,
      ),
    ).toThrow(ForbiddenError)
  })
})

describe('update and reopen: the ability, or read_merge_request for the author or an assignee', () => {
  it('follows update_merge_request', () => {
    expect(canUpdateMergeRequest(member(ACCESS_LEVEL_DEVELOPER), row, open)).toBe(true)
    expect(canUpdateMergeRequest(member(ACCESS_LEVEL_REPORTER), row, open)).toBe(false)
    expect(canUpdateMergeRequest(undefined, row, open)).toBe(false)
    const elsewhere = memberCaller(7, ACCESS_LEVEL_OWNER, { projectId: 2 })
    expect(canUpdateMergeRequest(elsewhere, row, open)).toBe(false)
  })

  it('lets the author and assignees who can read it update it, unless archived', () => {
    expect(canUpdateMergeRequest(member(ACCESS_LEVEL_REPORTER, 9), row, open)).toBe(true)
    const assigned = { ...open, assigneeIds: [7] }
    expect(canUpdateMergeRequest(member(ACCESS_LEVEL_REPORTER), row, assigned)).toBe(true)
    // A guest of a private project cannot read it, author or not.
    expect(canUpdateMergeRequest(member(ACCESS_LEVEL_GUEST, 9), row, open)).toBe(false)
    const archived = { ...open, projectArchived: true }
    expect(canUpdateMergeRequest(member(ACCESS_LEVEL_REPORTER, 9), row, archived)).toBe(false)
    expect(canUpdateMergeRequest({ ...anonymous, userId: 0 }, row, open)).toBe(false)
  })

  it('never reopens a locked discussion', () => {
    const locked = { ...row, discussionLocked: true }
    expect(canReopenMergeRequest(member(ACCESS_LEVEL_DEVELOPER), row, open)).toBe(true)
    expect(canReopenMergeRequest(member(ACCESS_LEVEL_MAINTAINER), locked, open)).toBe(false)
  })

  it('approves with update and a membership (CE)', () => {
    expect(canApproveMergeRequest(member(ACCESS_LEVEL_DEVELOPER), row, open)).toBe(true)
    const visitor = memberCaller(9, ACCESS_LEVEL_NO_ACCESS, { abilities: publicAbilities(1) })
    expect(canUpdateMergeRequest(visitor, row, open)).toBe(true)
    expect(canApproveMergeRequest(visitor, row, open)).toBe(false)
  })

  it('approves with admin_merge_request alone: a Guest whose custom role switches it on', () => {
    const guestWithRole = withAbilities({
      accessLevel: ACCESS_LEVEL_GUEST,
      readProject: true,
      readMergeRequest: true,
      adminMergeRequest: true,
    })
    expect(canUpdateMergeRequest(guestWithRole, row, open)).toBe(false)
    expect(canApproveMergeRequest(guestWithRole, row, open)).toBe(true)
    const plainGuest = withAbilities({
      accessLevel: ACCESS_LEVEL_GUEST,
      readProject: true,
      readMergeRequest: true,
    })
    expect(canApproveMergeRequest(plainGuest, row, open)).toBe(false)
  })
})

describe('abilities read as handed in', () => {
  it.each([
    [ACCESS_LEVEL_REPORTER, false, false, false],
    [ACCESS_LEVEL_DEVELOPER, true, true, false],
    [ACCESS_LEVEL_OWNER, true, true, true],
  ])('level %s: create %s, admin %s, delete %s', (level, create, admin, destroy) => {
    expect(canCreateMergeRequest(member(level), 1)).toBe(create)
    expect(canAdminMergeRequest(member(level), 1)).toBe(admin)
    expect(canDeleteMergeRequest(member(level), 1)).toBe(destroy)
    expect(canCreatePipeline(member(level), 1)).toBe(create)
  })

  it('needs both create_merge_request_in and _from, and a signed-in caller', () => {
    expect(canCreateMergeRequest(withAbilities({ createMergeRequestIn: true }), 1)).toBe(false)
    const both = { createMergeRequestIn: true, createMergeRequestFrom: true }
    expect(canCreateMergeRequest(withAbilities(both), 1)).toBe(true)
    expect(canCreateMergeRequest({ ...withAbilities(both), userId: undefined }, 1)).toBe(false)
  })

  it('milestones, labels and pipelines', () => {
    expect(() => requireAdminMilestone(member(ACCESS_LEVEL_GUEST), 1)).toThrow(ForbiddenError)
    expect(() => requireAdminMilestone(member(ACCESS_LEVEL_REPORTER), 1)).not.toThrow()
    expect(() => requireReadMilestone(member(ACCESS_LEVEL_GUEST), 1)).not.toThrow()
    expect(() => requireReadLabel(member(ACCESS_LEVEL_GUEST), 1)).not.toThrow()
    expect(() => requireReadLabel(withAbilities({ readProject: true }), 1)).toThrow(ForbiddenError)
    expect(canReadPipelines(member(ACCESS_LEVEL_GUEST), 1)).toBe(false)
    expect(canReadPipelines(member(ACCESS_LEVEL_REPORTER), 1)).toBe(true)
  })

  it('rechecks merge status when unrestricted, or in a project the caller may update', () => {
    expect(canRecheckMergeStatus(member(ACCESS_LEVEL_GUEST), 1, false)).toBe(true)
    expect(canRecheckMergeStatus(member(ACCESS_LEVEL_REPORTER), 1, true)).toBe(false)
    expect(canRecheckMergeStatus(member(ACCESS_LEVEL_DEVELOPER), 1, true)).toBe(true)
    expect(canRecheckMergeStatus(member(ACCESS_LEVEL_DEVELOPER), undefined, true)).toBe(false)
  })
})

describe('merge: can_be_merged_by?', () => {
  const intoDefault = { ...row, targetBranch: 'main' }

  it('lets developers and up merge into any branch, the default one included', () => {
    expect(canMergeMergeRequest(member(ACCESS_LEVEL_DEVELOPER), row, true)).toBe(true)
    expect(canMergeMergeRequest(member(ACCESS_LEVEL_DEVELOPER), intoDefault, true)).toBe(true)
    expect(canMergeMergeRequest(member(ACCESS_LEVEL_MAINTAINER), intoDefault, true)).toBe(true)
    expect(canMergeMergeRequest(member(ACCESS_LEVEL_REPORTER), row, true)).toBe(false)
    expect(canMergeMergeRequest(member(ACCESS_LEVEL_GUEST), intoDefault, true)).toBe(false)
  })

  it('needs read_merge_request, push_code and a signed-in caller', () => {
    const pushOnly = { pushCode: true, pushToProtectedBranch: true }
    expect(canMergeMergeRequest(withAbilities(pushOnly), row, true)).toBe(false)
    const all = { ...pushOnly, readMergeRequest: true }
    expect(canMergeMergeRequest(withAbilities(all), row, true)).toBe(true)
    expect(canMergeMergeRequest({ ...withAbilities(all), userId: undefined }, row, true)).toBe(
      false,
    )
    const archived = { readMergeRequest: true, pushToProtectedBranch: true }
    expect(canMergeMergeRequest(withAbilities(archived), row, true)).toBe(false)
  })

  it("follows the target branch's protection rules as the projects service answered them", () => {
    // A Developer on a Maintainers-merge protected branch: Branch.can_merge false.
    expect(canMergeMergeRequest(member(ACCESS_LEVEL_DEVELOPER), intoDefault, false)).toBe(false)
    expect(canMergeMergeRequest(member(ACCESS_LEVEL_MAINTAINER), intoDefault, false)).toBe(false)
    // The rules never lift the project abilities.
    expect(canMergeMergeRequest(member(ACCESS_LEVEL_REPORTER), intoDefault, true)).toBe(false)
  })
})

describe('award emoji: the ability, and a locked discussion keeps non-members out', () => {
  const locked = { ...row, discussionLocked: true }
  const visitor = memberCaller(7, ACCESS_LEVEL_NO_ACCESS, { abilities: publicAbilities(1) })

  it('applies', () => {
    expect(canAwardEmoji(visitor, row)).toBe(true)
    expect(canAwardEmoji(visitor, locked)).toBe(false)
    expect(canAwardEmoji(member(ACCESS_LEVEL_GUEST), locked)).toBe(true)
    expect(canAwardEmoji({ ...visitor, userId: undefined }, row)).toBe(false)
    expect(canAwardEmoji(withAbilities({ readMergeRequest: true }), row)).toBe(false)
  })
})
