import { pruneCutoff } from './event-prune.worker.js'

describe('pruneCutoff', () => {
  it('is three years before now', () => {
    expect(pruneCutoff(new Date('2026-11-21T03:00:00.000Z'))).toEqual(
      new Date('2023-11-21T03:00:00.000Z'),
    )
  })
})
