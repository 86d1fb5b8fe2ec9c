import pg from 'pg'
import { api, eventually } from './support/api'
import { adminDatabaseUnavailable } from './support/database'
import { createUserWithToken, uniqueName } from './support/factories'
import { cloneUrl, commitFile, gitOk, withTempDir } from './support/git'
import { say } from './support/launch-suite'
import { pgbouncerBinary, startPgBouncer, type RunningPgBouncer } from './support/pgbouncer'
import {
  privateRedisUnavailable,
  startPrivateSuite,
  type PrivateSuite,
} from './support/private-suite'
import { SUITE_SCHEMAS } from './support/project-rows'
import { createProject, waitForEvent } from './support/projects'
import { describeUnless } from './support/skip'

// Issue 28, point 5: the suite behind PgBouncer in transaction mode, as GitLab
// runs in production. Every service's DATABASE_URL is a pgbouncer database
// entry of its own whose connect_query sets search_path (nothing is SET per
// client connection, no statement is named: DATABASE_POOLER=transaction); the
// change forwarders LISTEN on DATABASE_DIRECT_URL, straight to PostgreSQL. A
// flow across every domain works, and pgbouncer holds at most POOL server
// connections per service while the processes hold many more client ones.

const POOL = 2
const { binary, reason } = pgbouncerBinary()
const describeWithBouncer = describeUnless(
  reason ?? privateRedisUnavailable() ?? adminDatabaseUnavailable(),
  'pgbouncer.test.ts',
)

const CI_CONFIG = `build-job:
  stage: build
  script: echo built
`

const num = (value: unknown) => Number(value ?? 0)

