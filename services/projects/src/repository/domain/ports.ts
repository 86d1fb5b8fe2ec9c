import type { ProtectedBranch } from '../../domain/protected-branch.js'

/** Where the repository role's rules read a project's protected branch rules. */
export interface ProtectedBranchRules {
  list(projectId: number): Promise<ProtectedBranch[]>
}
