import { eventFilter, eventSort } from './event-filters.js'

describe('eventFilter', () => {
  it('keeps known actions and maps target types to class names', () => {
    expect(eventFilter({ action: 'pushed', targetType: 'merge_request' })).toEqual({
      action: 'pushed',
      targetType: 'MergeRequest',
    })
  })

  it('filters nothing for unknown actions and target types', () => {
    expect(eventFilter({ action: 'bogus', targetType: 'Epic' })).toEqual({})
  })

  it('reads before as the start of that day and after as the end of it (both exclusive)', () => {
    expect(eventFilter({ before: '2026-11-21', after: '2026-11-01' })).toEqual({
      createdBefore: new Date('2026-11-21T00:00:00.000Z'),
      createdFrom: new Date('2026-11-02T00:00:00.000Z'),
    })
  })

  it('ignores dates that are not YYYY-MM-DD', () => {
    expect(eventFilter({ before: '21/11/2026', after: 'yesterday' })).toEqual({})
  })
})

describe('eventSort', () => {
  it('is desc unless asc', () => {
    expect(eventSort('asc')).toBe('asc')
    expect(eventSort(undefined)).toBe('desc')
    expect(eventSort('sideways')).toBe('desc')
  })
})
