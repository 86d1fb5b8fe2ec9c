/**
 * MergeRequestsDeps for tests (test code only): the test's real PostgreSQL
 * schema and in-memory stand-ins for the other services behind the real
 * client adapters, with Redis either unreachable (`testDeps`: queued work is
 * logged and dropped) or real under a throwaway queue prefix
 * (`createTestDeps`, for queue and worker tests).
 */
import { randomBytes } from 'node:crypto'
import { AbilityScope, Project, type ProjectAbilities } from '@suite/proto'
import { createLogger, createRedisConnection } from '@suite/runtime'
import type { Redis } from 'ioredis'
import { pipelinesPort, type PipelinesRpc } from '../clients/pipelines.js'
import { projectsPort } from '../clients/projects.js'
import type { ProjectsRpc } from '../clients/recording-projects.js'
import { repositoryPort } from '../clients/repository.js'
import { usersPort, type UsersRpc } from '../clients/users.js'
import type { MergeRequestsDeps, Ports } from '../domain/ports.js'
import type { MergeRequestAttributes } from '../domain/merge-request-attributes.js'
import type { Project as ProjectSettings } from '../domain/project.js'
import { createStores } from '../store/stores.js'
import type { TestDatabase } from './test-database.js'
import { closeMergeRequestQueues, workQueues } from '../workers/queues.js'
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
  /** Users (ids below 100) who exist but are blocked. */
  blockedUserIds?: readonly number[]
  /** ci-triggers' pipelines; any other id is NOT_FOUND. */
  pipelines?: readonly TestPipeline[]
  /**
   * Where ci-triggers records the pipelines the test creates (one per
   * idempotency key); without it, creating one is refused as INVALID_ARGUMENT
   * (no configuration).
   */
  createdPipelines?: CreatedTestPipeline[]
  /** The caller's side of the lists that span projects (no membership unless given). */
  scope?: Partial<AbilityScope>
  /** Users to whom the projects service answers every project NOT_FOUND (they may not read it). */
  outsiderIds?: readonly number[]
}

/** A pipeline as ci-triggers answers it. */
export interface TestPipeline {
  id: number
  projectId: number
  sha: string
  status: string
}

/** A pipeline the test created through ci-triggers. */
export interface CreatedTestPipeline {
  id: number
  sha: string
  ref: string
  source: string
  idempotencyKey: string
  userId: number | undefined
}

/** A project as the projects service answers it, with the caller's abilities in it. */
export function testProject(
  id: number,
  abilities: ProjectAbilities | undefined,
  values: Partial<Project> = {},
): Project {
  return Project.fromPartial({ id, visibility: 'private', ...values, abilities })
}

/** A project's settings as the domain reads them, with the projects service's defaults. */
export function projectSettings(values: Partial<ProjectSettings> = {}): ProjectSettings {
  return {
    id: 0,
    path: '',
    namespaceFullPath: '',
    defaultBranch: undefined,
    archived: false,
    mergeMethod: '',
    squashOption: '',
    flags: {},
    approvalsBeforeMerge: 0,
    visibility: 'private',
    forkedFromProjectId: undefined,
    callerReadsMergeRequests: undefined,
    ...values,
  }
}

/** Merge request attributes with everything absent but what is given. */
export function attributes(given: Partial<MergeRequestAttributes>): MergeRequestAttributes {
  return {
    setAssignees: false,
    assigneeIds: [],
    setReviewers: false,
    reviewerIds: [],
    setLabels: false,
    labels: [],
    addLabels: [],
    removeLabels: [],
    clearMergeAfter: false,
    ...given,
  }
}

/** A grpc-js style NOT_FOUND failure. */
function notFound(): Error {
  return Object.assign(new Error('5 NOT_FOUND: Project Not Found'), { code: 5 })
}

/** The projects service of `world`, as its client answers. */
function fakeProjects(world: TestWorld): ProjectsRpc {
  const projects = new Map((world.projects ?? []).map((project) => [project.id, project]))
  return {
    getProject: ({
      project,
      caller,
    }: {
      project?: { id?: number }
      caller?: { userId?: number }
    }) => {
      const outsider = (world.outsiderIds ?? []).includes(caller?.userId ?? 0)
      const found = outsider ? undefined : projects.get(project?.id ?? 0)
      return found ? Promise.resolve({ project: found }) : Promise.reject(notFound())
    },
    batchGetProjects: ({ ids }: { ids: number[] }) =>
      Promise.resolve({ projects: ids.flatMap((id) => projects.get(id) ?? []) }),
    getAbilityScope: () => Promise.resolve({ scope: AbilityScope.fromPartial(world.scope ?? {}) }),
  } as unknown as ProjectsRpc
}

