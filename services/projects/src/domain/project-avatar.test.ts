import { NotFoundError } from '@suite/runtime'
import type { IdentityPort, ProjectStore } from './ports.js'
import { getProjectAvatar } from './project-avatar.js'
import { defaultFeatureLevels, FLAG_DEFAULTS } from './project-settings.js'

const avatar = { filename: 'dk.png', contentType: 'image/png', content: Buffer.from('png') }
const identity = {
  memberships: () => Promise.resolve({ projects: new Map(), groups: new Map() }),
} as unknown as IdentityPort

function storeWith(visibility: string, avatarFilename: string | null) {
  return {
    findById: (id: number) =>
      Promise.resolve({
        id,
        visibility,
        avatarFilename,
        features: defaultFeatureLevels(visibility),
        archived: false,
        flags: FLAG_DEFAULTS,
        namespace: { id: 3, kind: 'user', traversalIds: [], ownerId: 99 },
      }),
    avatar: () => Promise.resolve(avatar),
  } as unknown as ProjectStore
}

describe('getProjectAvatar', () => {
  it('serves the avatar of a public project to anyone', async () => {
    await expect(
      getProjectAvatar(
        storeWith('public', 'dk.png'),
        identity,
        { userId: undefined, admin: false },
        5,
        'dk.png',
      ),
    ).resolves.toEqual(avatar)
  })

  it('hides the avatar of a private project from a non-member', async () => {
    await expect(
      getProjectAvatar(
        storeWith('private', 'dk.png'),
        identity,
        { userId: 8, admin: false },
        5,
        'dk.png',
      ),
    ).rejects.toThrow(NotFoundError)
  })

  it('answers NotFound under another file name or without an avatar', async () => {
    const anyone = { userId: undefined, admin: false }
    await expect(
      getProjectAvatar(storeWith('public', 'dk.png'), identity, anyone, 5, 'other.png'),
    ).rejects.toThrow(NotFoundError)
    await expect(
      getProjectAvatar(storeWith('public', null), identity, anyone, 5, 'dk.png'),
    ).rejects.toThrow(NotFoundError)
  })
})
