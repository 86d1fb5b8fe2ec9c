import { AccessLevel, MemberPermission } from '@suite/proto'
import { createDatabase, migrateToLatest, type VisibilityName } from '@suite/runtime'
import { Migrator, sql, type Kysely } from 'kysely'
import { abilityScope, LIST_ABILITIES, type ListAbility } from '../domain/access-requirements.js'
import type { Caller } from '../domain/caller.js'
import type { Memberships } from '../domain/project-grant.js'
import type { Grant } from '../domain/project.js'
import type { FeatureAccess } from '../domain/project-settings.js'
import { withAccess } from '../domain/read-projects.js'
import { migrations } from '../migrations/index.js'
import {
  migratedDatabase,
  namespaceOf,
  projectDraft,
  TEST_DATABASE_URL,
  throwawaySchema,
} from '../testing/test-database.js'
import { ProjectsStore } from './projects.store.js'
import { meetsRequirementSql } from './requirement-columns.js'
import type { Database } from './schema.js'

let db: Kysely<Database>
let drop: () => Promise<void>
let store: ProjectsStore

beforeAll(async () => {
  ;({ db, drop } = await migratedDatabase('access'))
  store = new ProjectsStore(db)
})

afterAll(() => drop())

const grant = (level: AccessLevel, permissions: MemberPermission[] = []): Grant => ({
  level,
  permissions,
})

const GROUP = namespaceOf('group', 3, { traversalIds: [2, 3] })
const PERSONAL = namespaceOf('user', 50, { ownerId: 8 })
const VISIBILITIES: VisibilityName[] = ['private', 'internal', 'public']
const LEVELS: FeatureAccess[] = ['enabled', 'private', 'disabled']

async function outboxProjectIds(): Promise<number[]> {
  const rows = await db
    .selectFrom('access_facts_outbox')
    .select('project_id')
    .orderBy('id')
    .execute()
  return rows.map((row) => row.project_id)
}

describe('project access in SQL', () => {
  const ids: number[] = []

  beforeAll(async () => {
    for (const visibility of VISIBILITIES) {
      for (const mergeRequests of LEVELS) {
        for (const repository of LEVELS) {
          const features = { merge_requests: mergeRequests, repository }
          ids.push(await store.insert(projectDraft(GROUP, visibility, features), [], 1))
          ids.push(await store.insert(projectDraft(PERSONAL, visibility, features), [], 8))
        }
      }
    }
  })

  const someProject = () => ids[0]!
  const callers: Record<string, { caller: Caller; memberships: Memberships }> = {
    anonymous: {
      caller: { userId: undefined, admin: false },
      memberships: { projects: new Map(), groups: new Map() },
    },
    'non-member': {
      caller: { userId: 7, admin: false },
      memberships: { projects: new Map(), groups: new Map() },
    },
    'guest of the parent group': {
      caller: { userId: 7, admin: false },
      memberships: {
        projects: new Map(),
        groups: new Map([[2, grant(AccessLevel.ACCESS_LEVEL_GUEST)]]),
      },
    },
    'guest with read_code': {
      caller: { userId: 7, admin: false },
      memberships: {
        projects: new Map(),
        groups: new Map([
          [
            3,
            grant(AccessLevel.ACCESS_LEVEL_GUEST, [MemberPermission.MEMBER_PERMISSION_READ_CODE]),
          ],
        ]),
      },
    },
    'reporter of one project': {
      caller: { userId: 7, admin: false },
      memberships: {
        projects: new Map([[someProject(), grant(AccessLevel.ACCESS_LEVEL_REPORTER)]]),
        groups: new Map(),
      },
    },
    'developer of the group': {
      caller: { userId: 7, admin: false },
      memberships: {
        projects: new Map(),
        groups: new Map([[3, grant(AccessLevel.ACCESS_LEVEL_DEVELOPER)]]),
      },
    },
    'owner of the personal namespace': {
      caller: { userId: 8, admin: false },
      memberships: { projects: new Map(), groups: new Map() },
    },
    admin: {
      caller: { userId: 1, admin: true },
      memberships: { projects: new Map(), groups: new Map() },
    },
  }

  it("keeps each project's Requirements in its row, as the policy gives them", async () => {
    const row = await db
      .selectFrom('projects')
      .select([
        'read_code_admin',
        'read_code_anonymous',
        'read_code_signed_in',
        'read_code_min_level',
      ])
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow()
    // The first project: private, everything enabled: Reporters and administrators read code.
    expect(row).toEqual({
      read_code_admin: true,
      read_code_anonymous: false,
      read_code_signed_in: false,
      read_code_min_level: AccessLevel.ACCESS_LEVEL_REPORTER,
    })
  })

  it.each(Object.keys(callers))(
    'answers the list abilities of %s as the abilities do',
    async (who) => {
      const { caller, memberships } = callers[who]!
      const projects = await store.findMany(ids)
      for (const ability of LIST_ABILITIES) {
        const expected = projects
          .filter((project) => withAccess(project, caller, memberships).abilities[ability])
          .map((project) => project.id)
        const scope = (name: ListAbility) => abilityScope(caller, memberships, name)
        const rows = await db
          .selectFrom('projects')
          .select('id')
          .where('id', 'in', ids)
          .where(meetsRequirementSql('readProject', scope('readProject')))
          .where(meetsRequirementSql(ability, scope(ability)))
          .orderBy('id')
          .execute()
        expect({ ability, ids: rows.map((row) => row.id) }).toEqual({ ability, ids: expected })
      }
    },
  )
})

