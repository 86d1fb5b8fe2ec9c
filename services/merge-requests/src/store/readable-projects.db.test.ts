import { AccessLevel } from '@suite/proto'
import type { AbilityScope, ProjectAccessFacts, Requirement } from '../domain/access-facts.js'
import type { ListedProjects } from '../domain/list-conditions.js'
import { listMergeRequestRows } from './merge-request-list.js'
import { saveProjectAccessFacts } from './project-access-facts.store.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'

const { ACCESS_LEVEL_NO_ACCESS, ACCESS_LEVEL_GUEST, ACCESS_LEVEL_REPORTER } = AccessLevel

const PUBLIC: Requirement = {
  admin: true,
  anonymous: true,
  signedIn: true,
  memberMinLevel: ACCESS_LEVEL_GUEST,
}
const INTERNAL: Requirement = { ...PUBLIC, anonymous: false }
const PRIVATE: Requirement = {
  admin: true,
  anonymous: false,
  signedIn: false,
  memberMinLevel: ACCESS_LEVEL_REPORTER,
}
const DISABLED: Requirement = {
  admin: false,
  anonymous: false,
  signedIn: false,
  memberMinLevel: ACCESS_LEVEL_NO_ACCESS,
}

function facts(
  projectId: number,
  readMergeRequest: Requirement,
  values: Partial<ProjectAccessFacts> = {},
) {
  return {
    projectId,
    groupIds: [],
    ownerUserId: undefined,
    archived: false,
    readMergeRequest,
    readIssue: readMergeRequest,
    version: 1,
    ...values,
  }
}

/** 101..108: one merge request each; 108 has no facts (never seen). */
const PROJECTS: ProjectAccessFacts[] = [
  facts(101, PUBLIC),
  facts(102, INTERNAL),
  facts(103, PRIVATE, { groupIds: [10, 11] }),
  facts(104, PRIVATE, { ownerUserId: 40 }),
  facts(105, DISABLED, { groupIds: [10] }),
  facts(106, PRIVATE, { groupIds: [10], archived: true }),
  // A public project whose merge requests are "Only Project Members".
  facts(107, { ...PRIVATE, memberMinLevel: ACCESS_LEVEL_REPORTER }, { groupIds: [20] }),
]

let test: TestDatabase

beforeAll(async () => {
  test = await createTestDatabase()
  await saveProjectAccessFacts(test.db, PROJECTS)
  for (const project of [101, 102, 103, 104, 105, 106, 107, 108]) {
    await insertTestMergeRequest(test.db, { target_project_id: project })
  }
}, 60_000)

afterAll(async () => {
  await test.drop()
})

const NOBODY: AbilityScope = {
  admin: false,
  signedIn: false,
  userId: undefined,
  projects: [],
  groups: [],
}
const USER: AbilityScope = { ...NOBODY, signedIn: true, userId: 5 }

async function listed(
  scope: AbilityScope,
  given: Partial<Extract<ListedProjects, { kind: 'readable' }>> = {},
  page = { limit: 100, offset: 0 },
): Promise<{ projects: number[]; total: number }> {
  const { rows, total } = await listMergeRequestRows(test.db, {
    projects: { kind: 'readable', scope, nonArchived: false, ...given },
    include: {},
    exclude: {},
    orderBy: 'created_at',
    ascending: true,
    ...page,
  })
  return { projects: rows.map((row) => row.target_project_id), total }
}

describe('read_merge_request across projects, in SQL', () => {
  it('admits anonymous callers to public projects only', async () => {
    expect((await listed(NOBODY)).projects).toEqual([101])
  })

  it('admits any signed-in user to internal projects too', async () => {
    expect((await listed(USER)).projects).toEqual([101, 102])
  })

  it('admits admins wherever the feature is on, never to a project it has not seen', async () => {
    const admin = { ...USER, admin: true }
    expect((await listed(admin)).projects).toEqual([101, 102, 103, 104, 106, 107])
  })

  it('counts a membership from its level: project, group above (any depth), namespace owner', async () => {
    const reporterOf103 = {
      ...USER,
      projects: [{ sourceId: 103, accessLevel: ACCESS_LEVEL_REPORTER }],
    }
    expect((await listed(reporterOf103)).projects).toEqual([101, 102, 103])
    const guestOf103 = { ...USER, projects: [{ sourceId: 103, accessLevel: ACCESS_LEVEL_GUEST }] }
    expect((await listed(guestOf103)).projects).toEqual([101, 102])
    const subgroupReporter = {
      ...USER,
      groups: [{ sourceId: 11, accessLevel: ACCESS_LEVEL_REPORTER }],
    }
    expect((await listed(subgroupReporter)).projects).toEqual([101, 102, 103])
    const groupGuest = { ...USER, groups: [{ sourceId: 10, accessLevel: ACCESS_LEVEL_GUEST }] }
    expect((await listed(groupGuest)).projects).toEqual([101, 102])
    // A membership counts for nothing where the feature is disabled.
    const groupOwner = {
      ...USER,
      groups: [{ sourceId: 10, accessLevel: AccessLevel.ACCESS_LEVEL_OWNER }],
    }
    expect((await listed(groupOwner)).projects).toEqual([101, 102, 103, 106])
    expect((await listed({ ...USER, userId: 40 })).projects).toEqual([101, 102, 104])
    const memberOf107 = { ...USER, groups: [{ sourceId: 20, accessLevel: ACCESS_LEVEL_REPORTER }] }
    expect((await listed(memberOf107)).projects).toEqual([101, 102, 107])
  })

  it('keeps to the group and leaves archived projects out when asked', async () => {
    const admin = { ...USER, admin: true }
    expect((await listed(admin, { groupId: 10 })).projects).toEqual([103, 106])
    expect((await listed(admin, { groupId: 10, nonArchived: true })).projects).toEqual([103])
    expect((await listed(USER, { groupId: 10 })).projects).toEqual([])
  })

  it('counts the whole list while answering one page', async () => {
    const admin = { ...USER, admin: true }
    const page = await listed(admin, {}, { limit: 2, offset: 2 })
    expect(page).toEqual({ projects: [103, 104], total: 6 })
  })
})

describe('saveProjectAccessFacts', () => {
  const stored = (projectId: number) =>
    test.db
      .selectFrom('project_access_facts')
      .select(['version', 'archived', 'group_ids', 'read_merge_request_member_min_level'])
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow()

  it('replaces a project’s facts only with a higher version', async () => {
    await saveProjectAccessFacts(test.db, [facts(200, PRIVATE, { version: 5, groupIds: [7] })])
    await saveProjectAccessFacts(test.db, [facts(200, PUBLIC, { version: 4, archived: true })])
    expect(await stored(200)).toEqual({
      version: 5,
      archived: false,
      group_ids: ['7'],
      read_merge_request_member_min_level: ACCESS_LEVEL_REPORTER,
    })
    await saveProjectAccessFacts(test.db, [
      facts(200, PUBLIC, { version: 7, archived: true }),
      facts(200, PUBLIC, { version: 6 }),
    ])
    expect(await stored(200)).toMatchObject({ version: 7, archived: true, group_ids: [] })
  })
})
