import { isNotFound } from './grpc-failures.js'
import type { Ports } from './ports.js'

/** The commit a branch points at, or undefined when the branch (or repository) is missing. */
export async function branchHead(
  ports: Pick<Ports, 'repository'>,
  projectId: number,
  branch: string,
): Promise<string | undefined> {
  try {
    const { branch: found } = await ports.repository.read.getBranch({ projectId, name: branch })
    return found?.commit?.id || undefined
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
}

/** The heads a merge request compares: its source and target branches, each possibly missing. */
export interface MergeRequestHeads {
  source: string | undefined
  target: string | undefined
}

/** Both heads of a merge request, read in parallel. */
export async function mergeRequestHeads(
  ports: Pick<Ports, 'repository'>,
  row: {
    source_project_id: number
    source_branch: string
    target_project_id: number
    target_branch: string
  },
): Promise<MergeRequestHeads> {
  const [source, target] = await Promise.all([
    branchHead(ports, row.source_project_id, row.source_branch),
    branchHead(ports, row.target_project_id, row.target_branch),
  ])
  return { source, target }
}
