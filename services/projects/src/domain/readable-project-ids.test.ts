import type { Viewer } from './list-query.js'
import type { IdentityPort } from './ports.js'
import { listReadableProjectIds, type ReadableScope } from './readable-project-ids.js'

const memberships = { projects: new Map([[3, 30]]), groups: new Map([[9, 10]]) }
const identity = {
  memberships: jest.fn(() => Promise.resolve(memberships)),
} as unknown as IdentityPort

function storeAnswering(ids: number[]) {
  const calls: { viewer: Viewer; scope: ReadableScope }[] = []
  return {
    calls,
    readableIds: (viewer: Viewer, scope: ReadableScope) => {
      calls.push({ viewer, scope })
      return Promise.resolve(ids)
    },
  }
}

describe('listReadableProjectIds', () => {
  it('answers all to an administrator without a group', async () => {
    const store = storeAnswering([1])
    const answer = await listReadableProjectIds(
      store,
      identity,
      { userId: 1, admin: true },
      { nonArchived: false },
    )
    expect(answer).toEqual({ all: true, projectIds: [] })
    expect(store.calls).toEqual([])
  })

  it("lists an administrator's ids within a group", async () => {
    const store = storeAnswering([4, 5])
    const answer = await listReadableProjectIds(
      store,
      identity,
      { userId: 1, admin: true },
      { groupId: 9, nonArchived: false },
    )
    expect(answer).toEqual({ all: false, projectIds: [4, 5] })
    expect(store.calls[0]?.scope).toEqual({ groupId: 9, nonArchived: false })
  })

  it('lists ids for an administrator who leaves archived projects out', async () => {
    const store = storeAnswering([2])
    const answer = await listReadableProjectIds(
      store,
      identity,
      { userId: 1, admin: true },
      { nonArchived: true },
    )
    expect(answer).toEqual({ all: false, projectIds: [2] })
  })

  it("asks the store with the user's memberships", async () => {
    const store = storeAnswering([3, 7])
    const answer = await listReadableProjectIds(
      store,
      identity,
      { userId: 8, admin: false },
      { nonArchived: true },
    )
    expect(answer).toEqual({ all: false, projectIds: [3, 7] })
    expect(store.calls[0]?.viewer).toEqual({ caller: { userId: 8, admin: false }, memberships })
  })

  it('asks the store with no memberships for an anonymous caller', async () => {
    const store = storeAnswering([])
    await listReadableProjectIds(
      store,
      identity,
      { userId: undefined, admin: false },
      {
        nonArchived: false,
      },
    )
    expect(store.calls[0]?.viewer.memberships.projects.size).toBe(0)
  })
})
