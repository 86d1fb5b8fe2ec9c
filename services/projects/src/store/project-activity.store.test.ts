import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely'
import { advanceLastActivity } from './project-activity.store.js'
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

describe('advanceLastActivity: last_activity_at follows events, only forward', () => {
  const at = new Date('2026-11-21T12:00:00.000Z')
  const compiled = advanceLastActivity(db, 7, at).compile()

  it("is one UPDATE of that project's row, answering whether it exists", () => {
    expect(compiled.sql).toBe(
      'update "projects" set "last_activity_at" = greatest(last_activity_at, $1::timestamptz) where "id" = $2 returning "id"',
    )
    expect(compiled.parameters).toEqual([at, 7])
  })

  it("never moves it back: greatest() of the stored time and the event's", () => {
    expect(compiled.sql).toContain('greatest(last_activity_at, $1::timestamptz)')
  })

  it('takes the database clock for an event stored with the default created_at', () => {
    expect(advanceLastActivity(db, 7, undefined).compile().sql).toContain(
      'greatest(last_activity_at, now())',
    )
  })

  it('leaves updated_at alone (it follows the project record, not activity)', () => {
    expect(compiled.sql).not.toContain('updated_at')
  })
})
