import { ForbiddenError, PreconditionError } from '@suite/runtime'
import {
  canAuthenticate,
  dropsPipelines,
  planStateChange,
  type StateChange,
  type UserStateEvent,
} from './user-state-transitions.js'

const NOW = new Date('2026-11-29T00:00:00Z')
const ADMIN_ID = 1

function plan(
  event: UserStateEvent,
  state: string,
  extra: Partial<Parameters<typeof planStateChange>[1]> = {},
) {
  return planStateChange(
    event,
    { id: 7, state, lastActivityOn: null, currentSignInAt: null, ...extra },
    ADMIN_ID,
    NOW,
  )
}

function refusal(event: UserStateEvent, state: string): { kind: string; message: string } {
  try {
    plan(event, state)
  } catch (error) {
    if (error instanceof ForbiddenError) return { kind: '403 Forbidden - ', message: error.message }
    if (error instanceof PreconditionError) return { kind: error.reason, message: error.message }
    throw error
  }
  throw new Error(`${event} from ${state} was not refused`)
}

describe('planStateChange', () => {
  it.each<[UserStateEvent, string, StateChange]>([
    ['block', 'active', { to: 'blocked' }],
    ['block', 'deactivated', { to: 'blocked' }],
    ['block', 'blocked', { answer: null }],
    ['block', 'banned', { answer: null }],
    ['block', 'blocked_pending_approval', { answer: null }],
    ['unblock', 'blocked', { to: 'active' }],
    ['unblock', 'banned', { to: 'active' }],
    ['unblock', 'active', { answer: false }],
    ['deactivate', 'active', { to: 'deactivated' }],
    ['deactivate', 'deactivated', { answer: null }],
    ['activate', 'deactivated', { to: 'active' }],
    ['activate', 'active', { answer: true }],
    ['ban', 'active', { to: 'banned' }],
    ['unban', 'banned', { to: 'active' }],
  ])('%s from %s', (event, state, expected) => {
    expect(plan(event, state)).toEqual(expected)
  })

  it.each<[UserStateEvent, string, string, string]>([
    [
      'block',
      'ldap_blocked',
      '403 Forbidden - ',
      'LDAP blocked users cannot be modified by the API',
    ],
    [
      'unblock',
      'ldap_blocked',
      '403 Forbidden - ',
      'LDAP blocked users cannot be unblocked by the API',
    ],
    [
      'unblock',
      'deactivated',
      '403 Forbidden - ',
      'Deactivated users cannot be unblocked by the API',
    ],
    [
      'deactivate',
      'blocked',
      '403 Forbidden - ',
      'A blocked user cannot be deactivated by the API',
    ],
    ['deactivate', 'banned', '403 Forbidden - ', 'A blocked user cannot be deactivated by the API'],
    [
      'activate',
      'blocked',
      'forbidden',
      'Error occurred. A blocked user must be unblocked to be activated',
    ],
    [
      'activate',
      'banned',
      'forbidden',
      'Error occurred. A blocked user must be unblocked to be activated',
    ],
    ['ban', 'blocked', 'forbidden', 'You cannot ban blocked users.'],
    ['ban', 'deactivated', 'forbidden', 'You cannot ban deactivated users.'],
    ['ban', 'banned', 'forbidden', 'You cannot ban banned users.'],
    ['unban', 'active', 'forbidden', 'You cannot unban active users.'],
    ['unban', 'blocked', 'forbidden', 'You cannot unban blocked users.'],
  ])('refuses %s from %s', (event, state, kind, message) => {
    expect(refusal(event, state)).toEqual({ kind, message })
  })

  it('refuses to let the admin block themselves', () => {
    expect(() =>
      planStateChange(
        'block',
        { id: ADMIN_ID, state: 'active', lastActivityOn: null, currentSignInAt: null },
        ADMIN_ID,
        NOW,
      ),
    ).toThrow('The API initiating user cannot be blocked by the API')
  })

  it('refuses to deactivate a user active in the past 90 days', () => {
    const message =
      'The user you are trying to deactivate has been active in the past 90 days and cannot be deactivated'
    expect(() => plan('deactivate', 'active', { lastActivityOn: '2026-11-01' })).toThrow(message)
    expect(() =>
      plan('deactivate', 'active', { currentSignInAt: new Date('2026-10-01T00:00:00Z') }),
    ).toThrow(message)
    expect(plan('deactivate', 'active', { lastActivityOn: '2026-08-01' })).toEqual({
      to: 'deactivated',
    })
  })
})

describe('canAuthenticate', () => {
  it.each([
    ['active', true],
    ['blocked', false],
    ['ldap_blocked', false],
    ['banned', false],
    ['blocked_pending_approval', false],
    ['deactivated', false],
  ])('%s: %s', (state, expected) => {
    expect(canAuthenticate({ state })).toBe(expected)
  })
})

describe('dropsPipelines', () => {
  // GitLab's state machine drops pipelines after a transition to blocked only.
  it.each([
    ['blocked', true],
    ['banned', false],
    ['deactivated', false],
    ['active', false],
    ['ldap_blocked', false],
  ])('%s: %s', (state, expected) => {
    expect(dropsPipelines(state)).toBe(expected)
  })
})
