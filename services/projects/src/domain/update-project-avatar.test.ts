import type { AvatarChange } from './avatar.js'
import type { Ports, ProjectStore } from './ports.js'
import type { Project } from './project.js'
import { defaultFeatureLevels, FLAG_DEFAULTS } from './project-settings.js'
import { updateProject } from './update-project.js'
import type { SettingsInput } from './settings-input.js'
import type { ChangedProject } from './project.js'

const OWNER = { userId: 7, admin: false }
const current = {
  id: 5,
  name: 'tool',
  path: 'tool',
  visibility: 'private',
  defaultBranch: 'main',
  avatarFilename: 'old.png',
  namespace: { id: 3, fullPath: 'alice', kind: 'user', traversalIds: [], ownerId: OWNER.userId },
  features: defaultFeatureLevels('private'),
  archived: false,
  flags: FLAG_DEFAULTS,
  settings: { containerExpirationPolicy: {} },
} as unknown as Project
const noSettings: SettingsInput = {
  features: {},
  flags: {},
  settings: {},
  containerExpirationPolicy: {},
}

/** A store that keeps the update it is given. */
function world() {
  const updates: { project: ChangedProject; avatar: AvatarChange | undefined }[] = []
  const store = {
    findById: () => Promise.resolve(current),
    update: (project: ChangedProject, _topics: unknown, avatar?: AvatarChange) => {
      updates.push({ project, avatar })
      return Promise.resolve()
    },
  } as unknown as ProjectStore
  const ports = {
    identity: { memberships: () => Promise.resolve({ projects: new Map(), groups: new Map() }) },
  } as unknown as Ports
  return { store, ports, updates }
}

describe('updateProject: the avatar', () => {
  it('removes it when asked', async () => {
    const { store, ports, updates } = world()
    await updateProject(store, ports, OWNER, 5, noSettings, undefined, { remove: true })
    expect(updates[0]?.avatar).toEqual({ kind: 'remove' })
    expect(updates[0]?.project.avatarFilename).toBeNull()
  })

  it('replaces it with a valid image', async () => {
    const { store, ports, updates } = world()
    const upload = { filename: 'new.webp', content: Buffer.from('w') }
    await updateProject(store, ports, OWNER, 5, noSettings, undefined, { upload })
    expect(updates[0]?.project.avatarFilename).toBe('new.webp')
    expect(updates[0]?.avatar).toMatchObject({ kind: 'set', avatar: { contentType: 'image/webp' } })
  })

  it('leaves it without an avatar edit', async () => {
    const { store, ports, updates } = world()
    await updateProject(store, ports, OWNER, 5, { ...noSettings, description: 'd' }, undefined)
    expect(updates[0]?.avatar).toBeUndefined()
    expect(updates[0]?.project.avatarFilename).toBe('old.png')
  })

  it('refuses a file that is too big', async () => {
    const { store, ports, updates } = world()
    const upload = { filename: 'big.png', content: Buffer.alloc(200 * 1024 + 1) }
    await expect(
      updateProject(store, ports, OWNER, 5, noSettings, undefined, { upload }),
    ).rejects.toMatchObject({ fieldErrors: { avatar: ['is too big (should be at most 200 KiB)'] } })
    expect(updates).toEqual([])
  })
})
