import { decodeUserBlocked, USER_BLOCKED_OUTBOX, userBlockedJobId } from './user-blocks.js'

describe('user-blocked messages', () => {
  const message = { userId: 8, blockedAtMs: 1_795_000_000_000, blockedByUserId: 1 }

  it('round-trip through the outbox and the job payload', () => {
    expect(decodeUserBlocked(USER_BLOCKED_OUTBOX.toJSON(message))).toEqual(message)
    expect(USER_BLOCKED_OUTBOX.fromJSON(USER_BLOCKED_OUTBOX.toJSON(message))).toEqual(message)
  })

  it('a second block of the same user is another job and another outbox key', () => {
    const later = { ...message, blockedAtMs: message.blockedAtMs + 1 }
    expect(userBlockedJobId(message)).toBe('user-blocked_8_1795000000000')
    expect(userBlockedJobId(later)).not.toBe(userBlockedJobId(message))
    expect(USER_BLOCKED_OUTBOX.keyOf(later)).not.toBe(USER_BLOCKED_OUTBOX.keyOf(message))
    expect(userBlockedJobId(message)).not.toContain(':')
  })

  it('refuses a payload naming no user', () => {
    expect(decodeUserBlocked(null)).toBeUndefined()
    expect(decodeUserBlocked({ blockedAtMs: 1 })).toBeUndefined()
    expect(decodeUserBlocked({ userId: 0 })).toBeUndefined()
    expect(decodeUserBlocked({ userId: -3 })).toBeUndefined()
  })
})
