import type { EventFilter } from './event-filters.js'
import { listEvents, type EventReader, type ProjectReadability } from './list-events.js'

function recordingReader(projectIds: number[]): EventReader & { filters: EventFilter[] } {
  const filters: EventFilter[] = []
  return {
    filters,
    projectIdsOf: (filter) => {
      filters.push(filter)
      return Promise.resolve(projectIds)
    },
    list: (filter) => {
      filters.push(filter)
      return Promise.resolve({ events: [], total: 0 })
    },
  }
}

// Project 1 public (no membership), 2 a member's, 3 unreadable.
const readability: ProjectReadability = {
  readable: (_caller, ids) =>
    Promise.resolve(
      ids.flatMap((projectId) =>
        projectId === 3 ? [] : [{ projectId, accessLevel: projectId === 2 ? 30 : 0 }],
      ),
    ),
}
const page = { page: 1, perPage: 20 }
const alice = { userId: 2, admin: false }

describe('listEvents', () => {
  it('lists a resolved project without asking about readability again', async () => {
    const reader = recordingReader([])
    await listEvents(reader, readability, alice, { projectId: 9, action: 'pushed', page })
    expect(reader.filters).toEqual([{ projectIds: [9], action: 'pushed' }])
  })

  it("keeps a user's events to the projects the caller may read", async () => {
    const reader = recordingReader([1, 2, 3])
    await listEvents(reader, readability, alice, { authorId: 5, page })
    expect(reader.filters.at(-1)).toEqual({ authorId: 5, projectIds: [1, 2] })
  })

  it('with scope=all lists the events of the projects the caller is a member of', async () => {
    const reader = recordingReader([1, 2, 3])
    await listEvents(reader, readability, alice, { authorId: 2, scope: 'all', page })
    expect(reader.filters.at(-1)).toEqual({ projectIds: [2] })
  })

  it('answers nothing when no project is readable', async () => {
    const reader = recordingReader([3])
    expect(await listEvents(reader, readability, alice, { authorId: 5, page })).toEqual({
      events: [],
      total: 0,
    })
  })
})
