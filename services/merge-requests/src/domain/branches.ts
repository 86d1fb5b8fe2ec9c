import { isNotFound } from '../clients/grpc-failures.js'
import type { MergeRequestsDeps } from './deps.js'

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
    if (isNotFound(error)) return false
    throw error
  }
}
