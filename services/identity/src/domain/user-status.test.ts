import { InvalidError } from '@suite/runtime'
import { planStatus, type UserStatus } from './user-status.js'

const NOW = new Date('2026-11-29T03:00:00Z')

function errorsOf(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    if (error instanceof InvalidError) return error.fieldErrors
    throw error
  }
  return undefined
}

describe('planStatus (Users::SetStatusService)', () => {
  it('removes the status when no emoji, message or availability is given', () => {
    expect(planStatus(7, {}, undefined, NOW)).toBeNull()
    expect(
      planStatus(7, { emoji: '', message: ' ', clearStatusAfter: '1_day' }, undefined, NOW),
    ).toBeNull()
  })

  it('defaults the emoji to speech_balloon and the availability to not_set', () => {
    expect(planStatus(7, { message: 'Out' }, undefined, NOW)).toEqual({
      userId: 7,
      emoji: 'speech_balloon',
      message: 'Out',
      availability: 'not_set',
      clearStatusAt: null,
    })
  })

  it('keeps the availability there was when none is given', () => {
    const existing: UserStatus = {
      userId: 7,
      emoji: 'coffee',
      message: null,
      availability: 'busy',
      clearStatusAt: null,
    }
    expect(planStatus(7, { emoji: 'tea' }, existing, NOW)?.availability).toBe('busy')
  })

  it('sets clear_status_at from clear_status_after', () => {
    const status = planStatus(7, { emoji: 'coffee', clearStatusAfter: '3_hours' }, undefined, NOW)
    expect(status?.clearStatusAt).toEqual(new Date('2026-11-29T06:00:00Z'))
  })

  it('answers GitLab field errors', () => {
    expect(errorsOf(() => planStatus(7, { message: 'x'.repeat(101) }, undefined, NOW))).toEqual({
      message: ['is too long (maximum is 100 characters)'],
    })
    expect(
      errorsOf(() => planStatus(7, { message: 'é'.repeat(100) }, undefined, NOW)),
    ).toBeUndefined()
    expect(errorsOf(() => planStatus(7, { availability: 'away' }, undefined, NOW))).toEqual({
      availability: ['is not included in the list'],
    })
    expect(errorsOf(() => planStatus(7, { emoji: '<img>' }, undefined, NOW))).toEqual({
      emoji: ['is not a valid emoji name'],
    })
  })
})

describe('planStatus for PATCH (keepUnspecified)', () => {
  const later = new Date(NOW.getTime() + 86_400_000)
  const existing: UserStatus = {
    userId: 7,
    emoji: 'coffee',
    message: 'On leave',
    availability: 'busy',
    clearStatusAt: later,
  }

  it('keeps what is left out: the message, the emoji and the clear time', () => {
    expect(
      planStatus(7, { availability: 'not_set', keepUnspecified: true }, existing, NOW),
    ).toEqual({ ...existing, availability: 'not_set' })
    expect(planStatus(7, { emoji: 'tea', keepUnspecified: true }, existing, NOW)).toEqual({
      ...existing,
      emoji: 'tea',
    })
  })

  it('a message given without an emoji takes the default emoji, as GitLab does', () => {
    expect(planStatus(7, { message: 'Back', keepUnspecified: true }, existing, NOW)).toEqual({
      ...existing,
      emoji: 'speech_balloon',
      message: 'Back',
    })
  })

  it('a blank message given clears it; a given clear_status_after replaces the time', () => {
    expect(
      planStatus(
        7,
        { emoji: 'tea', message: '', clearStatusAfter: '30_minutes', keepUnspecified: true },
        existing,
        NOW,
      ),
    ).toEqual({
      ...existing,
      emoji: 'tea',
      message: null,
      clearStatusAt: new Date(NOW.getTime() + 30 * 60_000),
    })
  })

  it('still removes the status when the given fields name no emoji, message or availability', () => {
    expect(
      planStatus(7, { clearStatusAfter: '1_day', keepUnspecified: true }, existing, NOW),
    ).toBeNull()
  })

  it('without a status there is nothing to keep: PUT rules apply', () => {
    expect(planStatus(7, { availability: 'busy', keepUnspecified: true }, undefined, NOW)).toEqual({
      userId: 7,
      emoji: 'speech_balloon',
      message: null,
      availability: 'busy',
      clearStatusAt: null,
    })
  })
})
