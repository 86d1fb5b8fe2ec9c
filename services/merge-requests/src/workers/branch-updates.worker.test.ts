import { parseBranchUpdate } from './branch-updates.worker.js'
import { mergeRequestJobId } from './queues.js'

describe('parseBranchUpdate', () => {
  it('reads what the repository role publishes', () => {
    const update = { projectId: 3, branch: 'feature/x', before: 'a', after: 'b', userId: 7 }
    expect(parseBranchUpdate(update)).toEqual(update)
    expect(parseBranchUpdate({ ...update, userId: undefined })).toEqual({
      projectId: 3,
      branch: 'feature/x',
      before: 'a',
      after: 'b',
    })
  })

  it('refuses anything else', () => {
    expect(parseBranchUpdate(null)).toBeUndefined()
    expect(
      parseBranchUpdate({ projectId: 0, branch: 'x', before: 'a', after: 'b' }),
    ).toBeUndefined()
    expect(parseBranchUpdate({ projectId: 1, branch: '', before: 'a', after: 'b' })).toBeUndefined()
    expect(parseBranchUpdate({ projectId: 1, branch: 'x', before: 'a' })).toBeUndefined()
  })
})

describe('mergeRequestJobId', () => {
  it('is stable per request and kind, without the colon BullMQ refuses', () => {
    expect(mergeRequestJobId('diffs', 12)).toBe('diffs-12')
    expect(mergeRequestJobId('status', 12)).toBe('status-12')
    expect(mergeRequestJobId('diffs', 12)).not.toContain(':')
  })
})