/** Identity of `world`, as its client answers. */
function fakeUsers(world: TestWorld): UsersRpc {
  const usernames = world.usernames ?? new Map<string, number>()
  const blocked = new Set(world.blockedUserIds ?? [])
  return {
    getUser: ({ id }: { id: number }) =>
      id < 100
        ? Promise.resolve({
            user: {
              id,
              name: `User ${id}`,
              email: `user${id}@example.com`,
              commitEmail: '',
              admin: false,
              state: blocked.has(id) ? 'blocked' : 'active',
            },
          })
        : Promise.reject(notFound()),
    batchGetUsers: ({ ids }: { ids: number[] }) =>
      Promise.resolve({ users: ids.filter((id) => id < 100).map((id) => ({ id })) }),
    listUsers: ({ username }: { username?: string }) => {
      const id = usernames.get(username ?? '')
      return Promise.resolve({ users: id === undefined ? [] : [{ id }], pageInfo: { total: 0 } })
    },
  } as unknown as UsersRpc
}

/** ci-triggers of `world`, as its client answers (the pipeline reads only). */
function fakePipelines(world: TestWorld): PipelinesRpc {
  const pipelines = world.pipelines ?? []
  return {
    getPipeline: ({ projectId, id }: { projectId: number; id: number }) => {
      const found = pipelines.find((pipeline) => pipeline.id === id)
      return found && found.projectId === projectId
        ? Promise.resolve({ pipeline: found })
        : Promise.reject(notFound())
    },
    createPipeline: (
      request: Omit<CreatedTestPipeline, 'id' | 'userId'> & {
        caller?: { userId?: number }
      },
    ) => {
      const created = world.createdPipelines
      if (!created) {
        return Promise.reject(Object.assign(new Error('3 INVALID_ARGUMENT'), { code: 3 }))
      }
      let pipeline = created.find((item) => item.idempotencyKey === request.idempotencyKey)
      if (!pipeline) {
        pipeline = {
          id: 1000 + created.length,
          sha: request.sha,
          ref: request.ref,
          source: request.source,
          idempotencyKey: request.idempotencyKey,
          userId: request.caller?.userId,
        }
        created.push(pipeline)
      }
      return Promise.resolve({ pipeline })
    },
    batchGetPipelines: ({ ids }: { ids: number[] }) =>
      Promise.resolve({ pipelines: pipelines.filter((pipeline) => ids.includes(pipeline.id)) }),
    // The project's pipelines at `sha` (all of them without), newest first.
    listPipelines: ({ projectId, sha }: { projectId: number; sha?: string }) => {
      const found = pipelines
        .filter((pipeline) => pipeline.projectId === projectId)
        .filter((pipeline) => sha === undefined || pipeline.sha === sha)
        .sort((a, b) => b.id - a.id)
      return Promise.resolve({ pipelines: found, pageInfo: { total: found.length } })
    },
  } as unknown as PipelinesRpc
}

/** The domain's ports over the fakes of `world` and the queues on `redis`. */
export function testPorts(world: TestWorld, redis: () => Redis): Ports {
  const repository = (world.repository ?? new FakeRepository()).clients()
  return {
    projects: projectsPort(fakeProjects(world)),
    repository: repositoryPort(repository.read, repository.write),
    users: usersPort(fakeUsers(world)),
    pipelines: pipelinesPort(fakePipelines(world)),
    queues: workQueues(redis),
  }
}

function depsOf(db: TestDatabase['db'], world: TestWorld, redis: () => Redis): MergeRequestsDeps {
  return {
    stores: createStores(db),
    ports: testPorts(world, redis),
    logger: createLogger('merge-requests-test', 'silent'),
    settings: { restrictMergeStatusRecheck: false, externalUrl: 'http://localhost:8080' },
  }
}

/** Deps over `db` and `world`; Redis is unreachable. */
export function testDeps(db: TestDatabase['db'], world: TestWorld = {}): MergeRequestsDeps {
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
export function createTestDeps(db: TestDatabase['db'], world: TestWorld = {}): TestDeps {
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
