import { ciCheck, detailedMergeStatus, type MergeabilityFacts } from './detailed-merge-status.js'

const now = new Date('2026-11-21T12:00:00Z')
const mergeable: MergeabilityFacts = {
  state: 'opened',
  draft: false,
  mergeStatus: 'can_be_merged',
  hasConflicts: false,
  mergeAfter: null,
  mergeMethod: 'merge',
  divergedCommitsCount: 0,
  hasNoCommits: false,
  blocked: false,
  approvalsRequired: 0,
  approvalsGiven: 0,
  now,
}

function status(facts: Partial<MergeabilityFacts>): string {
  return detailedMergeStatus({ ...mergeable, ...facts })
}

describe('detailedMergeStatus: DetailedMergeStatusService', () => {
  it('is mergeable when every check passes', () => {
    expect(status({})).toBe('mergeable')
  })

  it('reports transient merge statuses before any check', () => {
    expect(status({ mergeStatus: 'unchecked' })).toBe('unchecked')
    expect(status({ mergeStatus: 'unchecked', state: 'closed' })).toBe('not_open')
    expect(status({ mergeStatus: 'checking', draft: true })).toBe('checking')
    expect(status({ mergeStatus: 'cannot_be_merged_recheck' })).toBe('checking')
    expect(status({ mergeStatus: 'preparing' })).toBe('preparing')
  })

  it('runs the checks in GitLab order', () => {
    const everything = {
      state: 'closed',
      draft: true,
      hasConflicts: true,
      blocked: true,
      mergeMethod: 'ff',
      divergedCommitsCount: 2,
      hasNoCommits: true,
      approvalsRequired: 1,
      mergeAfter: new Date('2026-12-01T00:00:00Z'),
    }
    expect(status(everything)).toBe('not_open')
    expect(status({ ...everything, state: 'opened' })).toBe('merge_time')
    expect(status({ ...everything, state: 'opened', mergeAfter: null })).toBe('draft_status')
    expect(status({ ...everything, state: 'opened', mergeAfter: null, draft: false })).toBe(
      'commits_status',
    )
    const rest = {
      ...everything,
      state: 'opened',
      mergeAfter: null,
      draft: false,
      hasNoCommits: false,
    }
    expect(status(rest)).toBe('not_approved')
    expect(status({ ...rest, approvalsGiven: 1 })).toBe('merge_request_blocked')
    expect(status({ ...rest, approvalsGiven: 1, blocked: false })).toBe('conflict')
    expect(status({ ...rest, approvalsGiven: 1, blocked: false, hasConflicts: false })).toBe(
      'need_rebase',
    )
  })

  it('asks for a rebase only for fast-forward and rebase-merge projects', () => {
    expect(status({ mergeMethod: 'merge', divergedCommitsCount: 3 })).toBe('mergeable')
    expect(status({ mergeMethod: 'rebase_merge', divergedCommitsCount: 3 })).toBe('need_rebase')
  })

  it('treats cannot_be_merged as a conflict and a past merge_after as no obstacle', () => {
    expect(status({ mergeStatus: 'cannot_be_merged' })).toBe('conflict')
    expect(status({ mergeAfter: new Date('2026-01-01T00:00:00Z') })).toBe('mergeable')
  })

  it('reports unresolved discussions after the commits check, before approvals', () => {
    expect(status({ discussionsUnresolved: true })).toBe('discussions_not_resolved')
    expect(status({ discussionsUnresolved: true, hasNoCommits: true })).toBe('commits_status')
    expect(status({ discussionsUnresolved: true, approvalsRequired: 1 })).toBe(
      'discussions_not_resolved',
    )
  })
})

describe('ciCheck: CheckCiStatusService as the detailed status names it', () => {
  const strict = { only_allow_merge_if_pipeline_succeeds: true }

  it('passes without only_allow_merge_if_pipeline_succeeds, whatever the pipeline', () => {
    expect([ciCheck({}, undefined), ciCheck({}, 'failed'), ciCheck({}, 'running')]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })

  it('needs a successful diff head pipeline; still running while it is active', () => {
    expect(ciCheck(strict, 'success')).toBeUndefined()
    for (const active of ['pending', 'running', 'preparing', 'waiting_for_resource']) {
      expect(ciCheck(strict, active)).toBe('ci_still_running')
    }
    for (const other of [undefined, 'failed', 'canceled', 'created', 'manual', 'skipped']) {
      expect(ciCheck(strict, other)).toBe('ci_must_pass')
    }
  })

  it('accepts a skipped pipeline only where allow_merge_on_skipped_pipeline', () => {
    expect(ciCheck({ ...strict, allow_merge_on_skipped_pipeline: true }, 'skipped')).toBeUndefined()
  })

  it('comes after every other check', () => {
    expect(status({ ciFailure: 'ci_still_running' })).toBe('ci_still_running')
    expect(status({ ciFailure: 'ci_must_pass', draft: true })).toBe('draft_status')
    expect(status({ ciFailure: 'ci_must_pass', mergeStatus: 'unchecked' })).toBe('unchecked')
  })
})
