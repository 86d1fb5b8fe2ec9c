import pg from 'pg'
import { api } from './support/api'
import { adminDatabaseUnavailable } from './support/database'
import { createUserWithToken } from './support/factories'
import { say } from './support/launch-suite'
import { privateRedisUnavailable, startPrivateSuite } from './support/private-suite'
import { createProject } from './support/projects'
import { describeUnless } from './support/skip'

// Issue 28, point 5: the PostgreSQL connections one installation holds straight
// to PostgreSQL (no pooler), at REPLICAS=1 and 2, measured from
// pg_stat_activity while a burst of reads across every domain runs, against
// the budget docs/operations.md gives: R x (10 x (DATABASE_POOL_SIZE + 1) + 1).

const POOL = 3
const SERVICE_PROCESSES = 10

const describeDirect = describeUnless(
  privateRedisUnavailable() ?? adminDatabaseUnavailable(),
  'connection-budget.test.ts',
)

describeDirect('PostgreSQL connections of one installation', () => {
  it.each([1, 2])(
    'at REPLICAS=%i stay within the budget, with one LISTEN per service process',
    async (replicas) => {
      const suite = await startPrivateSuite({
        REPLICAS: String(replicas),
        DATABASE_POOL_SIZE: String(POOL),
      })
      const observer = new pg.Client({ connectionString: suite.state.databaseUrl as string })
      try {
        await observer.connect()
        const count = async () => {
          const { rows } = await observer.query<{ total: number; listening: number }>(
            `select count(*)::int as total,
                    count(*) filter (where query ilike 'LISTEN %')::int as listening
               from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
          )
          return rows[0] as { total: number; listening: number }
        }
        const idle = await count()
        const owner = await createUserWithToken()
        const project = await createProject(owner.token)
        const paths = [
          `/projects/${project.id}`,
          `/projects/${project.id}/merge_requests`,
          `/projects/${project.id}/issues`,
          `/projects/${project.id}/triggers`,
          `/projects/${project.id}/alert_management_alerts`,
          '/user',
        ]
        let peak = idle.total
        let running = true
        const sampler = (async () => {
          while (running) {
            peak = Math.max(peak, (await count()).total)
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
        })()
        const answers = await Promise.all(
          Array.from({ length: 120 }, (_, i) =>
            api(paths[i % paths.length] as string, { token: owner.token }),
          ),
        )
        running = false
        await sampler
        const after = await count()
        peak = Math.max(peak, after.total)
        expect(answers.filter((res) => res.status !== 200).map((res) => res.text)).toEqual([])
        const budget = replicas * (SERVICE_PROCESSES * (POOL + 1) + 1)
        say(
          `REPLICAS=${replicas}, DATABASE_POOL_SIZE=${POOL}: ${idle.total} connections idle ` +
            `(${idle.listening} LISTEN), ${peak} at the peak of 120 concurrent reads, budget ${budget}`,
        )
        expect(after.listening).toBe(replicas * SERVICE_PROCESSES)
        expect(peak).toBeLessThanOrEqual(budget)
      } finally {
        await observer.end().catch(() => {})
        await suite.stop()
      }
    },
    300_000,
  )
})
