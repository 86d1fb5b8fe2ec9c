import { AccessLevel } from '@suite/proto'
import type { ProtectedBranch } from '../../domain/protected-branch.js'
import type { ProtectedRefActor } from '../../domain/protected-branch-policy.js'
import { protectionOf } from './branch-rules.js'

const PROJECT = 7

/** A member as the RPC layer hands them to the rules (rpc/from-proto.ts's pushActor). */
function member(accessLevel: AccessLevel, pushCode = true): ProtectedRefActor {
  return { admin: false, accessLevel, pushCode, pushToProtectedBranch: false }
}

function rule(name: string, pushAccessLevel: 0 | 30 | 40, mergeAccessLevel: 0 | 30 | 40) {
  const protectedBranch: ProtectedBranch = {
    id: 1,
    projectId: PROJECT,
    name,
    pushAccessLevel,
    mergeAccessLevel,
    unprotectAccessLevel: 40,
    allowForcePush: false,
    codeOwnerApprovalRequired: false,
  }
  return protectedBranch
}

const developer = member(AccessLevel.ACCESS_LEVEL_DEVELOPER)
const maintainer = member(AccessLevel.ACCESS_LEVEL_MAINTAINER)

describe('protectionOf: can_merge (MergeRequest#can_be_merged_by? for the target)', () => {
  it('lets who may push merge into an unprotected branch', () => {
    expect(protectionOf([], 'feature', developer).canMerge).toBe(true)
    const reporter = member(AccessLevel.ACCESS_LEVEL_REPORTER, false)
    expect(protectionOf([], 'feature', reporter).canMerge).toBe(false)
  })

  it("takes the rule's merge level on a protected branch", () => {
    const maintainersOnly = [rule('main', 40, 40)]
    expect(protectionOf(maintainersOnly, 'main', developer)).toMatchObject({
      protected: true,
      canMerge: false,
    })
    expect(protectionOf(maintainersOnly, 'main', maintainer).canMerge).toBe(true)
    const developersMerge = [rule('rel*', 40, 30)]
    expect(protectionOf(developersMerge, 'release', developer).canMerge).toBe(true)
  })

  it('lets who may push to the protected branch merge into it (can_update_branch?)', () => {
    expect(protectionOf([rule('main', 30, 0)], 'main', developer).canMerge).toBe(true)
    expect(protectionOf([rule('main', 0, 0)], 'main', maintainer).canMerge).toBe(false)
  })
})
