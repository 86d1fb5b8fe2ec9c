/**
 * MergeRequestsDeps for tests (test code only): the test's real PostgreSQL
 * schema and in-memory stand-ins for the other services, with Redis either
 * unreachable (`testDeps`: queued work is logged and dropped) or real under a
 * throwaway queue prefix (`createTestDeps`, for queue and worker tests).
 */
import { randomBytes } from 'node:crypto'
import { AbilityScope, MergeRequestAttributes, Project, type ProjectAbilities } from '@suite/proto'
import { createLogger, createRedisConnection, Registry } from '@suite/runtime'
import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import type { Ports } from '../clients/ports.js'
import { loadMergeRequestsConfig } from '../config.js'
import type { MergeRequestsDeps } from '../domain/deps.js'
import type { Database } from '../store/schema.js'
import { closeMergeRequestQueues } from '../workers/queues.js'
import { FakeRepository } from './fake-repository.js'

export { FakeRepository }

/** What the other services know in a test. */
export interface TestWorld {
  /** The projects service's projects; any other id is NOT_FOUND (or left out of batches). */
  projects?: readonly Project[]
  /** The repository role (an empty one unless given). */
  repository?: FakeRepository
  /** Identity's users by username; every id below 100 exists. */
  usernames?: ReadonlyMap<string, number>
  /** The caller's side of the lists that span projects (no membership unless given). */
  scope?: Partial<AbilityScope>
}

/** A project as the projects service answers it, with the caller's abilities in it. */
export function testProject(
  id: number,
  abilities: ProjectAbilities | undefined,
  values: Partial<Project> = {},
): Project {
  return Project.fromPartial({ id, visibility: 'private', ...values, abilities })
}

/** Merge request attributes with everything absent but what is given. */
export function attributes(given: Partial<MergeRequestAttributes>): MergeRequestAttributes {
  return MergeRequestAttributes.fromPartial(given)
}

/** A grpc-js style NOT_FOUND failure. */
function notFound(): Error {
  return Object.assign(new Error('5 NOT_FOUND: Project Not Found'), { code: 5 })
}

function fakePorts(world: TestWorld): Ports {
  const projects = new Map((world.projects ?? []).map((project) => [project.id, project]))
  const usernames = world.usernames ?? new Map<string, number>()
  const repository = world.repository ?? new FakeRepository()
  return {
    ...repository.ports(),
    projects: {
      getProject: ({ project }: { project?: { id?: number } }) => {
        const found = projects.get(project?.id ?? 0)
        return found ? Promise.resolve({ project: found }) : Promise.reject(notFound())
      },
      batchGetProjects: ({ ids }: { ids: number[] }) =>
        Promise.resolve({ projects: ids.flatMap((id) => projects.get(id) ?? []) }),
      getAbilityScope: () =>
        Promise.resolve({ scope: AbilityScope.fromPartial(world.scope ?? {}) }),
    },
    users: {
      batchGetUsers: ({ ids }: { ids: number[] }) =>
        Promise.resolve({ users: ids.filter((id) => id < 100).map((id) => ({ id })) }),
      listUsers: ({ username }: { username?: string }) => {
        const id = usernames.get(username ?? '')
        return Promise.resolve({ users: id === undefined ? [] : [{ id }], pageInfo: { total: 0 } })
      },
    },
    pipelines: {},
    close: () => undefined,
  } as unknown as Ports
}

function depsOf(db: Kysely<Database>, world: TestWorld, redis: () => Redis): MergeRequestsDeps {
  return {
    db,
    logger: createLogger('merge-requests-test', 'silent'),
    registry: new Registry(),
    redis,
    ports: fakePorts(world),
    config: loadMergeRequestsConfig({}),
  }
}

/** Deps over `db` and `world`; Redis is unreachable. */
export function testDeps(db: Kysely<Database>, world: TestWorld = {}): MergeRequestsDeps {
  return depsOf(db, world, () => {
    throw new Error('no Redis in this test')
  })
}

export interface TestDeps {
  deps: MergeRequestsDeps
  redis: Redis
  prefix: string
  /** Removes the queues' keys and closes the connection. */
  close: () => Promise<void>
}

/** Deps over `db` and `world` with a real Redis; sets a throwaway QUEUE_PREFIX. */
export function createTestDeps(db: Kysely<Database>, world: TestWorld = {}): TestDeps {
  const prefix = `mr-test-${randomBytes(4).toString('hex')}`
  process.env['QUEUE_PREFIX'] = prefix
  const redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379')
  return {
    deps: depsOf(db, world, () => redis),
    redis,
    prefix,
    close: async () => {
      await closeMergeRequestQueues(redis)
      const keys = await redis.keys(`${prefix}:*`)
      if (keys.length > 0) await redis.del(...keys)
      await redis.quit()
    },
  }
}
