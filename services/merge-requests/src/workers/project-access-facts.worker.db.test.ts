import { AccessLevel, ProjectAccessFacts } from '@suite/proto'
import { UnrecoverableError } from 'bullmq'
import { createStores } from '../store/stores.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { applyProjectAccessFactsJob } from './project-access-facts.worker.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(async () => {
  await test.drop()
})

const stored = (projectId: number) =>
  test.db
    .selectFrom('project_access_facts')
    .selectAll()
    .where('project_id', '=', projectId)
    .executeTakeFirst()

describe('applyProjectAccessFactsJob', () => {
  it('stores the facts the projects service queues (its JSON form), newest version only', async () => {
    const message = ProjectAccessFacts.fromPartial({
      projectId: 31,
      groupIds: [4, 9],
      ownerUserId: undefined,
      archived: false,
      readMergeRequest: {
        admin: true,
        anonymous: false,
        signedIn: true,
        memberMinLevel: AccessLevel.ACCESS_LEVEL_REPORTER,
      },
      version: 3,
    })
    await applyProjectAccessFactsJob(
      { stores: createStores(test.db) },
      ProjectAccessFacts.toJSON(message),
    )
    expect(await stored(31)).toMatchObject({
      group_ids: ['4', '9'],
      owner_user_id: null,
      archived: false,
      read_merge_request_admin: true,
      read_merge_request_anonymous: false,
      read_merge_request_signed_in: true,
      read_merge_request_member_min_level: AccessLevel.ACCESS_LEVEL_REPORTER,
      version: 3,
    })
    const older = ProjectAccessFacts.toJSON({ ...message, archived: true, version: 2 })
    await applyProjectAccessFactsJob({ stores: createStores(test.db) }, older)
    expect(await stored(31)).toMatchObject({ archived: false, version: 3 })
  })

  it('fails for good on a payload that names no project', async () => {
    await expect(
      applyProjectAccessFactsJob({ stores: createStores(test.db) }, { version: 1 }),
    ).rejects.toBeInstanceOf(UnrecoverableError)
    await expect(
      applyProjectAccessFactsJob({ stores: createStores(test.db) }, 'junk'),
    ).rejects.toBeInstanceOf(UnrecoverableError)
  })
})
