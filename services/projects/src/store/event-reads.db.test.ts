import { AccessLevel, EventRecord } from '@suite/proto'
import type { Kysely } from 'kysely'
import {
  LIST_ABILITIES,
  abilityScope,
  type AbilityScope,
  type ListAbility,
} from '../domain/access-requirements.js'
import type { Caller } from '../domain/caller.js'
import type { EventFilter } from '../domain/event-filters.js'
import type { Memberships } from '../domain/project-grant.js'
import { migratedDatabase, namespaceOf, projectDraft } from '../testing/test-database.js'
import { eventReader } from './event-reads.store.js'
import { recordEvent } from './events.store.js'
import { ProjectsStore } from './projects.store.js'
import type { Database } from './schema.js'

let db: Kysely<Database>
let drop: () => Promise<void>
const project: Record<'private' | 'publicMembersOnly' | 'public' | 'elsewhere', number> = {
  private: 0,
  publicMembersOnly: 0,
  public: 0,
  elsewhere: 0,
}
const AUTHOR = 5

beforeAll(async () => {
  ;({ db, drop } = await migratedDatabase('events'))
  const store = new ProjectsStore(db)
  const group = namespaceOf('group', 3)
  project.private = await store.insert(projectDraft(group, 'private'), [], 1)
  project.publicMembersOnly = await store.insert(
    projectDraft(group, 'public', { repository: 'private', merge_requests: 'private' }),
    [],
    1,
  )
  project.public = await store.insert(projectDraft(group, 'public'), [], 1)
  project.elsewhere = await store.insert(projectDraft(namespaceOf('group', 9), 'public'), [], 1)
  for (const [name, id] of Object.entries(project)) {
    await recordEvent(
      db,
      EventRecord.fromPartial({
        action: 'pushed',
        projectId: id,
        authorId: AUTHOR,
        pushData: {
          commitCount: 1,
          action: 'pushed',
          refType: 'tag',
          commitFrom: '',
          commitTo: 'a'.repeat(40),
          ref: 'v1',
          commitTitle: `secret commit in ${name}`,
          refCount: 0,
        },
        idempotencyKey: `push-${name}`,
      }),
    )
    await recordEvent(
      db,
      EventRecord.fromPartial({
        action: 'created',
        projectId: id,
        authorId: AUTHOR,
        targetType: 'MergeRequest',
        targetId: id,
        targetIid: 1,
        targetTitle: `merge request in ${name}`,
        idempotencyKey: `mr-${name}`,
      }),
    )
  }
})

afterAll(() => drop())

const none: Memberships = { projects: new Map(), groups: new Map() }
const inGroup = (level: AccessLevel): Memberships => ({
  projects: new Map(),
  groups: new Map([[3, { level, permissions: [] }]]),
})

function scopes(caller: Caller, memberships: Memberships): Record<ListAbility, AbilityScope> {
  return Object.fromEntries(
    LIST_ABILITIES.map((name) => [name, abilityScope(caller, memberships, name)]),
  ) as Record<ListAbility, AbilityScope>
}

async function visible(
  caller: Caller,
  memberships: Memberships,
  filter: EventFilter,
  options: { membersOnly?: boolean; page?: { page: number; perPage: number } } = {},
) {
  const { events, total } = await eventReader(db).list(
    filter,
    { scopes: scopes(caller, memberships), membersOnly: options.membersOnly ?? false },
    'asc',
    options.page ?? { page: 1, perPage: 100 },
  )
  const kinds = events.map((event) => {
    const name = Object.entries(project).find(([, id]) => id === event.projectId)?.[0]
    const kind = event.action === 'pushed' ? 'push' : event.targetType === null ? 'project' : 'mr'
    return `${name}:${kind}`
  })
  return { kinds, total }
}

const user: Caller = { userId: 7, admin: false }

