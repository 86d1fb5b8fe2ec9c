import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Redis } from 'ioredis'
import { api, eventually } from './support/api'
import { uniqueName } from './support/factories'
import { projectWithReadme } from './support/projects'
import { ENV_STATE_FILE, readSuiteState, type SuiteState } from './support/suite-state'
import { describeUnless, itUnless } from './support/skip'

// Issue 15, point 4: the request id follows work into BullMQ. A branch created
// over the API with X-Request-Id is written to the repository role's outbox in
// the gRPC call that carried the id, relayed to `repository.branch-updates`,
// and processed by the merge-requests worker; the job's data and the worker's
// log line carry the id, and the gateway's access line names the same id (the
// suite logs at info in the tests, as in production; a TEST_LOG_LEVEL above
// info skips that check loudly).

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

/** The launcher's JSON log lines (every role writes to it) that contain `text`. */
function logLines(file: string, text: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(text))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>
      } catch {
        return {}
      }
    })
}

/** Levels at which the gateway's access lines and the workers' job lines are written. */
const INFO_OR_FINER = ['info', 'debug', 'trace']

describeWithState('request id in queued jobs', () => {
  let redis: Redis
  const requestId = randomUUID()
  const branch = uniqueName('traced')
  let created: { status: number; requestId: string | null; userId: number; projectId: number }

  beforeAll(async () => {
    redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
    const { owner, project } = await projectWithReadme()
    const res = await api(`/projects/${project.id}/repository/branches`, {
      method: 'POST',
      token: owner.token,
      body: { branch, ref: 'main' },
      headers: { 'X-Request-Id': requestId },
    })
    created = {
      status: res.status,
      requestId: res.headers.get('x-request-id'),
      userId: owner.user.id,
      projectId: project.id,
    }
  })

  afterAll(async () => {
    await redis.quit()
  })

  it('carries the X-Request-Id of the HTTP request that created a branch into its job', async () => {
    expect(created.status).toBe(201)
    expect(created.requestId).toBe(requestId)

    const prefix = state?.queuePrefix ?? ''
    let job: Record<string, unknown> | undefined
    const queued = await eventually(async () => {
      const jobs = (await jobData(redis, prefix, BRANCH_UPDATES_QUEUE)) as Record<string, unknown>[]
      job = jobs.find((data) => data['branch'] === branch)
      return job !== undefined
    }, 20_000)
    expect(queued).toBe(true)
    expect(job).toMatchObject({ projectId: created.projectId, branch, meta: { requestId } })
  })

  // global-setup starts the suite at info (its production default) unless TEST_LOG_LEVEL says
  // otherwise; above info these lines are not written, and the test says so instead of passing.
  const logged = 'logs the job and the HTTP request under the same request id'
  itUnless(
    INFO_OR_FINER.includes(state?.logLevel ?? '')
      ? undefined
      : `the suite logs at ${state?.logLevel ?? 'an unknown level'} (TEST_LOG_LEVEL): its info lines are not written`,
    logged,
  )(logged, async () => {
    const logFile = state?.logFile ?? ''
    /** The first line of the launcher's log that names the request id and `matches`. */
    const lineOf = async (matches: (line: Record<string, unknown>) => boolean) => {
      let found: Record<string, unknown> | undefined
      await eventually(() => {
        found = logLines(logFile, requestId).find(matches)
        return Promise.resolve(found !== undefined)
      }, 20_000)
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
      user_id: created.userId,
      project_id: created.projectId,
    })
  })
})
