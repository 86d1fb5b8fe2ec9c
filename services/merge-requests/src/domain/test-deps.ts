/**
 * MergeRequestsDeps for domain and worker tests (test code only): the real
 * PostgreSQL schema of the test, a real Redis under a throwaway queue prefix,
 * and in-memory stand-ins for the other services.
 */
import { randomBytes } from 'node:crypto'
import {
  CheckMergeabilityResponse,
  CompareCommitsResponse,
  ErrorDetail,
  MergeBranchResponse,
  Project,
  type CheckMergeabilityRequest,
  type MergeBranchRequest,
  type CompareCommitsRequest,
} from '@suite/proto'
import { Metadata } from '@grpc/grpc-js'
import { createLogger, createRedisConnection, ERROR_DETAIL_KEY, Registry } from '@suite/runtime'
import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import type { Ports } from '../clients/ports.js'
import { loadMergeRequestsConfig } from '../config.js'
import type { MergeRequestsDeps } from '../rpc/deps.js'
import type { Database } from '../store/schema.js'
import { closeMergeRequestQueues } from '../workers/queues.js'

/** A grpc-js style NOT_FOUND failure. */
function notFound(): Error {
  return Object.assign(new Error('5 NOT_FOUND: Branch Not Found'), { code: 5 })
}

/** A grpc-js style FAILED_PRECONDITION failure with an ErrorDetail reason. */
function failedPrecondition(reason: string): Error {
  const metadata = new Metadata()
  const detail = ErrorDetail.create({ reason, message: reason })
  metadata.set(ERROR_DETAIL_KEY, Buffer.from(ErrorDetail.encode(detail).finish()))
  return Object.assign(new Error(`9 FAILED_PRECONDITION: ${reason}`), { code: 9, metadata })
}

/** The fake repository: branch heads by "project/branch" and the answers it gives. */
export class FakeRepository {
  readonly heads = new Map<string, string>()
  compare = CompareCommitsResponse.fromPartial({})
  mergeability = CheckMergeabilityResponse.fromPartial({})
  readonly calls = { compare: 0, check: 0, merge: [] as MergeBranchRequest[] }
  merged = MergeBranchResponse.fromPartial({ targetSha: 'merge-sha', mergeCommitSha: 'merge-sha' })
  /** Runs while a comparison is under way (a push racing the collection). */
  onCompare: (() => void) | undefined
  /** A FAILED_PRECONDITION reason mergeBranch answers with, when set. */
  mergeRefusal: string | undefined

  setHead(projectId: number, branch: string, sha: string | undefined): void {
    const key = `${projectId}/${branch}`
    if (sha === undefined) this.heads.delete(key)
    else this.heads.set(key, sha)
  }

  ports(): Pick<Ports, 'repository'> {
    const read = {
      getBranch: ({ projectId, name }: { projectId: number; name: string }) => {
        const sha = this.heads.get(`${projectId}/${name}`)
        if (!sha) return Promise.reject(notFound())
        return Promise.resolve({
          branch: { name, commit: { id: sha }, merged: false, default: false },
        })
      },
      findMergeBase: () => Promise.resolve({ base: 'base-sha' }),
      compareCommits: (_request: CompareCommitsRequest) => {
        this.calls.compare++
        this.onCompare?.()
        return Promise.resolve(this.compare)
      },
      checkMergeability: (_request: CheckMergeabilityRequest) => {
        this.calls.check++
        return Promise.resolve(this.mergeability)
      },
    }
    const write = {
      mergeBranch: (request: MergeBranchRequest) => {
        this.calls.merge.push(request)
        if (this.mergeRefusal === undefined) return Promise.resolve(this.merged)
        return Promise.reject(failedPrecondition(this.mergeRefusal))
      },
    }
    return { repository: { read, write } as unknown as Ports['repository'] }
  }
}

export interface TestDeps {
  deps: MergeRequestsDeps
  redis: Redis
  prefix: string
  /** Removes the queues' keys and closes the connection. */
  close: () => Promise<void>
}

/** Deps over `db` with the fake repository; sets a throwaway QUEUE_PREFIX. */
export function createTestDeps(
  db: Kysely<Database>,
  repository: FakeRepository,
  projects: Project[] = [],
): TestDeps {
  const prefix = `mr-test-${randomBytes(4).toString('hex')}`
  process.env['QUEUE_PREFIX'] = prefix
  const redis = createRedisConnection(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379')
  const ports = {
    ...repository.ports(),
    projects: {
      batchGetProjects: ({ ids }: { ids: number[] }) =>
        Promise.resolve({ projects: projects.filter((project) => ids.includes(project.id)) }),
    },
    close: () => undefined,
  } as unknown as Ports
  const deps: MergeRequestsDeps = {
    db,
    logger: createLogger('merge-requests-test', 'silent'),
    registry: new Registry(),
    redis: () => redis,
    ports,
    config: loadMergeRequestsConfig({}),
  }
  return {
    deps,
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
