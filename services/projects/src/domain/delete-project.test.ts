import { deleteGroupProjects, purgeProject, type ProjectPurgePorts } from './delete-project.js'

const PROJECT_ID = 41

/** Ports that record each step; `members` rows are removed `limit` at a time; `fail` throws once. */
function world(state: 'live' | 'pending' | 'gone', members: number, fail?: string) {
  const done: string[] = []
  let left = members
  let failing = fail
  const step = (name: string) => {
    if (failing === name) {
      failing = undefined
      throw new Error(`${name} failed`)
    }
    done.push(name)
  }
  const ports: ProjectPurgePorts = {
    rows: {
      state: () => Promise.resolve(state),
      purgeOwnRows: () => {
        step('rows')
        return Promise.resolve(3)
      },
      deleteRow: () => {
        step('row')
        return Promise.resolve()
      },
    },
    deleteMembers: (_id, limit) => {
      step('members')
      const removed = Math.min(left, limit)
      left -= removed
      return Promise.resolve(removed)
    },
    deleteRepository: () => {
      step('repository')
      return Promise.resolve()
    },
  }
  return { ports, done }
}

describe('purgeProject (the projects service part of Projects::DestroyService)', () => {
  it('removes the rows, the memberships in batches, the repository, then the project row', async () => {
    const { ports, done } = world('pending', 1_200)
    expect(await purgeProject(ports, PROJECT_ID)).toBe(true)
    expect(done).toEqual(['rows', 'members', 'members', 'members', 'repository', 'row'])
  })

  it('never touches a project that is not marked for deletion', async () => {
    const { ports, done } = world('live', 3)
    expect(await purgeProject(ports, PROJECT_ID)).toBe(false)
    expect(done).toEqual([])
  })

  it('keeps the row when a step fails, so that the job runs again from the top', async () => {
    const { ports, done } = world('pending', 2, 'repository')
    await expect(purgeProject(ports, PROJECT_ID)).rejects.toThrow('repository failed')
    expect(done).toEqual(['rows', 'members'])
    await purgeProject(ports, PROJECT_ID)
    expect(done).toEqual(['rows', 'members', 'rows', 'members', 'repository', 'row'])
  })

  it('finishes the memberships and the repository of a project whose row is already gone', async () => {
    const { ports, done } = world('gone', 0)
    expect(await purgeProject(ports, PROJECT_ID)).toBe(true)
    expect(done).toEqual(['members', 'repository', 'row'])
  })
})

describe('deleteGroupProjects (the projects service part of Groups::DestroyService)', () => {
  it('marks every live project of the namespaces in batches, then has identity purge the group', async () => {
    const live = Array.from({ length: 150 }, (_, index) => index + 1)
    const done: string[] = []
    const marked = await deleteGroupProjects(
      {
        liveProjectsIn: (namespaceIds, limit) => {
          expect(namespaceIds).toEqual([5, 6])
          return Promise.resolve(live.slice(0, limit))
        },
        markDeleted: (id, userId) => {
          expect(userId).toBe(9)
          live.splice(live.indexOf(id), 1)
          return Promise.resolve(true)
        },
        purgeGroup: (groupId) => {
          done.push(`purge ${groupId} with ${live.length} left`)
          return Promise.resolve()
        },
      },
      { groupId: 5, namespaceIds: [5, 6], deletedByUserId: 9 },
    )
    expect(marked).toBe(150)
    expect(done).toEqual(['purge 5 with 0 left'])
  })
})
