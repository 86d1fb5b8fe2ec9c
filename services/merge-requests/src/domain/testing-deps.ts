import { Metadata, status } from '@grpc/grpc-js'
import { MergeRequestAttributes, Project, type Caller } from '@suite/proto'
import type { Logger, Registry } from '@suite/runtime'
import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import type { Ports } from '../clients/ports.js'
import { loadMergeRequestsConfig } from '../config.js'
import type { MergeRequestsDeps } from '../rpc/deps.js'
import type { Database } from '../store/schema.js'

/** A caller with the given access level in the project. */
export function testCaller(accessLevel: number, userId = 1, admin = false): Caller {
  return { userId, admin, scopes: ['api'], accessLevel }
}

/** Attributes with everything absent but what is given. */
export function attributes(given: Partial<MergeRequestAttributes>): MergeRequestAttributes {
  return MergeRequestAttributes.fromPartial(given)
}

function notFound(): Error {
  return Object.assign(new Error('5 NOT_FOUND'), {
    code: status.NOT_FOUND,
    details: 'not found',
    metadata: new Metadata(),
  })
}

export interface FakeWorld {
  branches: Set<string>
  /** Users by username; ids under 100 exist. */
  usernames: Map<string, number>
  project: Partial<Project>
}

/**
 * Deps over a real database with the other services faked: every branch in
 * `world.branches` exists in every project, users below id 100 exist, Redis
 * is unreachable (queued work is logged and dropped).
 */
export function testDeps(db: Kysely<Database>, world: FakeWorld): MergeRequestsDeps {
  const ports = {
    projects: {
      batchGetProjects: ({ ids }: { ids: number[] }) =>
        Promise.resolve({
          projects: ids.map((id) => Project.fromPartial({ ...world.project, id })),
        }),
      listReadableProjectIds: () => Promise.resolve({ all: false, projectIds: [1] }),
    },
    repository: {
      read: {
        getBranch: ({ name }: { name: string }) =>
          world.branches.has(name)
            ? Promise.resolve({
                branch: { name, commit: undefined, merged: false, default: false },
              })
            : Promise.reject(notFound()),
      },
      write: {},
    },
    users: {
      batchGetUsers: ({ ids }: { ids: number[] }) =>
        Promise.resolve({ users: ids.filter((id) => id < 100).map((id) => ({ id })) }),
      listUsers: ({ username }: { username?: string }) => {
        const id = world.usernames.get(username ?? '')
        return Promise.resolve({ users: id === undefined ? [] : [{ id }], pageInfo: { total: 0 } })
      },
    },
    pipelines: {},
    close: () => {},
  } as unknown as Ports
  const logger = { warn: () => {}, info: () => {}, error: () => {} } as unknown as Logger
  return {
    db,
    logger,
    registry: {} as Registry,
    redis: (): Redis => {
      throw new Error('no Redis in unit tests')
    },
    ports,
    config: loadMergeRequestsConfig({}),
  }
}
