import { AccessLevel } from '@suite/proto'
import { NotFoundError, PreconditionError, UnauthenticatedError } from '@suite/runtime'
import type { Star, StarStore } from './ports.js'
import type { Project } from './project.js'
import { defaultFeatureLevels, FLAG_DEFAULTS } from './project-settings.js'
import { listStarrers, starProject, unstarProject, type StarDeps } from './stars.js'

const GROUP_ID = 3
const PUBLIC_ID = 10
const PRIVATE_ID = 11
const ALICE = { userId: 7, admin: false }
const BOB = { userId: 8, admin: false }
const ANONYMOUS = { userId: undefined, admin: false }

function project(id: number, visibility: 'private' | 'public', starCount: number): Project {
  return {
    id,
    visibility,
    starCount,
    features: defaultFeatureLevels(visibility),
    archived: false,
    flags: { ...FLAG_DEFAULTS },
    namespace: {
      id: GROUP_ID,
      fullPath: 'team',
      fullName: 'Team',
      kind: 'group',
      parentId: null,
      traversalIds: [GROUP_ID],
      ownerId: null,
    },
  } as unknown as Project
}

/** Stars kept in memory with star_count beside them, as the store keeps them; Bob is a Reporter of the group. */
function world(): StarDeps & { stars: Map<string, Star & { projectId: number }> } {
  const stars = new Map<string, Star & { projectId: number }>()
  const count = (projectId: number) =>
    [...stars.values()].filter((star) => star.projectId === projectId).length
  const store: StarStore = {
    star: (userId, projectId) => {
      const key = `${userId}:${projectId}`
      if (stars.has(key)) return Promise.resolve(false)
      stars.set(key, { userId, projectId, createdAt: new Date(Date.now() + stars.size) })
      return Promise.resolve(true)
    },
    unstar: (userId, projectId) => Promise.resolve(stars.delete(`${userId}:${projectId}`)),
    list: (projectId) =>
      Promise.resolve(
        [...stars.values()]
          .filter((star) => star.projectId === projectId)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
      ),
  }
  const find = (id: number) =>
    Promise.resolve(
      id === PUBLIC_ID
        ? project(id, 'public', count(id))
        : id === PRIVATE_ID
          ? project(id, 'private', count(id))
          : undefined,
    )
  return {
    stars,
    store,
    projects: { findById: find, findByFullPath: () => Promise.resolve(undefined) },
    identity: {
      memberships: (userId: number) =>
        Promise.resolve({
          projects: new Map(),
          groups:
            userId === BOB.userId
              ? new Map([[GROUP_ID, { level: AccessLevel.ACCESS_LEVEL_REPORTER, permissions: [] }]])
              : new Map(),
        }),
    },
  }
}

describe('starring', () => {
  it('stars once, then answers not modified; the project comes back with its new star_count', async () => {
    const deps = world()
    const starred = await starProject(deps, ALICE, PUBLIC_ID)
    expect(starred.project.starCount).toBe(1)
    await expect(starProject(deps, ALICE, PUBLIC_ID)).rejects.toMatchObject({
      reason: 'not_modified',
    })
    await expect(starProject(deps, ALICE, PUBLIC_ID)).rejects.toBeInstanceOf(PreconditionError)
    expect((await starProject(deps, BOB, PUBLIC_ID)).project.starCount).toBe(2)
  })

  it('unstars a starred project, and answers not modified for one not starred', async () => {
    const deps = world()
    await expect(unstarProject(deps, ALICE, PUBLIC_ID)).rejects.toMatchObject({
      reason: 'not_modified',
    })
    await starProject(deps, ALICE, PUBLIC_ID)
    expect((await unstarProject(deps, ALICE, PUBLIC_ID)).project.starCount).toBe(0)
    expect(deps.stars.size).toBe(0)
  })

  it('takes what reading takes: a private project is not found for a non-member, starrable by a member', async () => {
    const deps = world()
    await expect(starProject(deps, ALICE, PRIVATE_ID)).rejects.toBeInstanceOf(NotFoundError)
    await expect(unstarProject(deps, ALICE, PRIVATE_ID)).rejects.toBeInstanceOf(NotFoundError)
    await expect(listStarrers(deps, ALICE, PRIVATE_ID)).rejects.toBeInstanceOf(NotFoundError)
    expect((await starProject(deps, BOB, PRIVATE_ID)).project.starCount).toBe(1)
    expect(deps.stars.size).toBe(1)
  })

  it('needs a signed-in user to star, not to list a public project', async () => {
    const deps = world()
    await expect(starProject(deps, ANONYMOUS, PUBLIC_ID)).rejects.toBeInstanceOf(
      UnauthenticatedError,
    )
    await starProject(deps, ALICE, PUBLIC_ID)
    await starProject(deps, BOB, PUBLIC_ID)
    const stars = await listStarrers(deps, ANONYMOUS, PUBLIC_ID)
    expect(stars.map((star) => star.userId)).toEqual([ALICE.userId, BOB.userId])
  })

  it('an unknown project is not found', async () => {
    await expect(starProject(world(), ALICE, 999)).rejects.toBeInstanceOf(NotFoundError)
  })
})
