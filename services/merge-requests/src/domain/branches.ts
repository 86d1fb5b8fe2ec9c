import { status } from '@grpc/grpc-js'
import { isServiceError } from '@suite/runtime'
import type { MergeRequestsDeps } from '../rpc/deps.js'

/** Whether the project's repository has the branch (NOT_FOUND from the repository role means no). */
export async function branchExists(
  deps: MergeRequestsDeps,
  projectId: number,
  name: string,
): Promise<boolean> {
  try {
    const { branch } = await deps.ports.repository.read.getBranch({ projectId, name })
    return branch !== undefined
  } catch (error) {
    if (isServiceError(error) && error.code === status.NOT_FOUND) return false
    throw error
  }
}
