import { assertLinearGrowth } from '@suite/runtime/testing'
import {
  formatDuration,
  MAX_TIME_ESTIMATE,
  MAX_TOTAL_TIME_SPENT,
  parseDuration,
} from './durations.js'

const H = 3600
const D = 8 * H
const W = 5 * D
const MO = 4 * W

describe('parseDuration: GitLab time tracking input', () => {
  it.each([
    ['3h 20m', 12_000], // spec/lib/gitlab/time_tracking_formatter_spec.rb
    ['1mo', 576_000],
    ['1w', W],
    ['3w1h', 3 * W + H],
    ['1h 30m', H + 1800],
    ['1h30m', H + 1800],
    ['3d 4h', 3 * D + 4 * H],
    ['1mo 2w', MO + 2 * W],
    ['1w 2d 3h 4m', W + 2 * D + 3 * H + 240],
    ['30m', 1800],
    ['45s', 45],
    ['1y', 31_557_600],
    ['1H 30M', H + 1800],
    ['2 hours and 30 minutes', 2 * H + 1800],
    ['1 week, 2 days', W + 2 * D],
  ])('reads %j as %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds)
  })

  it('takes a bare number as hours (default_unit: hours)', () => {
    expect(parseDuration('1')).toBe(H)
    expect(parseDuration('1.5')).toBe(1.5 * H)
    expect(parseDuration('2h 3')).toBe(5 * H)
  })

  it('uses the working calendar: 1mo = 4w, 1w = 5d, 1d = 8h', () => {
    expect(parseDuration('1d')).toBe(parseDuration('8h'))
    expect(parseDuration('1w')).toBe(parseDuration('5d'))
    expect(parseDuration('1mo')).toBe(parseDuration('4w'))
  })

  it('subtracts with a leading -, over the whole text', () => {
    expect(parseDuration('-3h 20m')).toBe(-12_000)
    expect(parseDuration('-1h')).toBe(-H)
  })

  it('is undefined when nothing reads as time', () => {
    expect(parseDuration('foo')).toBeUndefined()
    expect(parseDuration('')).toBeUndefined()
    expect(parseDuration('-')).toBeUndefined()
    expect(parseDuration('0')).toBeUndefined()
    expect(parseDuration('0h 0m')).toBeUndefined()
  })

  it("keeps ChronicDuration's quirks: unknown words dropped, a lone unit counts once", () => {
    expect(parseDuration('1h foo')).toBe(H)
    expect(parseDuration('5 foo')).toBe(5 * H)
    expect(parseDuration('hour')).toBe(H)
    expect(parseDuration('minute 30s')).toBe(90)
    // A number followed by another number counts nothing.
    expect(parseDuration('1 2')).toBe(2 * H)
  })

  it('reads the colon form from the right: seconds, minutes, hours, days, months, years', () => {
    expect(parseDuration('1:30')).toBe(90)
    expect(parseDuration('4:01:01')).toBe(4 * H + 61)
    expect(parseDuration('1:30:')).toBe(90)
    expect(parseDuration('1:1:1:1:1:1:1')).toBeUndefined()
  })

  it('drops fractions of a second, as an integer column does', () => {
    expect(parseDuration('1.1h')).toBe(3960)
    expect(parseDuration('1.5s')).toBe(1)
  })
})

describe('parseDuration: work linear in the text (issue 24)', () => {
  // 4,000 digits held the service for 27 s with the colon form's RegExp.
  it.each([
    ['digits', (n: number) => '1'.repeat(n)],
    ['digits and dots', (n: number) => '1.'.repeat(n / 2)],
    ['colons after a number', (n: number) => `1${':'.repeat(n)}x`],
    ['numbers and words', (n: number) => '1h foo, '.repeat(n / 8)],
  ])('on %s', (_shape, input) => {
    assertLinearGrowth({ input, run: parseDuration, n: 20_000 })
  })

  it('still reads the colon form anywhere in the text, as float(:float)+ does', () => {
    expect(parseDuration('1:.5')).toBe(60)
    expect(parseDuration('x1:30')).toBe(90)
    expect(parseDuration('1:')).toBe(H)
    expect(parseDuration('1:::')).toBe(H)
  })
})

describe('formatDuration: GitLab human time', () => {
  it.each([
    [178_800, '1w 1d 1h 40m'], // spec/lib/gitlab/time_tracking_formatter_spec.rb
    [-178_800, '-1w 1d 1h 40m'],
    [W, '1w'],
    [3 * W + H, '3w 1h'],
    [2 * H, '2h'],
    [1800, '30m'],
    [-H, '-1h'],
    [MO + W, '1mo 1w'],
    [W + 2 * D + 3 * H + 240, '1w 2d 3h 4m'],
    [D, '1d'],
    [40 * H, '1w'],
    [160 * H, '1mo'],
    [59, '59s'],
    [61, '1m 1s'],
    [13 * MO + 3 * W, '13mo 3w'],
  ])('prints %i seconds as %j', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text)
  })

  it('is undefined for 0', () => {
    expect(formatDuration(0)).toBeUndefined()
  })

  it('counts in years, without weeks, where that leaves less over than months', () => {
    expect(formatDuration(31_557_600)).toBe('1y')
    expect(formatDuration(4 * 31_557_600)).toBe('4y')
    expect(formatDuration(31_557_600 + D)).toBe('1y 1d')
  })

  it('round-trips what it prints', () => {
    for (const seconds of [1, 90, 5400, 100_800, 864_000, 212_640, 31_557_600]) {
      expect(parseDuration(formatDuration(seconds) ?? '')).toBe(seconds)
    }
  })
})

describe('limits', () => {
  it('caps an estimate at PostgreSQL integer range', () => {
    expect(MAX_TIME_ESTIMATE).toBe(2 ** 31 - 1)
    expect(formatDuration(MAX_TIME_ESTIMATE)).toBe('3728mo 1w 3h 14m 7s')
  })

  it("allows a year of spent time, ChronicDuration's year", () => {
    expect(MAX_TOTAL_TIME_SPENT).toBe(parseDuration('1y'))
  })
})