describeWithBouncer('the suite behind PgBouncer in transaction mode', () => {
  let bouncer: RunningPgBouncer | undefined
  let suite: PrivateSuite
  let database = ''
  let directUrl = ''

  beforeAll(async () => {
    suite = await startPrivateSuite(
      { DATABASE_POOLER: 'transaction', DATABASE_POOL_SIZE: '10' },
      {
        databaseEnv: async ({ name, url }) => {
          database = name
          directUrl = url
          bouncer = await startPgBouncer({
            binary: binary as string,
            serverUrl: url,
            database: name,
            schemas: SUITE_SCHEMAS,
            poolSize: POOL,
          })
          const env: NodeJS.ProcessEnv = { DATABASE_DIRECT_URL: url }
          for (const schema of SUITE_SCHEMAS) {
            env[`${schema.toUpperCase()}_DATABASE_URL`] = bouncer.url(schema)
          }
          return env
        },
      },
    )
  }, 240_000)

  afterAll(async () => {
    await suite?.stop()
    await bouncer?.stop()
  }, 60_000)

  it('answers a flow across every domain: push, merge request and its diff, notes, a triggered pipeline, events', async () => {
    const owner = await createUserWithToken()
    const project = await createProject(owner.token, { initialize_with_readme: true })
    const p = `/projects/${project.id}`
    // A git push over HTTP: the repository role, then the push event and branch through the workers.
    await withTempDir(async (dir) => {
      const url = cloneUrl(project.path_with_namespace, {
        username: owner.user.username,
        token: owner.token,
      })
      await gitOk(['clone', '-q', url, 'repo'], dir)
      const work = `${dir}/repo`
      await gitOk(['config', 'user.email', 'it@example.com'], work)
      await gitOk(['config', 'user.name', 'it'], work)
      await gitOk(['checkout', '-q', '-b', 'feature'], work)
      await commitFile(work, '.gitlab-ci.yml', CI_CONFIG, 'Add CI')
      await commitFile(work, 'notes.md', 'through pgbouncer\n', 'Add notes')
      await gitOk(['push', '-q', 'origin', 'feature'], work)
    })
    const pushed = await waitForEvent(
      `${p}/events`,
      owner.token,
      (event) => event.action_name === 'pushed new' || event.action_name === 'pushed to',
    )
    expect(pushed).toBeDefined()

    const mr = await api<{ iid: number }>(`${p}/merge_requests`, {
      method: 'POST',
      token: owner.token,
      body: { source_branch: 'feature', target_branch: 'main', title: uniqueName('bouncer') },
    })
    expect([mr.status, mr.text.slice(0, 200)]).toEqual([201, expect.any(String)])
    const diffed = await eventually(async () => {
      const res = await api<{ changes?: { new_path: string }[] }>(
        `${p}/merge_requests/${mr.body.iid}/changes`,
        { token: owner.token },
      )
      return (res.body.changes ?? []).some((change) => change.new_path === 'notes.md')
    }, 40_000)
    expect(diffed).toBe(true)

    const note = await api(`${p}/merge_requests/${mr.body.iid}/notes`, {
      method: 'POST',
      token: owner.token,
      body: { body: 'Fine through the pooler' },
    })
    expect(note.status).toBe(201)
    const notes = await api<{ body: string }[]>(`${p}/merge_requests/${mr.body.iid}/notes`, {
      token: owner.token,
    })
    expect(notes.body.map((n) => n.body)).toContain('Fine through the pooler')

    const trigger = await api<{ token: string }>(`${p}/triggers`, {
      method: 'POST',
      token: owner.token,
      body: { description: 'pgbouncer' },
    })
    expect(trigger.status).toBe(201)
    const pipeline = await api<{ id: number; ref: string; source?: string }>(
      `${p}/trigger/pipeline`,
      { method: 'POST', form: { token: trigger.body.token, ref: 'feature' } },
    )
    expect([pipeline.status, pipeline.text.slice(0, 300)]).toEqual([201, expect.any(String)])
    expect(pipeline.body.ref).toBe('feature')
    const listed = await api<{ id: number }[]>(`${p}/pipelines`, { token: owner.token })
    expect(listed.body.map((row) => row.id)).toContain(pipeline.body.id)

    const opened = await waitForEvent(
      `${p}/events`,
      owner.token,
      (event) => event.action_name === 'opened' && event.target_type === 'MergeRequest',
    )
    expect(opened).toBeDefined()
  }, 120_000)

  it('holds at most the pool size of server connections per service while clients are many', async () => {
    const owner = await createUserWithToken()
    const project = await createProject(owner.token)
    // A burst across every domain: each process opens several client connections at once.
    const paths = [
      `/projects/${project.id}`,
      `/projects/${project.id}/merge_requests`,
      `/projects/${project.id}/issues`,
      `/projects/${project.id}/triggers`,
      `/projects/${project.id}/alert_management_alerts`,
      '/user',
    ]
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        api(paths[i % paths.length] as string, { token: owner.token }),
      ),
    )
    expect(answers.filter((res) => res.status !== 200).map((res) => res.text)).toEqual([])

    const show = (bouncer as RunningPgBouncer).show
    const pools = (await show('POOLS')).filter((row) =>
      SUITE_SCHEMAS.includes(String(row.database)),
    )
    const servers = (await show('SERVERS')).filter((row) =>
      SUITE_SCHEMAS.includes(String(row.database)),
    )
    const clients = (await show('CLIENTS')).filter((row) =>
      SUITE_SCHEMAS.includes(String(row.database)),
    )
    for (const schema of SUITE_SCHEMAS) {
      const open = servers.filter((row) => row.database === schema).length
      expect([schema, open <= POOL]).toEqual([schema, true])
    }
    const serverCount = pools.reduce(
      (sum, row) =>
        sum +
        num(row.sv_active) +
        num(row.sv_idle) +
        num(row.sv_used) +
        num(row.sv_tested) +
        num(row.sv_login),
      0,
    )
    expect(serverCount).toBe(servers.length)
    expect(serverCount).toBeLessThanOrEqual(POOL * SUITE_SCHEMAS.length)
    expect(clients.length).toBeGreaterThan(serverCount)

    // What PostgreSQL itself sees: pgbouncer's servers plus the direct sessions (LISTEN, pings).
    const direct = new pg.Client({ connectionString: directUrl })
    await direct.connect()
    try {
      const { rows } = await direct.query<{ total: number; listening: number }>(
        `select count(*)::int as total,
                count(*) filter (where query ilike 'LISTEN %')::int as listening
           from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [database],
      )
      const row = rows[0] as { total: number; listening: number }
      say(
        `pgbouncer: ${clients.length} client connections, ${serverCount} server connections ` +
          `(pool ${POOL} x ${SUITE_SCHEMAS.length} entries); PostgreSQL sees ${row.total} ` +
          `connections to the database, ${row.listening} of them LISTEN`,
      )
      expect(row.listening).toBeGreaterThan(0)
      expect(row.total).toBeLessThanOrEqual(serverCount + row.listening + 4)
    } finally {
      await direct.end()
    }
  }, 60_000)
})
