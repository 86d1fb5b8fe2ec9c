import { ForbiddenError, InvalidError } from '@suite/runtime'
import type { AvatarChange } from './avatar.js'
import { createProject, type CreateProjectInput } from './create-project.js'
import type { NamespaceForCreate, Ports, ProjectStore, RepositoryPort } from './ports.js'
import type { NewProject } from './project.js'

const ALICE = { userId: 7, admin: false }

const namespace: NamespaceForCreate = {
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

type Created = Parameters<RepositoryPort['createRepository']>[0]

/** A store and ports that keep what creation handed them. */
function world(
  options: { limit?: number; held?: number; settings?: Record<string, unknown> } = {},
) {
  const inserted: { draft?: NewProject; avatar?: AvatarChange | undefined } = {}
  const repositories: Created[] = []
  const store = {
    taken: () => Promise.resolve({ name: false, path: false }),
    countInNamespace: () => Promise.resolve(options.held ?? 0),
    insert: (draft: NewProject, _topics: string[], _author: number, avatar?: AvatarChange) => {
      Object.assign(inserted, { draft, avatar })
      return Promise.resolve(41)
    },
    findById: (id: number) => Promise.resolve({ ...inserted.draft, id }),
  } as unknown as ProjectStore
  const ports = {
    identity: {
      personalNamespace: () => Promise.resolve(namespace),
      projectsLimitOf: () =>
        Promise.resolve({ projectsLimit: options.limit ?? 100000, namespaceId: 3 }),
      memberships: () => Promise.resolve({ projects: new Map(), groups: new Map() }),
      addProjectMember: () => Promise.resolve(),
    },
    repository: {
      createRepository: (input: Created) => {
        repositories.push(input)
        return Promise.resolve()
      },
    },
    settings: {
      stored: () =>
        Promise.resolve({
          values: options.settings ?? {},
          createdAt: new Date(0),
          updatedAt: new Date(0),
        }),
    },
  } as unknown as Ports
  return { store, ports, inserted, repositories }
}

function input(overrides: Partial<CreateProjectInput>): CreateProjectInput {
  return {
    settings: {
      name: 'tool',
      features: {},
      flags: {},
      settings: {},
      containerExpirationPolicy: {},
    },
    initializeWithReadme: false,
    ...overrides,
  }
}

describe('createProject: contents, object format and avatar', () => {
  it("commits a built-in template's files on main", async () => {
    const { store, ports, inserted, repositories } = world()
    await createProject(store, ports, ALICE, input({ templateName: 'plainhtml' }))
    expect(repositories[0]).toMatchObject({ defaultBranch: 'main', objectFormat: 'sha1' })
    expect(inserted.draft).toMatchObject({
      importType: 'gitlab_built_in_project_template',
      importStatus: 'finished',
    })
    expect(repositories[0]?.initialCommit?.files.map((file) => file.path)).toEqual([
      'README.md',
      'public/index.html',
      'public/style.css',
      '.gitlab-ci.yml',
    ])
  })

  it('answers an unknown template before storing anything', async () => {
    const { store, ports, inserted } = world()
    const created = createProject(store, ports, ALICE, input({ templateName: 'cobol' }))
    await expect(created).rejects.toThrow(InvalidError)
    await expect(created).rejects.toMatchObject({
      fieldErrors: { template_name: ["'cobol' is unknown or invalid"] },
    })
    expect(inserted.draft).toBeUndefined()
  })

  it('creates a sha256 repository and stores the format', async () => {
    const { store, ports, inserted, repositories } = world()
    await createProject(
      store,
      ports,
      ALICE,
      input({ repositoryObjectFormat: 'sha256', initializeWithReadme: true }),
    )
    expect(inserted.draft?.repositoryObjectFormat).toBe('sha256')
    expect(repositories[0]).toMatchObject({
      objectFormat: 'sha256',
      initialCommit: {
        message: 'Initial commit',
        files: [{ path: 'README.md', content: '# tool\n' }],
      },
    })
  })

  it('stores a valid avatar with the project', async () => {
    const { store, ports, inserted } = world()
    const content = Buffer.from('png')
    await createProject(
      store,
      ports,
      ALICE,
      input({ avatar: { filename: 'my logo.png', content } }),
    )
    expect(inserted.draft?.avatarFilename).toBe('my_logo.png')
    expect(inserted.avatar).toEqual({
      kind: 'set',
      avatar: { filename: 'my_logo.png', contentType: 'image/png', content },
    })
  })

  it('refuses an avatar that is not an image, with the other validations', async () => {
    const { store, ports, inserted } = world()
    const created = createProject(
      store,
      ports,
      ALICE,
      input({ avatar: { filename: 'x.svg', content: Buffer.from('<svg/>') } }),
    )
    await expect(created).rejects.toMatchObject({
      fieldErrors: { avatar: [expect.stringMatching(/^file format is not supported/)] },
    })
    expect(inserted.draft).toBeUndefined()
  })
})

describe('createProject: the instance settings that act', () => {
  it("holds a personal project to its creator's projects_limit, in GitLab's words", async () => {
    const atLimit = world({ limit: 2, held: 2 })
    const refused = createProject(atLimit.store, atLimit.ports, ALICE, input({}))
    await expect(refused).rejects.toThrow(ForbiddenError)
    await expect(refused).rejects.toMatchObject({
      reason: 'limit_reached',
      message:
        "You've reached your limit of 2 projects created. Contact your GitLab administrator.",
    })
    expect(atLimit.inserted.draft).toBeUndefined()

    const none = world({ limit: 0 })
    await expect(createProject(none.store, none.ports, ALICE, input({}))).rejects.toMatchObject({
      message:
        'You cannot create projects in your personal namespace. Contact your GitLab administrator.',
    })
    const below = world({ limit: 2, held: 1 })
    await createProject(below.store, below.ports, ALICE, input({}))
    expect(below.inserted.draft?.name).toBe('tool')
  })

  it('answers the limit of a user an administrator creates for as a field error', async () => {
    const { store, ports } = world({ limit: 0 })
    const created = createProject(store, ports, { userId: 1, admin: true }, input({ forUserId: 7 }))
    await expect(created).rejects.toThrow(InvalidError)
    await expect(created).rejects.toMatchObject({
      fieldErrors: {
        limit_reached: [
          'You cannot create projects in your personal namespace. Contact your GitLab administrator.',
        ],
      },
    })
  })

  it('starts the repository on default_branch_name, and refuses a disabled git import', async () => {
    const named = world({ settings: { default_branch_name: 'trunk' } })
    await createProject(named.store, named.ports, ALICE, input({}))
    expect(named.repositories[0]?.defaultBranch).toBe('trunk')

    const noGit = world({ settings: { import_sources: ['github'] } })
    const imported = createProject(
      noGit.store,
      noGit.ports,
      ALICE,
      input({ importUrl: 'https://example.com/x.git' }),
    )
    await expect(imported).rejects.toThrow(ForbiddenError)
  })
})
