import pg from 'pg'
import { api, apiUrl } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import { createProject } from './support/projects'
import { describeUnless } from './support/skip'
import { suiteDatabaseUrl } from './support/suite-state'
import type { ProjectJson } from './support/types'

// The statement_timeout case waits the server role's 15 s.
jest.setTimeout(90_000)

const url = suiteDatabaseUrl()

/**
 * A statement that runs for real until something ends it: creating a
 * milestone takes the project's milestone iid lock (an advisory lock in
 * PostgreSQL), which the test holds in a transaction of its own. The
 * service's statement waits in pg_stat_activity, blocked by the test's
 * backend, and only this test's project is held up.
 */
describeUnless(
  url ? undefined : 'the suite was started elsewhere: its database is not known',
  'statement-bounds.test.ts',
)('SQL statements of an API request', () => {
  let owner: UserWithToken
  let observer: pg.Client

  beforeAll(async () => {
    owner = await createUserWithToken()
    observer = new pg.Client({ connectionString: url })
    await observer.connect()
  })

  afterAll(async () => {
    await observer.end()
  })

  /** Holds the milestone iid lock of `project` until the returned release is called. */
  async function holdMilestoneLock(project: ProjectJson) {
    const holder = new pg.Client({ connectionString: url })
    await holder.connect()
    await holder.query('begin')
    await holder.query('select pg_advisory_xact_lock(hashtext($1))', [
      `milestones.iid:${project.id}`,
    ])
    const pid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid
    expect(pid).toEqual(expect.any(Number))
    return {
      pid: pid as number,
      release: async () => {
        await holder.query('rollback')
        await holder.end()
      },
    }
  }

  /** Statements blocked by backend `pid`. */
  async function blockedBy(pid: number): Promise<number> {
    const result = await observer.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
      [pid],
    )
    return result.rows[0]?.n ?? 0
  }

  async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
    const started = Date.now()
    while (!(await check())) {
      if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return Date.now() - started
  }

  async function milestoneTitles(project: ProjectJson): Promise<string[]> {
    const res = await api<{ title: string }[]>(`/projects/${project.id}/milestones`, {
      token: owner.token,
    })
    expect(res.status).toBe(200)
    return res.body.map((milestone) => milestone.title)
  }

  it('cancels the statement within a second when the HTTP client goes away', async () => {
    const project = await createProject(owner.token)
    const lock = await holdMilestoneLock(project)
    try {
      const controller = new AbortController()
      const request = fetch(apiUrl(`/projects/${project.id}/milestones`), {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': owner.token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: uniqueName('gone') }),
        signal: controller.signal,
      }).then(
        () => 'answered',
        () => 'aborted',
      )
      await waitFor(async () => (await blockedBy(lock.pid)) === 1, 10_000)
      controller.abort()
      expect(await request).toBe('aborted')
      const gone = await waitFor(async () => (await blockedBy(lock.pid)) === 0, 5_000)
      expect(gone).toBeLessThan(1_000)
    } finally {
      await lock.release()
    }
    // Its transaction was rolled back: nothing was created.
    expect(await milestoneTitles(project)).toEqual([])
  })

  it('ends a statement at the role’s statement_timeout with a 503', async () => {
    const project = await createProject(owner.token)
    const lock = await holdMilestoneLock(project)
    try {
      const started = Date.now()
      const res = await api(`/projects/${project.id}/milestones`, {
        method: 'POST',
        token: owner.token,
        body: { title: uniqueName('slow') },
      })
      const took = Date.now() - started
      expect(res.status).toBe(503)
      expect(res.body).toEqual({ message: '503 Service Unavailable' })
      // The server role's 15 s, well before the gateway's 30 s write deadline.
      expect(took).toBeGreaterThanOrEqual(14_000)
      expect(took).toBeLessThan(25_000)
      expect(await blockedBy(lock.pid)).toBe(0)
    } finally {
      await lock.release()
    }
    expect(await milestoneTitles(project)).toEqual([])
  })
})
