import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Redis } from 'ioredis'
import { api } from './support/api'
import { featureBranch, createMergeRequest, waitForDiff, mrPath } from './support/merge-requests'
import {
  asSuite,
  privateRedisUnavailable,
  startSuitesOnOneRedis,
  type SuitesOnOneRedis,
} from './support/private-suite'
import { freePort, freePortBlock } from './support/processes'
import { projectWithReadme } from './support/projects'
import { describeUnless } from './support/skip'
import type { LaunchedSuite } from './support/launch-suite'

// Issue 28, point 7: two installations on one Redis (a developer's `npm start` beside a test
// run, two tenants on one managed Redis) must not take each other's jobs. Two suites start
// side by side on one private Redis, each on its own fresh database and without QUEUE_PREFIX:
// each derives its own prefix from its database and claims it; merge request !1 of project 1
// exists in both, and each one's diff is collected from its own repository. A third start
// that names the first one's prefix with another database is refused with one line.

const REPO_ROOT = resolve(__dirname, '../../..')
const LAUNCHER = join(REPO_ROOT, 'packages/launcher/dist/main.js')
const WORKER = join(REPO_ROOT, 'services/merge-requests/dist/main.js')

const describeWithRedis = describeUnless(
  privateRedisUnavailable(),
  'installations-share-redis.test.ts',
)

interface DiffFile {
  new_path: string
  diff: string
}

/** The prefix an installation claimed: the key `<prefix>:installation` holding its id. */
async function claims(redis: Redis): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for (const key of await redis.keys('*:installation')) {
    found.set((await redis.get(key)) as string, key.slice(0, -':installation'.length))
  }
  return found
}

/** Runs a command to its end; its exit code and everything it wrote. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000) {
  return new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('exit', (code) => {
      clearTimeout(timer)
      done({ code, output })
    })
  })
}

describeWithRedis('installations sharing one Redis', () => {
  let shared: SuitesOnOneRedis
  let one: LaunchedSuite
  let other: LaunchedSuite
  let redis: Redis
  /** Installation id -> claimed prefix. */
  let claimed: Map<string, string>

  beforeAll(async () => {
    // No QUEUE_PREFIX (an empty value is unset): each derives its prefix from its database.
    shared = await startSuitesOnOneRedis([{ QUEUE_PREFIX: '' }, { QUEUE_PREFIX: '' }])
    ;[one, other] = shared.suites as [LaunchedSuite, LaunchedSuite]
    redis = shared.redis.admin
    claimed = await claims(redis)
  }, 240_000)

  afterAll(async () => {
    await shared?.stop()
  }, 60_000)

  /** `pg:<system identifier>/<database>` of a suite started on the admin server. */
  const idOf = (suite: LaunchedSuite) => {
    const entry = [...claimed.keys()].find((id) => id.endsWith(`/${suite.state.database?.name}`))
    if (!entry)
      throw new Error(
        `no claim names ${suite.state.database?.name}: ${JSON.stringify([...claimed])}`,
      )
    return entry
  }

  it('gives each installation its own prefix, claimed with its database identity', async () => {
    expect(one.state.database).not.toBeNull()
    expect(other.state.database).not.toBeNull()
    expect(claimed.size).toBe(2)
    const prefixes = [claimed.get(idOf(one)), claimed.get(idOf(other))]
    for (const prefix of prefixes) expect(prefix).toMatch(/^suite-[0-9a-f]{16}$/)
    expect(prefixes[0]).not.toBe(prefixes[1])
    expect(idOf(one)).toMatch(/^pg:\d+\//)
    // Nothing is left under the old shared default.
    expect(await redis.keys('bull:*')).toEqual([])
  })

  it("collects each merge request's diff from its own installation, through its own queue", async () => {
    const heads = new Map<LaunchedSuite, string>()
    const coordinates: number[][] = []
    for (const [suite, file] of [
      [one, 'only-in-one.txt'],
      [other, 'only-in-other.txt'],
    ] as const) {
      await asSuite(suite, async () => {
        const { owner, project } = await projectWithReadme()
        const head = await featureBranch(owner.token, project.id, 'topic', [
          { action: 'create', file_path: file, content: `${file}\n` },
        ])
        const mr = await createMergeRequest(owner.token, project.id, {
          source_branch: 'topic',
          target_branch: 'main',
          title: `Add ${file}`,
        })
        coordinates.push([project.id, mr.iid])
        heads.set(suite, head)
        await waitForDiff(owner.token, project.id, mr.iid, head)
        const diffs = await api<DiffFile[]>(mrPath(project.id, mr.iid, '/diffs'), {
          token: owner.token,
        })
        expect(diffs.status).toBe(200)
        expect(diffs.body.map((diff) => diff.new_path)).toEqual([file])
      })
    }
    // The same project id and iid in both databases: a job taken by the wrong installation
    // would have looked plausible there.
    expect(coordinates[0]).toEqual(coordinates[1])
    expect(heads.get(one)).not.toBe(heads.get(other))
    for (const suite of [one, other]) {
      const prefix = claimed.get(idOf(suite)) as string
      expect(await redis.keys(`${prefix}:merge-requests.diffs:*`)).not.toEqual([])
    }
  }, 120_000)

  it('refuses a start that names the prefix of an installation with another database', async () => {
    const takenPrefix = claimed.get(idOf(one)) as string
    const otherDatabase = other.state.databaseUrl as string
    const dataDir = mkdtempSync(join(tmpdir(), 'suite-refused-'))
    try {
      const launched = await run(process.execPath, [LAUNCHER, 'start'], {
        PATH: process.env.PATH,
        PORT: String(await freePort()),
        GRPC_PORT_BASE: String(await freePortBlock(10)),
        DATA_DIR: dataDir,
        DATABASE_URL: otherDatabase,
        REDIS_URL: shared.redis.url,
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        QUEUE_PREFIX: takenPrefix,
        LOG_LEVEL: 'fatal',
      })
      expect(launched.code).toBe(1)
      expect(launched.output).toContain(
        `QUEUE_PREFIX: the Redis key prefix "${takenPrefix}" belongs to installation ` +
          `"${idOf(one)}", not to this one ("${idOf(other)}")`,
      )
      // A process started on its own (as the chart runs each role) checks it too.
      const worker = await run(process.execPath, [WORKER, 'worker'], {
        PATH: process.env.PATH,
        DATABASE_URL: otherDatabase,
        REDIS_URL: shared.redis.url,
        INTERNAL_API_SECRET: randomBytes(32).toString('hex'),
        QUEUE_PREFIX: takenPrefix,
        LOG_LEVEL: 'fatal',
      })
      expect(worker.code).toBe(1)
      expect(worker.output).toContain(
        `invalid configuration: QUEUE_PREFIX: the Redis key prefix "${takenPrefix}" belongs to`,
      )
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    // The claim is still the first installation's.
    expect(await redis.get(`${takenPrefix}:installation`)).toBe(idOf(one))
  }, 120_000)
})
