import type { Project } from './project.js'
import { projectReadability } from './event-readability.js'
import { NO_MEMBERSHIPS } from './policy.js'

function project(id: number, visibility: Project['visibility'], groupId: number): Project {
  return {
    id,
    visibility,
    namespace: { id: groupId, traversalIds: [groupId], ownerId: null },
  } as unknown as Project
}

const projects = [project(1, 'public', 10), project(2, 'internal', 10), project(3, 'private', 20)]
const store = {
  findMany: (ids: readonly number[]) =>
    Promise.resolve(projects.filter((candidate) => ids.includes(candidate.id))),
}
// User 2 is a Developer of group 20.
const identity = {
  memberships: (userId: number) =>
    Promise.resolve(
      userId === 2 ? { projects: new Map(), groups: new Map([[20, 30]]) } : NO_MEMBERSHIPS,
    ),
}
const readability = projectReadability(store, identity)

describe('projectReadability', () => {
  it('gives anonymous callers public projects only', async () => {
    expect(await readability.readable({ userId: undefined, admin: false }, [1, 2, 3])).toEqual([
      { projectId: 1, accessLevel: 0 },
    ])
  })

  it('adds internal projects for users, and private ones for members', async () => {
    expect(await readability.readable({ userId: 5, admin: false }, [1, 2, 3])).toEqual([
      { projectId: 1, accessLevel: 0 },
      { projectId: 2, accessLevel: 0 },
    ])
    expect(await readability.readable({ userId: 2, admin: false }, [1, 2, 3])).toEqual([
      { projectId: 1, accessLevel: 0 },
      { projectId: 2, accessLevel: 0 },
      { projectId: 3, accessLevel: 30 },
    ])
  })

  it('lets administrators read everything', async () => {
    const answer = await readability.readable({ userId: 1, admin: true }, [1, 2, 3])
    expect(answer.map((entry) => entry.projectId)).toEqual([1, 2, 3])
  })
})
