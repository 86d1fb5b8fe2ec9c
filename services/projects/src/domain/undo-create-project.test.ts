import { createProject, type CreateProjectInput } from './create-project.js'
import type { NamespaceForCreate, Ports, ProjectStore } from './ports.js'
import type { Project } from './project.js'
import { defaultFeatureLevels, FLAG_DEFAULTS } from './project-settings.js'

const PROJECT_ID = 41
const ALICE = { userId: 7, admin: false }

function personalNamespace(): NamespaceForCreate {
  return {
    namespace: {
      id: 3,
      fullPath: 'alice',
      fullName: 'Alice',
      kind: 'user',
      parentId: null,
      traversalIds: [],
      ownerId: ALICE.userId,
    },
    visibility: 'public',
    mayCreateProjects: false,
    callerLevel: 50,
  }
}

/** A store and ports that record what was done and undone; `fail` names the step that throws. */
function world(fail: 'member' | 'repository' | 'none') {
  const done: string[] = []
  const store = {
    taken: () => Promise.resolve({ name: false, path: false }),
    countInNamespace: () => Promise.resolve(0),
    insert: () => {
      done.push('insert')
      return Promise.resolve(PROJECT_ID)
    },
    deleteCreated: (id: number) => {
      done.push(`deleteCreated ${id}`)
      return Promise.resolve()
    },
    findById: (id: number) =>
      Promise.resolve({
        id,
        namespace: personalNamespace().namespace,
        visibility: 'private',
        features: defaultFeatureLevels('private'),
        archived: false,
        flags: FLAG_DEFAULTS,
      } as unknown as Project),
  } as unknown as ProjectStore
  const ports = {
    identity: {
      personalNamespace: () => Promise.resolve(personalNamespace()),
      projectsLimitOf: () => Promise.resolve({ projectsLimit: 100000, namespaceId: 7 }),
      memberships: () => Promise.resolve({ projects: new Map(), groups: new Map() }),
      addProjectMember: (_actor: number, id: number, _ns: number, user: number) => {
        done.push(`addMember ${id} ${user}`)
        return fail === 'member' ? Promise.reject(new Error('identity down')) : Promise.resolve()
      },
      removeProjectMember: (_actor: number, id: number, user: number) => {
        done.push(`removeMember ${id} ${user}`)
        return Promise.reject(new Error('identity still down'))
      },
    },
    repository: {
      createRepository: ({ projectId }: { projectId: number }) => {
        done.push(`createRepository ${projectId}`)
        return fail === 'repository' ? Promise.reject(new Error('disk full')) : Promise.resolve()
      },
      deleteRepository: (id: number) => {
        done.push(`deleteRepository ${id}`)
        return Promise.resolve()
      },
    },
  } as unknown as Ports
  return { store, ports, done }
}

const input: CreateProjectInput = {
  settings: {
    name: 'tool',
    features: {},
    flags: {},
    settings: {},
    containerExpirationPolicy: {},
  },
  initializeWithReadme: true,
}

describe('createProject: a failure after the insert leaves nothing behind', () => {
  it('undoes membership, repository and row when the repository fails, answering its error', async () => {
    const { store, ports, done } = world('repository')
    const failures: string[] = []
    const created = createProject(store, ports, ALICE, input, (step) => failures.push(step))
    await expect(created).rejects.toThrow('disk full')
    expect(done).toEqual([
      'insert',
      'addMember 41 7',
      'createRepository 41',
      'removeMember 41 7',
      'deleteRepository 41',
      'deleteCreated 41',
    ])
    // The membership's undo failed: reported, and the other steps still ran.
    expect(failures).toEqual(['membership'])
  })

  it('removes a repository that may exist even when the membership step failed first', async () => {
    const { store, ports, done } = world('member')
    await expect(createProject(store, ports, ALICE, input)).rejects.toThrow('identity down')
    expect(done).toEqual([
      'insert',
      'addMember 41 7',
      'removeMember 41 7',
      'deleteRepository 41',
      'deleteCreated 41',
    ])
  })

  it('undoes nothing when every step succeeds', async () => {
    const { store, ports, done } = world('none')
    await expect(createProject(store, ports, ALICE, input)).resolves.toMatchObject({
      project: { id: PROJECT_ID },
    })
    expect(done).toEqual(['insert', 'addMember 41 7', 'createRepository 41'])
  })
})
