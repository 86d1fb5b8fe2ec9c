import {
  ForbiddenError,
  InvalidError,
  RecordNotFoundError,
  UnauthenticatedError,
} from '@suite/runtime'
import { InMemoryTriggerStore } from '../testing/in-memory-trigger-store.js'
import type { Caller, ProjectGrant } from './caller.js'
import {
  createTrigger,
  deleteTrigger,
  getTrigger,
  listTriggers,
  NOT_ALLOWED_TO_UPDATE,
  updateTrigger,
} from './triggers.js'

const NOW = new Date('2026-11-26T12:00:00.000Z')
const PROJECT = 7

function grant(overrides: Partial<ProjectGrant> = {}): ProjectGrant {
  return {
    projectId: PROJECT,
    readPipeline: true,
    createPipeline: true,
    updatePipeline: true,
    adminPipeline: true,
    destroyPipeline: false,
    adminPipelineTriggers: true,
    readBuild: true,
    readCommitStatus: true,
    updateBuild: false,
    adminRunner: false,
    readRunners: false,
    adminJobTokenScope: false,
    ...overrides,
  }
}

const maintainer = (userId: number): Caller => ({ userId, admin: false, grant: grant() })
const developer: Caller = {
  userId: 3,
  admin: false,
  grant: grant({ adminPipelineTriggers: false, adminPipeline: false }),
}

describe('trigger token management', () => {
  let store: InMemoryTriggerStore
  beforeEach(() => {
    store = new InMemoryTriggerStore(() => NOW)
  })

  it('creates a glptt- token owned by the caller and shows it to them in full', async () => {
    const created = await createTrigger(
      store,
      maintainer(1),
      PROJECT,
      { description: 'deploy', expiresAt: null },
      NOW,
    )
    expect(created).toMatchObject({ id: 1, ownerId: 1, description: 'deploy', expiresAt: null })
    expect(created.token).toMatch(/^glptt-[0-9a-f]{40}$/)
  })

  it('shows other owners four characters of their tokens', async () => {
    const own = await createTrigger(
      store,
      maintainer(1),
      PROJECT,
      { description: 'a', expiresAt: null },
      NOW,
    )
    const other = await createTrigger(
      store,
      maintainer(2),
      PROJECT,
      { description: 'b', expiresAt: null },
      NOW,
    )
    const { triggers, total } = await listTriggers(store, maintainer(1), PROJECT, undefined)
    expect(total).toBe(2)
    expect(triggers.map((t) => t.token)).toEqual([own.token, other.token.slice(0, 4)])
    expect((await getTrigger(store, maintainer(2), PROJECT, own.id)).token).toBe('glpt')
  })

  it('refuses Developers (403), the anonymous (401) and grants of another project', async () => {
    await expect(listTriggers(store, developer, PROJECT, undefined)).rejects.toBeInstanceOf(
      ForbiddenError,
    )
    await expect(
      createTrigger(store, developer, PROJECT, { description: 'x', expiresAt: null }, NOW),
    ).rejects.toBeInstanceOf(ForbiddenError)
    await expect(deleteTrigger(store, developer, PROJECT, 1)).rejects.toBeInstanceOf(ForbiddenError)
    await expect(
      listTriggers(store, { userId: null, admin: false, grant: grant() }, PROJECT, undefined),
    ).rejects.toBeInstanceOf(UnauthenticatedError)
    await expect(listTriggers(store, maintainer(1), PROJECT + 1, undefined)).rejects.toBeInstanceOf(
      ForbiddenError,
    )
  })

  it("answers GitLab's find miss for an unknown id", async () => {
    await expect(getTrigger(store, maintainer(1), PROJECT, 99)).rejects.toBeInstanceOf(
      RecordNotFoundError,
    )
    await expect(deleteTrigger(store, maintainer(1), PROJECT, 99)).rejects.toBeInstanceOf(
      RecordNotFoundError,
    )
    await expect(updateTrigger(store, developer, PROJECT, 99, 'x')).rejects.toBeInstanceOf(
      RecordNotFoundError,
    )
  })

  it('lets only the owner update, while a Maintainer', async () => {
    const mine = await createTrigger(
      store,
      maintainer(1),
      PROJECT,
      { description: 'a', expiresAt: null },
      NOW,
    )
    const updated = await updateTrigger(store, maintainer(1), PROJECT, mine.id, 'renamed')
    expect(updated).toMatchObject({ description: 'renamed', token: mine.token })
    await expect(updateTrigger(store, maintainer(2), PROJECT, mine.id, 'x')).rejects.toThrow(
      new ForbiddenError(NOT_ALLOWED_TO_UPDATE),
    )
    const demoted: Caller = { ...developer, userId: 1 }
    await expect(updateTrigger(store, demoted, PROJECT, mine.id, 'x')).rejects.toBeInstanceOf(
      ForbiddenError,
    )
    expect(
      (await updateTrigger(store, maintainer(1), PROJECT, mine.id, null)).description,
    ).toBeNull()
  })

  it('deletes', async () => {
    const mine = await createTrigger(
      store,
      maintainer(1),
      PROJECT,
      { description: 'a', expiresAt: null },
      NOW,
    )
    await deleteTrigger(store, maintainer(2), PROJECT, mine.id)
    expect(store.triggers).toHaveLength(0)
  })

  it('takes an expiry within the instance maximum only', async () => {
    const soon = new Date('2027-01-01T00:00:00.000Z')
    const created = await createTrigger(
      store,
      maintainer(1),
      PROJECT,
      { description: 'a', expiresAt: soon },
      NOW,
    )
    expect(created.expiresAt).toEqual(soon)
    const far = new Date('2046-01-01T00:00:00.000Z')
    const refused = createTrigger(
      store,
      maintainer(1),
      PROJECT,
      { description: 'a', expiresAt: far },
      NOW,
    )
    await expect(refused).rejects.toBeInstanceOf(InvalidError)
    await expect(refused).rejects.toThrow(
      '400 Bad request - {"expires_at":["must be before 2027-11-26"]}',
    )
  })
})
