import { nextMergeStatus, planMergeStatusCheck } from './merge-status-rules.js'

describe('nextMergeStatus', () => {
  it('goes unchecked -> checking -> can_be_merged / cannot_be_merged', () => {
    const checking = nextMergeStatus('unchecked', 'check')
    expect(checking).toBe('checking')
    expect(nextMergeStatus(checking, 'mergeable')).toBe('can_be_merged')
    expect(nextMergeStatus(checking, 'unmergeable')).toBe('cannot_be_merged')
  })

  it('resets to unchecked after a push, or to cannot_be_merged_recheck from cannot_be_merged', () => {
    expect(nextMergeStatus('can_be_merged', 'reset')).toBe('unchecked')
    expect(nextMergeStatus('checking', 'reset')).toBe('unchecked')
    expect(nextMergeStatus('unchecked', 'reset')).toBe('unchecked')
    expect(nextMergeStatus('cannot_be_merged', 'reset')).toBe('cannot_be_merged_recheck')
    expect(nextMergeStatus('cannot_be_merged_recheck', 'reset')).toBe('cannot_be_merged_recheck')
  })

  it('rechecks a cannot_be_merged_recheck request through checking', () => {
    expect(nextMergeStatus('cannot_be_merged_recheck', 'check')).toBe('checking')
  })
})

describe('planMergeStatusCheck', () => {
  const checked = {
    mergeStatus: 'can_be_merged',
    mergeStatusSourceSha: 'a1',
    mergeStatusTargetSha: 'b1',
  }

  it('skips a settled status for the same heads', () => {
    expect(planMergeStatusCheck(checked, { source: 'a1', target: 'b1' })).toBe('unchanged')
    const unmergeable = { ...checked, mergeStatus: 'cannot_be_merged' }
    expect(planMergeStatusCheck(unmergeable, { source: 'a1', target: 'b1' })).toBe('unchanged')
  })

  it('checks again when a head moved or the status is pending', () => {
    expect(planMergeStatusCheck(checked, { source: 'a2', target: 'b1' })).toBe('check')
    expect(planMergeStatusCheck(checked, { source: 'a1', target: 'b2' })).toBe('check')
    const pending = { ...checked, mergeStatus: 'unchecked' }
    expect(planMergeStatusCheck(pending, { source: 'a1', target: 'b1' })).toBe('check')
    const stuck = { ...checked, mergeStatus: 'checking' }
    expect(planMergeStatusCheck(stuck, { source: 'a1', target: 'b1' })).toBe('check')
  })

  it('is broken when a branch is missing, once', () => {
    const pending = { ...checked, mergeStatus: 'unchecked' }
    expect(planMergeStatusCheck(pending, { source: undefined, target: 'b1' })).toBe('broken')
    expect(planMergeStatusCheck(pending, { source: 'a1', target: undefined })).toBe('broken')
    const broken = {
      mergeStatus: 'cannot_be_merged',
      mergeStatusSourceSha: null,
      mergeStatusTargetSha: 'b1',
    }
    expect(planMergeStatusCheck(broken, { source: undefined, target: 'b1' })).toBe('unchanged')
  })
})
