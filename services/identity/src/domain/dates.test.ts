import { isIsoDate, normalizeDate, toIsoDate, utcToday } from './dates.js'

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true)
    expect(isIsoDate('2023-02-29')).toBe(false)
    expect(isIsoDate('2024-2-1')).toBe(false)
  })

  it('takes the date of a timestamp', () => {
    expect(toIsoDate('2024-05-01T10:00:00Z')).toBe('2024-05-01')
    expect(toIsoDate('2024-05-01')).toBe('2024-05-01')
    expect(toIsoDate('soon')).toBeUndefined()
  })

  it('gives today in UTC', () => {
    expect(utcToday(new Date('2024-05-01T23:30:00-02:00'))).toBe('2024-05-02')
  })

  it('normalises date parameters, keeping what does not parse for validation', () => {
    expect(normalizeDate('2024-05-01T00:00:00Z')).toBe('2024-05-01')
    expect(normalizeDate('garbage')).toBe('garbage')
    expect(normalizeDate('')).toBe('')
    expect(normalizeDate(undefined)).toBeUndefined()
  })
})
