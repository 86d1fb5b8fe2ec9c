import type { Caller } from '@suite/proto'
import type { MergeRequestRow } from './merge-request-access.js'
import {
  canAdminMergeRequest,
  canCreateMergeRequest,
  canCreateMilestone,
  canDeleteMergeRequest,
  canMergeMergeRequest,
  canRecheckMergeStatus,
  canUpdateMergeRequest,
} from './policy.js'

function caller(accessLevel: number, userId: number | undefined = 7, admin = false): Caller {
  return { userId, admin, scopes: ['api'], accessLevel }
}

const row = { author_id: 9 } as MergeRequestRow

describe('merge request policy', () => {
  it('update: Developer and up, the author or an assignee', () => {
    expect(canUpdateMergeRequest(caller(30), row)).toBe(true)
    expect(canUpdateMergeRequest(caller(20), row)).toBe(false)
    expect(canUpdateMergeRequest(caller(10, 9), row)).toBe(true)
    expect(canUpdateMergeRequest(caller(10, 7), row, [7])).toBe(true)
    expect(canUpdateMergeRequest(caller(0, 1, true), row)).toBe(true)
    expect(canUpdateMergeRequest({ ...caller(50), userId: undefined }, row)).toBe(false)
    expect(canUpdateMergeRequest(undefined, row)).toBe(false)
  })

  it('create, merge and metadata: Developer and up', () => {
    for (const can of [canCreateMergeRequest, canMergeMergeRequest, canAdminMergeRequest]) {
      expect(can(caller(30))).toBe(true)
      expect(can(caller(20))).toBe(false)
      expect(can(caller(0, 1, true))).toBe(true)
      expect(can(undefined)).toBe(false)
    }
  })

  it('delete: Owner or admin', () => {
    expect(canDeleteMergeRequest(caller(50))).toBe(true)
    expect(canDeleteMergeRequest(caller(40))).toBe(false)
    expect(canDeleteMergeRequest(caller(0, 1, true))).toBe(true)
  })

  it('milestones: Reporter and up', () => {
    expect(canCreateMilestone(caller(20))).toBe(true)
    expect(canCreateMilestone(caller(10))).toBe(false)
  })

  it('merge status recheck: anyone unless restricted, then Developer and up', () => {
    expect(canRecheckMergeStatus(caller(10), false)).toBe(true)
    expect(canRecheckMergeStatus(caller(10), true)).toBe(false)
    expect(canRecheckMergeStatus(caller(30), true)).toBe(true)
  })
})
