import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/** A protected branch rule (GitLab's protected_branches row with its access levels inlined). */
export interface ProtectedBranchesTable {
  id: Generated<number>
  project_id: number
  name: string
  push_access_level: number
  merge_access_level: number
  unprotect_access_level: number
  allow_force_push: Generated<boolean>
  code_owner_approval_required: Generated<boolean>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ProtectedBranchTables {
  protected_branches: ProtectedBranchesTable
}
