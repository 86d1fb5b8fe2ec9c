import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely'
import { NO_MEMBERSHIPS } from '../domain/policy.js'
import { readableProjectIdsQuery } from './readable-project-ids.store.js'
import type { Database } from './schema.js'

/** Compiles queries without a database. */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
})

const member = {
  caller: { userId: 8, admin: false },
  memberships: { projects: new Map([[3, 30]]), groups: new Map([[9, 10]]) },
}

describe('readableProjectIdsQuery', () => {
  it("reuses the projects list's visibility: internal and up, or held", () => {
    const { sql, parameters } = readableProjectIdsQuery(db, member, {
      nonArchived: false,
    }).compile()
    expect(sql).toBe(
      'select "projects"."id" from "projects" where ("projects"."visibility_level" >= $1 or ("projects"."id" in ($2) or projects.namespace_traversal_ids && $3::bigint[] or "projects"."owner_id" = $4)) order by "projects"."id"',
    )
    expect(parameters).toEqual([10, 3, [9], 8])
  })

  it('sees only public projects without a user', () => {
    const { sql, parameters } = readableProjectIdsQuery(
      db,
      { caller: { userId: undefined, admin: false }, memberships: NO_MEMBERSHIPS },
      { nonArchived: false },
    ).compile()
    expect(sql).toContain('"projects"."visibility_level" = $1')
    expect(parameters).toEqual([20])
  })

  it('keeps a group and its subgroups, unarchived', () => {
    const { sql, parameters } = readableProjectIdsQuery(
      db,
      { caller: { userId: 1, admin: true }, memberships: NO_MEMBERSHIPS },
      { groupId: 9, nonArchived: true },
    ).compile()
    expect(sql).toBe(
      'select "projects"."id" from "projects" where true and $1::bigint = any(projects.namespace_traversal_ids) and "projects"."archived" = $2 order by "projects"."id"',
    )
    expect(parameters).toEqual([9, false])
  })
})
