import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Redis } from 'ioredis'
import { api, eventually } from './support/api'
import { uniqueName } from './support/factories'
import { projectWithReadme } from './support/projects'
import { ENV_STATE_FILE, readSuiteState, type SuiteState } from './support/suite-state'
import { describeUnless } from './support/skip'

// Issue 15, point 4: the request id follows work into BullMQ. A branch created
// over the API with X-Request-Id is written to the repository role's outbox in
// the gRPC call that carried the id, relayed to `repository.branch-updates`,
// and processed by the merge-requests worker; the job's data and the worker's
// log line carry the id, and the gateway's access line names the same id
// (those two checked when the suite logs at info: TEST_LOG_LEVEL=info).

const BRANCH_UPDATES_QUEUE = 'repository.branch-updates'

function suiteState(): SuiteState | undefined {
  const file = process.env[ENV_STATE_FILE]
  return file ? readSuiteState(file) : undefined
}

const state = suiteState()
const describeWithState = describeUnless(
  state?.queuePrefix && state.logFile
    ? undefined
    : 'the suite was started elsewhere: its queue prefix and log are unknown',
  'request-id-jobs.test.ts',
)

/** The data of every job of `queue` still in Redis (BullMQ keeps the last 1000 completed). */
async function jobData(redis: Redis, prefix: string, queue: string): Promise<unknown[]> {
  const found: unknown[] = []
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:${queue}:*`, 'COUNT', 500)
    cursor = next
    for (const key of keys) {
      if ((await redis.type(key)) !== 'hash') continue
      const data = await redis.hget(key, 'data')
      if (data) found.push(JSON.parse(data))
    }
  } while (cursor !== '0')
  return found
}

/** The launcher's JSON log lines (every role writes to it). */
function logLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>
      } catch {
        return {}
      }
    })
}

describeWithState('request id in queued jobs', () => {
  let redis: Redis

  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
  })

  afterAll(async () => {
    await redis.quit()
  })

  it('carries the X-Request-Id of the HTTP request that created a branch into its job', async () => {
    const { owner, project } = await projectWithReadme()
    const requestId = randomUUID()
    const branch = uniqueName('traced')
    const res = await api(`/projects/${project.id}/repository/branches`, {
      method: 'POST',
      token: owner.token,
      body: { branch, ref: 'main' },
      headers: { 'X-Request-Id': requestId },
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('x-request-id')).toBe(requestId)

    const prefix = state?.queuePrefix ?? ''
    let job: Record<string, unknown> | undefined
    const queued = await eventually(async () => {
      const jobs = (await jobData(redis, prefix, BRANCH_UPDATES_QUEUE)) as Record<string, unknown>[]
      job = jobs.find((data) => data['branch'] === branch)
      return job !== undefined
    }, 20_000)
    expect(queued).toBe(true)
    expect(job).toMatchObject({ projectId: project.id, branch, meta: { requestId } })

    // The suite logs at warn unless TEST_LOG_LEVEL says otherwise: info lines only then.
    if (!['info', 'debug', 'trace'].includes(process.env.TEST_LOG_LEVEL ?? '')) return
    const logFile = state?.logFile ?? ''
    /** The first line of the launcher's log that `matches`, once it is there. */
    const lineOf = async (matches: (line: Record<string, unknown>) => boolean) => {
      let found: Record<string, unknown> | undefined
      await eventually(() => {
        found = logLines(logFile).find(matches)
        return Promise.resolve(found !== undefined)
      })
      return found
    }
    // Each role's lines reach the launcher's log through their own pipe: the order is not kept.
    const done = await lineOf(
      (line) =>
        line['msg'] === 'job done' &&
        line['queue'] === BRANCH_UPDATES_QUEUE &&
        line['correlation_id'] === requestId,
    )
    expect(done).toMatchObject({ job_status: 'done' })
    const access = await lineOf(
      (line) => line['msg'] === 'access' && line['correlation_id'] === requestId,
    )
    expect(access).toMatchObject({
      method: 'POST',
      route: '/api/v4/projects/:id/repository/branches',
      status: 201,
      user_id: owner.user.id,
      project_id: project.id,
    })
  })
})