describe('events the caller may see, in SQL', () => {
  it("hides a private project's pushes and merge requests from its Guests", async () => {
    const { kinds } = await visible(user, inGroup(AccessLevel.ACCESS_LEVEL_GUEST), {
      projectIds: [project.private],
    })
    expect(kinds).toEqual(['private:project'])
  })

  it("shows a private project's pushes and merge requests to its Reporters", async () => {
    const { kinds } = await visible(user, inGroup(AccessLevel.ACCESS_LEVEL_REPORTER), {
      projectIds: [project.private],
    })
    expect(kinds).toEqual(['private:project', 'private:push', 'private:mr'])
  })

  it('shows nothing of a private project to a non-member, even when asked for it by id', async () => {
    expect(await visible(user, none, { projectIds: [project.private] })).toEqual({
      kinds: [],
      total: 0,
    })
  })

  it("honours features open to members only in a user's feed, counting before paging", async () => {
    const anonymous: Caller = { userId: undefined, admin: false }
    const all = await visible(anonymous, none, { authorId: AUTHOR })
    expect(all).toEqual({
      kinds: ['public:push', 'public:mr', 'elsewhere:push', 'elsewhere:mr'],
      total: 4,
    })
    const second = await visible(
      anonymous,
      none,
      { authorId: AUTHOR },
      { page: { page: 2, perPage: 3 } },
    )
    expect(second).toEqual({ kinds: ['elsewhere:mr'], total: 4 })
  })

  it('lets a public project’s Guests read code where only members may, not Reporter-only merge requests', async () => {
    const { kinds } = await visible(user, inGroup(AccessLevel.ACCESS_LEVEL_GUEST), {
      authorId: AUTHOR,
    })
    expect(kinds).toEqual([
      'publicMembersOnly:push',
      'public:push',
      'public:mr',
      'elsewhere:push',
      'elsewhere:mr',
    ])
  })

  it('keeps scope=all to the projects the caller is a member of', async () => {
    const { kinds } = await visible(
      user,
      inGroup(AccessLevel.ACCESS_LEVEL_DEVELOPER),
      {},
      {
        membersOnly: true,
      },
    )
    expect(kinds.filter((kind) => kind.startsWith('elsewhere'))).toEqual([])
    expect(kinds).toContain('private:push')
  })

  it('shows administrators everything', async () => {
    const { total } = await visible({ userId: 1, admin: true }, none, {})
    // Each project's own `created` event, a push and a merge request.
    expect(total).toBe(12)
  })
})

describe('the order of a list', () => {
  it('follows created_at across pages, an event stored late sitting where it happened', async () => {
    const store = new ProjectsStore(db)
    const ordered = await store.insert(projectDraft(namespaceOf('group', 11), 'public'), [], 1)
    const at = (minute: number) => new Date(Date.UTC(2100, 0, 1, 0, minute))
    const report = (key: string, minute: number) =>
      recordEvent(
        db,
        EventRecord.fromPartial({
          action: key === 'opened' ? 'created' : 'pushed',
          projectId: ordered,
          authorId: AUTHOR,
          targetType: key === 'opened' ? 'MergeRequest' : undefined,
          targetId: key === 'opened' ? 1 : undefined,
          pushData:
            key === 'opened'
              ? undefined
              : {
                  commitCount: 1,
                  action: 'pushed',
                  refType: 'branch',
                  commitFrom: '',
                  commitTo: 'b'.repeat(40),
                  ref: key,
                  commitTitle: key,
                  refCount: 0,
                },
          createdAt: at(minute),
          idempotencyKey: `ordered-${key}`,
        }),
      )
    await report('first', 1)
    await report('third', 3)
    // The merge request's event reached the worker after a later push.
    await report('opened', 2)
    const page = async (n: number, sort: 'asc' | 'desc') => {
      const { events } = await eventReader(db).list(
        { projectIds: [ordered] },
        { scopes: scopes({ userId: 1, admin: true }, none), membersOnly: false },
        sort,
        { page: n, perPage: 2 },
      )
      return events.map((event) => event.push?.ref ?? event.targetType ?? 'project')
    }
    expect([...(await page(1, 'desc')), ...(await page(2, 'desc'))]).toEqual([
      'third',
      'MergeRequest',
      'first',
      'project',
    ])
    expect([...(await page(1, 'asc')), ...(await page(2, 'asc'))]).toEqual([
      'project',
      'first',
      'MergeRequest',
      'third',
    ])
  })
})
