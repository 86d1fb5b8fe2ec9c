import { readFileSync } from 'node:fs'
import pg from 'pg'
import { api } from './support/api'
import { pushFiles } from './support/ci-jobs'
import { adminDatabaseUnavailable, schemaDatabaseUrl } from './support/database'
import { createUserWithToken, type UserWithToken } from './support/factories'
import {
  mrPath,
  openMergeRequest,
  waitForDiff,
  type MergeRequestJson,
} from './support/merge-requests'
import {
  privateRedisUnavailable,
  startPrivateSuite,
  type PrivateSuite,
} from './support/private-suite'
import { createProject, waitForEvent } from './support/projects'
import { countProjectRows, SUITE_SCHEMAS } from './support/project-rows'
import { describeUnless } from './support/skip'
import { pollUntil } from './support/worker-crash'
import type { ProjectJson } from './support/types'

// Issue 28, point 6: each domain's data can scale on its own. A private suite
// where identity, projects and merge-requests each have a database of their
// own (IDENTITY_DATABASE_URL, PROJECTS_DATABASE_URL,
// MERGE_REQUESTS_DATABASE_URL, under fresh names the launcher creates) and
// ci-triggers and alerting share DATABASE_URL. Each database then holds one
// service's schema and nothing else, so a query of one service into
// another's schema fails; a flow that crosses every one of the three (a user,
// their project, a git push, a merge request with its diff, the lists and the
// activity events, which the projects worker writes from merge-requests'
// outbox) succeeding proves none does, and so does deleting the project, whose
// rows every database then loses. The databases are dropped afterwards.
//
// It needs no shared suite: run it alone with INTEGRATION_BASE_URL and
// INTEGRATION_ROOT_TOKEN set to anything, so that global-setup starts none.

const OWN = ['identity', 'projects', 'merge-requests'] as const

const unavailable = privateRedisUnavailable() ?? adminDatabaseUnavailable()
const describeWithBackends = describeUnless(unavailable, 'service-databases.test.ts')

async function schemasIn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>(
      'select nspname as name from pg_namespace where nspname = any($1) order by nspname',
      [SUITE_SCHEMAS],
    )
    return rows.map((row) => row.name)
  } finally {
    await client.end()
  }
}

async function databaseExists(url: string): Promise<boolean> {
  const name = new URL(url).pathname.slice(1)
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    return rowCount === 1
  } finally {
    await client.end()
  }
}

describeWithBackends('services on databases of their own', () => {
  let suite: PrivateSuite
  let owner: UserWithToken
  let project: ProjectJson
  let mr: MergeRequestJson
  const url = (schema: string) => schemaDatabaseUrl(suite.state.databases ?? '', schema)

  beforeAll(async () => {
    suite = await startPrivateSuite({}, { ownDatabases: OWN })
  }, 180_000)

  afterAll(async () => {
    const urls = suite ? SUITE_SCHEMAS.map(url) : []
    await suite?.stop()
    for (const gone of new Set(urls)) expect(await databaseExists(gone)).toBe(false)
  }, 60_000)

  it('gives each of the three a database the launcher created, holding its schema alone', async () => {
    const urls = SUITE_SCHEMAS.map(url)
    expect(new Set(urls).size).toBe(4)
    expect(url('ci_triggers')).toBe(suite.state.databaseUrl)
    expect(url('alerting')).toBe(suite.state.databaseUrl)
    expect(await schemasIn(url('identity'))).toEqual(['identity'])
    expect(await schemasIn(url('projects'))).toEqual(['projects'])
    expect(await schemasIn(url('merge_requests'))).toEqual(['merge_requests'])
    expect(await schemasIn(suite.state.databaseUrl as string)).toEqual(['alerting', 'ci_triggers'])
  })

  it('runs a flow across identity, projects and merge-requests', async () => {
    owner = await createUserWithToken()
    project = await createProject(owner.token, { initialize_with_readme: true })
    const pushed = await pushFiles(owner, project, { 'notes.md': 'pushed over git\n' }, 'Notes')
    expect(pushed).toMatch(/^[0-9a-f]{40}$/)

    const opened = await openMergeRequest(owner.token, project.id, { description: 'split data' })
    mr = opened.mr
    expect(mr).toMatchObject({ project_id: project.id, state: 'opened' })
    expect(mr.author.id).toBe(owner.user.id)
    // The merge-requests worker reads the diff from the repository role and stores it.
    const withDiff = await waitForDiff(owner.token, project.id, mr.iid, opened.head)
    expect(withDiff.diff_refs?.start_sha).toBe(pushed)

    const listed = await api<MergeRequestJson[]>(mrPath(project.id), { token: owner.token })
    expect(listed.status).toBe(200)
    expect(listed.body.map((item) => item.iid)).toEqual([mr.iid])
    // The instance-wide list needs projects' access facts copied into merge-requests' data.
    const mine = await api<MergeRequestJson[]>('/merge_requests', {
      token: owner.token,
      query: { scope: 'all' },
    })
    expect(mine.status).toBe(200)
    expect(mine.body.map((item) => item.id)).toContain(mr.id)

    const note = await api(`${mrPath(project.id, mr.iid)}/notes`, {
      method: 'POST',
      token: owner.token,
      body: { body: 'Looks right' },
    })
    expect(note.status).toBe(201)
  })

  it('records the activity of every service in the projects database', async () => {
    const events = `/projects/${project.id}/events`
    const pushedEvent = await waitForEvent(
      events,
      owner.token,
      (e) => e.action_name === 'pushed to',
    )
    expect(pushedEvent?.author_id).toBe(owner.user.id)
    const openedEvent = await waitForEvent(
      events,
      owner.token,
      (e) => e.action_name === 'opened' && e.target_type === 'MergeRequest',
    )
    expect(openedEvent?.['target_iid']).toBe(mr.iid)
    const userEvents = await api<{ action_name: string }[]>(`/users/${owner.user.id}/events`, {
      token: owner.token,
    })
    expect(userEvents.status).toBe(200)
    expect(userEvents.body.map((e) => e.action_name)).toEqual(
      expect.arrayContaining(['created', 'pushed to', 'opened']),
    )
  })

  it("finds each service's rows in its own database", async () => {
    const rows = await countProjectRows(suite.state.databases ?? '', project.id)
    expect(rows).toMatchObject({
      'projects.projects': 1,
      'merge_requests.merge_requests': 1,
      'merge_requests.notes': expect.any(Number),
    })
    const identity = new pg.Client({ connectionString: url('identity') })
    await identity.connect()
    try {
      const users = await identity.query('select 1 from identity.users where id = $1', [
        owner.user.id,
      ])
      expect(users.rowCount).toBe(1)
    } finally {
      await identity.end()
    }
  })

  it("deletes a project's rows from every database it reached", async () => {
    const deleted = await api(`/projects/${project.id}`, { method: 'DELETE', token: owner.token })
    expect(deleted.status).toBe(202)
    const after = await pollUntil(
      () => countProjectRows(suite.state.databases ?? '', project.id),
      (rows) => Object.keys(rows).length === 0,
      60_000,
    )
    expect(after).toEqual({})
  }, 90_000)

  it('logged no query into a relation or schema its database lacks', () => {
    const log = readFileSync(suite.state.logFile as string, 'utf8')
    expect(log).not.toMatch(/(relation|schema) "[^"]+" does not exist/)
  })
})
