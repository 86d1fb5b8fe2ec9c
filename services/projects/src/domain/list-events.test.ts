import type { AbilityScope, ListAbility } from './access-requirements.js'
import type { Caller } from './caller.js'
import type { EventFilter } from './event-filters.js'
import type { EventVisibility } from './event-readability.js'
import { listEvents, type EventReader, type ScopesOf } from './list-events.js'

function recordingReader(): EventReader & {
  calls: { filter: EventFilter; visibility: EventVisibility }[]
} {
  const calls: { filter: EventFilter; visibility: EventVisibility }[] = []
  return {
    calls,
    list: (filter, visibility) => {
      calls.push({ filter, visibility })
      return Promise.resolve({ events: [], total: 0 })
    },
  }
}

const scope = (caller: Caller): AbilityScope => ({
  admin: caller.admin,
  signedIn: caller.userId !== undefined,
  userId: caller.userId,
  projects: [],
  groups: [{ sourceId: 4, level: 10 }],
})
const asked: Caller[] = []
const scopesOf: ScopesOf = (caller) => {
  asked.push(caller)
  const one = scope(caller)
  return Promise.resolve({
    readProject: one,
    readCode: one,
    readMergeRequest: one,
    readIssue: one,
  } satisfies Record<ListAbility, AbilityScope>)
}
const page = { page: 1, perPage: 20 }
const alice: Caller = { userId: 2, admin: false }
const anonymous: Caller = { userId: undefined, admin: false }

describe('listEvents', () => {
  beforeEach(() => asked.splice(0))

  it("lists a project's events with the caller's scopes, never trusting the gateway alone", async () => {
    const reader = recordingReader()
    await listEvents(reader, scopesOf, alice, { projectId: 9, action: 'pushed', page })
    expect(reader.calls).toEqual([
      {
        filter: { projectIds: [9], action: 'pushed' },
        visibility: {
          scopes: {
            readProject: scope(alice),
            readCode: scope(alice),
            readMergeRequest: scope(alice),
            readIssue: scope(alice),
          },
          membersOnly: false,
        },
      },
    ])
  })

  it("lists a user's events in every project, the store keeping the visible ones", async () => {
    const reader = recordingReader()
    await listEvents(reader, scopesOf, anonymous, { authorId: 5, page })
    expect(reader.calls[0]?.filter).toEqual({ authorId: 5 })
    expect(reader.calls[0]?.visibility.membersOnly).toBe(false)
    expect(asked).toEqual([anonymous])
  })

  it("with scope=all lists the events of the caller's projects, whoever authored them", async () => {
    const reader = recordingReader()
    await listEvents(reader, scopesOf, alice, { authorId: 2, scope: 'all', page })
    expect(reader.calls[0]?.filter).toEqual({})
    expect(reader.calls[0]?.visibility.membersOnly).toBe(true)
  })

  it('answers nothing, asking nobody, without an author or a signed-in scope=all', async () => {
    const reader = recordingReader()
    expect(await listEvents(reader, scopesOf, anonymous, { scope: 'all', page })).toEqual({
      events: [],
      total: 0,
    })
    expect(reader.calls).toEqual([])
    expect(asked).toEqual([])
  })
})
