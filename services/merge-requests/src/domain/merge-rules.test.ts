import { ConflictError, PreconditionError } from '@suite/runtime'
import { projectSettings } from '../testing/test-deps.js'
import type { MergeRequest } from './merge-request.js'
import { decideMerge, type MergeContext } from './merge-rules.js'

function context(overrides: Partial<MergeRequest> = {}, extra: Partial<MergeContext> = {}) {
  const mergeRequest = {
    id: 7,
    iid: 3,
    state: 'opened',
    draft: false,
    mergeStatus: 'can_be_merged',
    hasConflicts: false,
    mergeAfter: null,
    divergedCommitsCount: 0,
    approvalsBeforeMerge: null,
    ...overrides,
  } as MergeRequest
  const value: MergeContext = {
    mergeRequest,
    project: projectSettings({ mergeMethod: 'merge', squashOption: 'default_off' }),
    diff: { headSha: 'head1', baseSha: 'base1' },
    sourceBranchExists: true,
    blocked: false,
    approvals: 0,
    headPipelineStatus: undefined,
    now: new Date('2026-11-21T12:00:00Z'),
    ...extra,
  }
  return value
}

const merge = { autoMerge: false, sha: undefined }

function refusal(run: () => unknown): { kind: string; message: string; reason: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof PreconditionError || error instanceof ConflictError) {
      return { kind: error.kind, message: error.message, reason: error.reason }
    }
    throw error
  }
  throw new Error('no refusal')
}

const notAllowed = {
  kind: 'precondition',
  message: '405 Method Not Allowed',
  reason: 'method_not_allowed',
}
const cannotBeMerged = {
  kind: 'precondition',
  message: 'Branch cannot be merged',
  reason: 'unprocessable',
}

describe('decideMerge', () => {
  it('merges a mergeable request', () => {
    expect(decideMerge(context(), merge)).toBe('merge')
    expect(decideMerge(context(), { autoMerge: false, sha: 'head1' })).toBe('merge')
  })

  it('answers 405 for a request that is not open, a draft, blocked, without commits or not approved', () => {
    expect(refusal(() => decideMerge(context({ state: 'closed' }), merge))).toEqual(notAllowed)
    expect(refusal(() => decideMerge(context({ state: 'merged' }), merge))).toEqual(notAllowed)
    expect(refusal(() => decideMerge(context({ draft: true }), merge))).toEqual(notAllowed)
    expect(refusal(() => decideMerge(context({}, { blocked: true }), merge))).toEqual(notAllowed)
    expect(refusal(() => decideMerge(context({}, { diff: undefined }), merge))).toEqual(notAllowed)
    const gone = context({}, { sourceBranchExists: false })
    expect(refusal(() => decideMerge(gone, merge))).toEqual(notAllowed)
    const unapproved = context({ approvalsBeforeMerge: 1 })
    expect(refusal(() => decideMerge(unapproved, merge))).toEqual(notAllowed)
    const later = context({ mergeAfter: new Date('2026-12-01T00:00:00Z') })
    expect(refusal(() => decideMerge(later, merge))).toEqual(notAllowed)
  })

  it('answers 422 Branch cannot be merged for conflicts, a needed rebase or an unchecked status', () => {
    const conflicts = context({ mergeStatus: 'cannot_be_merged', hasConflicts: true })
    expect(refusal(() => decideMerge(conflicts, merge))).toEqual(cannotBeMerged)
    const behind = context(
      { divergedCommitsCount: 2 },
      { project: projectSettings({ mergeMethod: 'ff' }) },
    )
    expect(refusal(() => decideMerge(behind, merge))).toEqual(cannotBeMerged)
    expect(refusal(() => decideMerge(context({ mergeStatus: 'checking' }), merge))).toEqual(
      cannotBeMerged,
    )
  })

  it('checks 405 before 422, and both before the sha', () => {
    const draftWithConflicts = context({ draft: true, mergeStatus: 'cannot_be_merged' })
    expect(refusal(() => decideMerge(draftWithConflicts, { autoMerge: false, sha: 'x' }))).toEqual(
      notAllowed,
    )
    const conflicts = context({ mergeStatus: 'cannot_be_merged', hasConflicts: true })
    expect(refusal(() => decideMerge(conflicts, { autoMerge: false, sha: 'x' }))).toEqual(
      cannotBeMerged,
    )
  })

  it('answers 409 with the diff head when the sha does not match', () => {
    expect(refusal(() => decideMerge(context(), { autoMerge: false, sha: 'other' }))).toEqual({
      kind: 'conflict',
      message: 'SHA does not match HEAD of source branch: head1',
      reason: 'conflict',
    })
  })

  it('needs a successful pipeline when the project says so', () => {
    const project = projectSettings({
      mergeMethod: 'merge',
      flags: { only_allow_merge_if_pipeline_succeeds: true },
    })
    expect(refusal(() => decideMerge(context({}, { project }), merge))).toEqual(notAllowed)
    const passed = context({}, { project, headPipelineStatus: 'success' })
    expect(decideMerge(passed, merge)).toBe('merge')
  })

  it('needs every discussion resolved when the project says so (405 otherwise)', () => {
    const project = projectSettings({
      mergeMethod: 'merge',
      flags: { only_allow_merge_if_all_discussions_are_resolved: true },
    })
    const unresolved = context({}, { project, unresolvedNotes: true })
    expect(refusal(() => decideMerge(unresolved, merge))).toEqual(notAllowed)
    expect(decideMerge(context({}, { project, unresolvedNotes: false }), merge)).toBe('merge')
    // Without the setting an unresolved discussion does not hold the merge.
    expect(decideMerge(context({}, { unresolvedNotes: true }), merge)).toBe('merge')
  })

  describe('auto_merge', () => {
    const auto = { autoMerge: true, sha: undefined }

    it('is set while the head pipeline runs', () => {
      expect(decideMerge(context({}, { headPipelineStatus: 'running' }), auto)).toBe('auto_merge')
    })

    it('merges at once when the head pipeline succeeded', () => {
      expect(decideMerge(context({}, { headPipelineStatus: 'success' }), auto)).toBe('merge')
    })

    it('is set for a request that cannot be merged yet', () => {
      const conflicts = context({ mergeStatus: 'cannot_be_merged', hasConflicts: true })
      expect(decideMerge(conflicts, auto)).toBe('auto_merge')
    })

    it('is GitLab 405 for a request mergeable now without a running pipeline', () => {
      expect(refusal(() => decideMerge(context(), auto))).toEqual(notAllowed)
    })
  })
})
