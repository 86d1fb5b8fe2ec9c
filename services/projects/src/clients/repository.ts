import { status } from '@grpc/grpc-js'
import {
  RepositoryForkServiceClient,
  RepositoryServiceClient,
  type RepositoryInfo,
} from '@suite/proto'
import { createClient, isServiceError, type Logger, type Registry } from '@suite/runtime'
import type { RepositoryPort } from '../domain/ports.js'

export interface RepositoryClient extends RepositoryPort {
  /**
   * What the project entity shows of each repository, in one call; a project
   * the role cannot answer for is missing from the map. `license` recognises
   * license files (only a single project's `license=true` needs it).
   */
  info(
    projectIds: readonly number[],
    options: { license: boolean },
  ): Promise<Map<number, RepositoryInfo>>
  /** The push or tag push payload a hook test sends. */
  samplePushHook(input: {
    projectId: number
    fullPath: string
    userId: number
    tag: boolean
  }): Promise<Record<string, unknown>>
  close: () => void
}

/**
 * The caller of the repository calls only the suite makes (create, delete,
 * describe, default branch): this service, once its own policy has decided.
 */
const SYSTEM = { admin: false, scopes: [], system: true }

/** The projects repository role (RepositoryService at REPOSITORY_ADDR). */
export function createRepositoryClient(
  address: string,
  registry: Registry,
  internalSecret: string,
  logger: Logger,
  userOf: (userId: number) => Promise<{ name: string; email: string } | undefined>,
): RepositoryClient {
  const read = createClient(RepositoryServiceClient, {
    address,
    registry,
    internalSecret,
    retries: 2,
  })
  const write = createClient(RepositoryServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: 30_000,
  })
  const forks = createClient(RepositoryForkServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: 120_000,
  })
  return {
    async forkRepository(sourceProjectId, targetProjectId): Promise<void> {
      await forks.rpc.forkRepository({ sourceProjectId, targetProjectId, caller: SYSTEM })
    },

    async createRepository(input): Promise<void> {
      await write.rpc.createRepository({
        projectId: input.projectId,
        defaultBranch: input.defaultBranch,
        objectFormat: input.objectFormat,
        caller: SYSTEM,
      })
      const commit = input.initialCommit
      if (!commit) return
      const author = await userOf(input.authorId)
      await write.rpc.commitFiles({
        projectId: input.projectId,
        // The author's first commit as part of creating the project: a
        // write for the system (the project's abilities do not exist yet),
        // recorded as the author's push.
        caller: {
          userId: input.authorId,
          admin: false,
          scopes: [],
          project: undefined,
          group: undefined,
          system: true,
        },
        branch: input.defaultBranch,
        startBranch: '',
        commitMessage: commit.message,
        authorName: author?.name ?? '',
        authorEmail: author?.email ?? '',
        actions: commit.files.map((file) => ({
          action: 'create',
          filePath: file.path,
          previousPath: '',
          content: Buffer.from(file.content, 'utf8'),
          executeFilemode: file.executable,
          lastCommitId: '',
          checkLastCommit: false,
        })),
      })
    },

    async setDefaultBranch(projectId, branch): Promise<boolean> {
      try {
        await write.rpc.setDefaultBranch({ projectId, name: branch, caller: SYSTEM })
        return true
      } catch (error) {
        // NOT_FOUND: no repository, or no such branch in it.
        if (isServiceError(error) && error.code === status.NOT_FOUND) return false
        throw error
      }
    },

    async info(projectIds, options): Promise<Map<number, RepositoryInfo>> {
      if (projectIds.length === 0) return new Map()
      try {
        // One call per page (DESIGN: one batch call per kind per request).
        const { repositories } = await read.rpc.batchGetRepositoryInfo(
          { projectIds: [...projectIds], includeLicense: options.license, caller: SYSTEM },
          { deadlineMs: 15_000 },
        )
        return new Map(
          repositories.flatMap(({ projectId, info: answer }) => {
            if (!answer) return []
            const info: RepositoryInfo = {
              empty: !answer.exists || answer.empty,
              sizeBytes: answer.sizeBytes,
              commitCount: answer.commitCount,
              readmePath: answer.readmePath,
              licensePath: answer.licensePath,
              license: answer.license,
            }
            return [[projectId, info] as const]
          }),
        )
      } catch (err) {
        logger.warn({ err, projectIds }, 'repository info unavailable')
        return new Map()
      }
    },

    async deleteRepository(projectId): Promise<void> {
      await write.rpc.deleteRepository({ projectId, caller: SYSTEM })
    },

    async samplePushHook(input) {
      // A hook test's sample for the system: hook-tests.ts has checked the caller's admin_project.
      const { payloadJson } = await read.rpc.samplePushHook({ ...input, caller: SYSTEM })
      return JSON.parse(payloadJson) as Record<string, unknown>
    },

    close: () => {
      read.raw.close()
      write.raw.close()
      forks.raw.close()
    },
  }
}