describe('the access facts outbox', () => {
  it('queues a creation, and a change that alters the facts; the version grows with every update', async () => {
    await db.deleteFrom('access_facts_outbox').execute()
    const id = await store.insert(projectDraft(GROUP, 'private'), [], 1)
    expect(await outboxProjectIds()).toEqual([id])
    const created = (await store.findById(id))!
    expect(created.version).toBe(1)

    await store.update({ ...created, description: 'only words' }, undefined, undefined, false)
    expect(await outboxProjectIds()).toEqual([id])
    await store.update({ ...created, visibility: 'public' }, undefined, undefined, true)
    expect(await outboxProjectIds()).toEqual([id, id])
    expect((await store.findById(id))?.version).toBe(3)
  })
})

describe('the migration that adds access facts', () => {
  it('fills the Requirements of existing projects and queues each once', async () => {
    const schema = throwawaySchema('backfill')
    const old = createDatabase<Database>({ url: TEST_DATABASE_URL, schema, maxConnections: 2 })
    try {
      await sql`create schema ${sql.id(schema)}`.execute(old)
      const migrator = new Migrator({
        db: old,
        migrationTableSchema: schema,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      })
      const before = await migrator.migrateTo('2026_11_21_1400_add_project_avatars')
      expect(before.error).toBeUndefined()
      await sql`insert into projects (namespace_id, namespace_full_path, namespace_full_name,
          namespace_kind, namespace_traversal_ids, path, full_path, name, visibility_level,
          creator_id, runners_token, merge_requests_access_level)
        values (3, 'g', 'G', 'group', '{3}', 'p', 'g/p', 'p', 20, 1, 't', 'private')`.execute(old)
      const facts = await migrator.migrateTo('2026_11_22_1000_add_project_access_facts')
      expect(facts.error).toBeUndefined()
      const row = await old
        .selectFrom('projects')
        .select([
          'id',
          'version',
          'read_project_anonymous',
          'read_merge_request_anonymous',
          'read_merge_request_min_level',
        ])
        .executeTakeFirstOrThrow()
      expect(row).toEqual({
        id: row.id,
        version: 1,
        read_project_anonymous: true,
        read_merge_request_anonymous: false,
        read_merge_request_min_level: AccessLevel.ACCESS_LEVEL_REPORTER,
      })
      const queued = await old.selectFrom('access_facts_outbox').select('project_id').execute()
      expect(queued).toEqual([{ project_id: row.id }])

      // 2026_11_29_0110 fills read_issue from read_project and the issues
      // feature, and queues every project again under a new version.
      await sql`update projects set issues_access_level = 'private'`.execute(old)
      await migrateToLatest(old as Kysely<unknown>, schema, migrations)
      const issues = await old
        .selectFrom('projects')
        .select([
          'version',
          'read_issue_admin',
          'read_issue_anonymous',
          'read_issue_signed_in',
          'read_issue_min_level',
        ])
        .executeTakeFirstOrThrow()
      expect(issues).toEqual({
        version: 2,
        read_issue_admin: true,
        read_issue_anonymous: false,
        read_issue_signed_in: false,
        read_issue_min_level: AccessLevel.ACCESS_LEVEL_GUEST,
      })
      const requeued = await old.selectFrom('access_facts_outbox').select('project_id').execute()
      expect(requeued).toEqual([{ project_id: row.id }, { project_id: row.id }])
    } finally {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(old)
      await old.destroy()
    }
  })
})
