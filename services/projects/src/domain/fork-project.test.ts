import type { VisibilityName } from '@suite/runtime'
import { namespaceOf, projectDraft } from '../testing/test-database.js'
import { forkProject } from './fork-project.js'
import type { NamespaceForCreate, Ports, ProjectStore } from './ports.js'
import type { NewProject, Project } from './project.js'

const ALICE = { userId: 7, admin: false }
const OWNER = 9

function upstreamOf(visibility: VisibilityName): Project {
  return {
    ...projectDraft(namespaceOf('user', 3, { ownerId: OWNER }), visibility),
    id: 5,
    topics: ['tools'],
    createdAt: new Date(0),
    updatedAt: new Date(0),
    lastActivityAt: new Date(0),
    version: 1,
    forksCount: 0,
  }
}

const alicesNamespace: NamespaceForCreate = {
  namespace: namespaceOf('user', 4, { ownerId: ALICE.userId }),
  visibility: 'public',
  mayCreateProjects: false,
  callerLevel: 50,
}

const group = (visibility: VisibilityName, mayCreateProjects: boolean): NamespaceForCreate => ({
  namespace: namespaceOf('group', 10, { traversalIds: [10] }),
  visibility,
  mayCreateProjects,
  callerLevel: 30,
})

/** A store and ports that keep what the fork handed them. */
function world(
  upstream: Project,
  options: { taken?: boolean; repositoryFails?: boolean; guest?: boolean; limit?: number } = {},
) {
  const inserted: NewProject[] = []
  const forked: [number, number][] = []
  const deleted: number[] = []
  const store = {
    findById: (id: number) =>
      Promise.resolve(
        id === upstream.id
          ? upstream
          : inserted[0] && { ...upstream, ...inserted[0], id, forksCount: 0 },
      ),
    taken: () => Promise.resolve({ name: options.taken ?? false, path: options.taken ?? false }),
    countInNamespace: () => Promise.resolve(0),
    insert: (draft: NewProject) => {
      inserted.push(draft)
      return Promise.resolve(42)
    },
    deleteCreated: (id: number) => {
      deleted.push(id)
      return Promise.resolve()
    },
  } as unknown as ProjectStore
  const ports = {
    identity: {
      memberships: () =>
        Promise.resolve({
          projects: new Map(options.guest ? [[upstream.id, { level: 10, permissions: [] }]] : []),
          groups: new Map(),
        }),
      personalNamespace: () => Promise.resolve(alicesNamespace),
      projectsLimitOf: () =>
        Promise.resolve({ projectsLimit: options.limit ?? 100000, namespaceId: 7 }),
      namespace: (_caller: unknown, id: number) =>
        Promise.resolve(
          id === 10 ? group('internal', true) : id === 11 ? group('public', false) : undefined,
        ),
      addProjectMember: () => Promise.resolve(),
      removeProjectMember: () => Promise.resolve(),
    },
    repository: {
      forkRepository: (source: number, target: number) => {
        forked.push([source, target])
        return options.repositoryFails ? Promise.reject(new Error('disk full')) : Promise.resolve()
      },
      deleteRepository: () => Promise.resolve(),
    },
  } as unknown as Ports
  return { store, ports, inserted, forked, deleted }
}

describe('forkProject', () => {
  it("forks into the caller's namespace, linked to the upstream, with its repository copied", async () => {
    const upstream = upstreamOf('public')
    const w = world(upstream)
    const fork = await forkProject(w.store, w.ports, ALICE, upstream.id, {})
    expect(w.inserted[0]).toMatchObject({
      forkedFromProjectId: 5,
      name: upstream.name,
      path: upstream.path,
      visibility: 'public',
      fullPath: `${alicesNamespace.namespace.fullPath}/${upstream.path}`,
      creatorId: ALICE.userId,
    })
    expect(w.forked).toEqual([[5, 42]])
    expect(fork.project.id).toBe(42)
  })

  it('is never more visible than the upstream, the asked level or the target group', async () => {
    const upstream = upstreamOf('public')
    const w = world(upstream)
    await forkProject(w.store, w.ports, ALICE, upstream.id, { namespaceId: 10 })
    await forkProject(w.store, w.ports, ALICE, upstream.id, { visibility: 'private' })
    expect(w.inserted.map((draft) => draft.visibility)).toEqual(['internal', 'private'])
  })

  it("answers GitLab's 404s: no fork_project, an unknown namespace, one without create_projects", async () => {
    const secret = upstreamOf('private')
    // A Guest reads the private project but not its code.
    const none = world(secret, { guest: true })
    await expect(forkProject(none.store, none.ports, ALICE, secret.id, {})).rejects.toMatchObject({
      message: ' Not Found',
    })
    const upstream = upstreamOf('public')
    const w = world(upstream)
    await expect(
      forkProject(w.store, w.ports, ALICE, upstream.id, { namespaceId: 99 }),
    ).rejects.toMatchObject({ message: 'Namespace Not Found' })
    await expect(
      forkProject(w.store, w.ports, ALICE, upstream.id, { namespaceId: 11 }),
    ).rejects.toMatchObject({ message: 'Target Namespace Not Found' })
    expect(w.inserted).toHaveLength(0)
  })

  it('answers a taken name and path with a conflict, and undoes a fork whose copy failed', async () => {
    const upstream = upstreamOf('public')
    const taken = world(upstream, { taken: true })
    await expect(
      forkProject(taken.store, taken.ports, ALICE, upstream.id, {}),
    ).rejects.toMatchObject({
      kind: 'conflict',
      fieldErrors: { name: ['has already been taken'], path: ['has already been taken'] },
    })
    const failing = world(upstream, { repositoryFails: true })
    await expect(forkProject(failing.store, failing.ports, ALICE, upstream.id, {})).rejects.toThrow(
      'disk full',
    )
    expect(failing.deleted).toEqual([42])
  })

  it("answers the creator's projects_limit in a personal namespace as a conflict, not in a group", async () => {
    const upstream = upstreamOf('public')
    const full = world(upstream, { limit: 0 })
    await expect(forkProject(full.store, full.ports, ALICE, upstream.id, {})).rejects.toMatchObject(
      {
        kind: 'conflict',
        fieldErrors: {
          limit_reached: [
            'You cannot create projects in your personal namespace. Contact your GitLab administrator.',
          ],
        },
      },
    )
    expect(full.inserted).toHaveLength(0)
    const fork = await forkProject(full.store, full.ports, ALICE, upstream.id, { namespaceId: 10 })
    expect(fork.project.namespace.kind).toBe('group')
  })
})
