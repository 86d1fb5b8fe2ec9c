import { AccessLevel } from '@suite/proto'
import { createTestSchema } from '@suite/runtime/testing'
import type { Kysely } from 'kysely'
import { UniqueViolation } from '../domain/write-conflicts.js'
import { migrations } from '../migrations/index.js'
import { GroupLinksStore } from './group-links.store.js'
import type { Database } from './schema.js'

const { ACCESS_LEVEL_MINIMAL, ACCESS_LEVEL_REPORTER, ACCESS_LEVEL_DEVELOPER } = AccessLevel
const { ACCESS_LEVEL_MAINTAINER, ACCESS_LEVEL_OWNER } = AccessLevel

let db: Kysely<Database>
let drop: () => Promise<void>
let store: GroupLinksStore

// Groups: shared (1001) with child (1002); invited (1003) below invitedParent (1004); other (1005).
const SHARED = 1001
const CHILD = 1002
const INVITED = 1003
const INVITED_PARENT = 1004
const OTHER = 1005
// Users: of invitedParent (Developer), of other (expired Maintainer), of invited (Minimal Access).
const INHERITING = 2001
const EXPIRED = 2002
const MINIMAL = 2003

async function group(id: number, name: string, traversalIds: number[]) {
  await db
    .insertInto('namespaces')
    .values({
      id,
      type: 'Group',
      name,
      path: `g${id}`,
      full_path: traversalIds.map((t) => `g${t}`).join('/'),
      full_name: name,
      owner_id: null,
      parent_id: traversalIds.length > 1 ? (traversalIds[traversalIds.length - 2] ?? null) : null,
      traversal_ids: traversalIds,
      visibility_level: 0,
    })
    .execute()
}

async function member(userId: number, groupId: number, level: number, expiresAt: string | null) {
  await db
    .insertInto('users')
    .values({
      id: userId,
      username: `u${userId}`,
      email: `u${userId}@example.com`,
      name: `U ${userId}`,
      encrypted_password: 'x',
    })
    .onConflict((oc) => oc.doNothing())
    .execute()
  await db
    .insertInto('members')
    .values({
      source_type: 'Namespace',
      source_id: groupId,
      user_id: userId,
      access_level: level,
      expires_at: expiresAt,
      created_by_id: null,
      member_role_id: null,
      member_namespace_id: groupId,
    })
    .execute()
}

beforeAll(async () => {
  ;({ db, drop } = await createTestSchema<Database>('identity_links', migrations))
  store = new GroupLinksStore(db)
  await group(SHARED, 'Shared', [SHARED])
  await group(CHILD, 'Child', [SHARED, CHILD])
  await group(INVITED_PARENT, 'Invited parent', [INVITED_PARENT])
  await group(INVITED, 'b invited', [INVITED_PARENT, INVITED])
  await group(OTHER, 'a other', [OTHER])
  await member(INHERITING, INVITED_PARENT, ACCESS_LEVEL_DEVELOPER, null)
  await member(EXPIRED, OTHER, ACCESS_LEVEL_MAINTAINER, '2020-01-01')
  await member(MINIMAL, INVITED, ACCESS_LEVEL_MINIMAL, null)
  await store.insert({
    sharedGroupId: SHARED,
    sharedWithGroupId: INVITED,
    groupAccess: ACCESS_LEVEL_REPORTER,
    expiresAt: null,
  })
  await store.insert({
    sharedGroupId: SHARED,
    sharedWithGroupId: OTHER,
    groupAccess: ACCESS_LEVEL_OWNER,
    expiresAt: null,
  })
  await store.insert({
    sharedGroupId: CHILD,
    sharedWithGroupId: INVITED,
    groupAccess: ACCESS_LEVEL_OWNER,
    expiresAt: '2020-01-01',
  })
})

afterAll(() => drop())

describe('GroupLinksStore', () => {
  it("grants the lower of the member's level (inherited in the invited group too) and group_access", async () => {
    expect(await store.grantsOf(INHERITING)).toEqual([
      {
        sourceType: 'Namespace',
        sourceId: SHARED,
        accessLevel: ACCESS_LEVEL_REPORTER,
        memberRoleId: null,
      },
    ])
    expect(await store.grantsOf(INHERITING, [SHARED, CHILD])).toHaveLength(1)
    // The link to the child expired: it grants nothing there.
    expect(await store.grantsOf(INHERITING, [CHILD])).toEqual([])
    expect(await store.grantsOf(INHERITING, [])).toEqual([])
  })

  it('grants nothing through an expired membership or Minimal Access', async () => {
    expect(await store.grantsOf(EXPIRED)).toEqual([])
    expect(await store.grantsOf(MINIMAL)).toEqual([])
  })

  it('lists a group’s links by the invited group’s name, refuses a pair twice, deletes once', async () => {
    const links = await store.listForSharedGroup(SHARED)
    expect(links.map((link) => [link.sharedWithGroupId, link.groupAccess])).toEqual([
      [OTHER, ACCESS_LEVEL_OWNER],
      [INVITED, ACCESS_LEVEL_REPORTER],
    ])
    expect(links[1]?.sharedWithGroup).toMatchObject({ fullPath: `g${INVITED_PARENT}/g${INVITED}` })
    await expect(
      store.insert({
        sharedGroupId: SHARED,
        sharedWithGroupId: OTHER,
        groupAccess: ACCESS_LEVEL_REPORTER,
        expiresAt: null,
      }),
    ).rejects.toEqual(new UniqueViolation('group_link'))
    expect(await store.delete(SHARED, OTHER)).toBe(true)
    expect(await store.delete(SHARED, OTHER)).toBe(false)
    expect((await store.listForSharedGroup(SHARED)).map((link) => link.sharedWithGroupId)).toEqual([
      INVITED,
    ])
  })
})
