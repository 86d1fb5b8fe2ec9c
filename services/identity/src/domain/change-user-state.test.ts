import { admin } from '../testing/test-callers.js'
import { changeUserState } from './change-user-state.js'
import type { Stores } from './ports.js'
import type { User } from './user.js'
import type { BlockAnnouncement, UserStateEvent } from './user-state-transitions.js'

const NOW = new Date('2026-11-29T09:00:00Z')

/** A users store holding one user (id 5) in `state`, recording each move. */
function storesWith(state: string) {
  const moves: { from: string; to: string; blocked: BlockAnnouncement | undefined }[] = []
  const user = { id: 5, state, lastActivityOn: null, currentSignInAt: null } as unknown as User
  const stores = {
    users: {
      findById: (id: number) => Promise.resolve(id === 5 ? user : undefined),
      moveState: (_id: number, from: string, to: string, blocked?: BlockAnnouncement) => {
        moves.push({ from, to, blocked })
        return Promise.resolve(true)
      },
    },
  } as unknown as Stores
  return { stores, moves }
}

describe('changeUserState', () => {
  it('announces a block with the move, naming the user, the time and the admin', async () => {
    const { stores, moves } = storesWith('active')
    expect(await changeUserState(stores, admin, 5, 'block', NOW)).toBe(true)
    expect(moves).toEqual([
      {
        from: 'active',
        to: 'blocked',
        blocked: { userId: 5, blockedAtMs: NOW.getTime(), blockedByUserId: 1 },
      },
    ])
  })

  it.each<[string, UserStateEvent, string]>([
    ['active', 'ban', 'banned'],
    ['active', 'deactivate', 'deactivated'],
    ['blocked', 'unblock', 'active'],
    ['banned', 'unban', 'active'],
  ])('from %s, %s moves to %s without an announcement', async (state, event, to) => {
    const { stores, moves } = storesWith(state)
    expect(await changeUserState(stores, admin, 5, event, NOW)).toBe(true)
    expect(moves).toEqual([{ from: state, to, blocked: undefined }])
  })

  it('a user already blocked is neither moved nor announced again', async () => {
    const { stores, moves } = storesWith('blocked')
    expect(await changeUserState(stores, admin, 5, 'block', NOW)).toBeNull()
    expect(moves).toEqual([])
  })
})
