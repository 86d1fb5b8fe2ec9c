import { status } from '@grpc/grpc-js'
import type { Caller, Commit } from '@suite/proto'
import { isServiceError } from '@suite/runtime'
import type { RepositoryClients } from './repository.client.js'

/**
 * The commits of a project by sha, one GetCommit per distinct sha (the jobs
 * of a page mostly share one); a sha the repository does not have is left out,
 * and so is every commit when the caller may not read the project's code (the
 * repository role answers PERMISSION_DENIED). Without the repository role
 * every commit is left out.
 */
export async function loadCommits(
  repository: RepositoryClients | undefined,
  caller: Caller | undefined,
  projectId: number,
  shas: readonly string[],
): Promise<Map<string, Commit>> {
  const unique = [...new Set(shas.filter((sha) => sha !== ''))]
  if (!repository || unique.length === 0) return new Map()
  const found = await Promise.all(
    unique.map(async (sha): Promise<[string, Commit][]> => {
      try {
        const { commit } = await repository.repository.read.getCommit({ projectId, sha, caller })
        return commit ? [[sha, commit]] : []
      } catch (error) {
        if (isServiceError(error) && error.code === status.NOT_FOUND) return []
        if (isServiceError(error) && error.code === status.PERMISSION_DENIED) return []
        throw error
      }
    }),
  )
  return new Map(found.flat())
}
