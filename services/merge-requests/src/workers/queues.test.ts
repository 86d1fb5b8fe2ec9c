import { mergeRequestJobId } from './queues.js'

describe('mergeRequestJobId', () => {
  it('is stable per request and kind, without the colon BullMQ refuses', () => {
    expect(mergeRequestJobId('diffs', 12)).toBe('diffs-12')
    expect(mergeRequestJobId('status', 12)).toBe('status-12')
    expect(mergeRequestJobId('diffs', 12)).not.toContain(':')
  })
})
