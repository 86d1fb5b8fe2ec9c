import { isUniqueViolation } from '@suite/runtime'
import type { Kysely, Selectable } from 'kysely'
import {
  DEFAULT_BRANCH_PROTECTION,
  isProtectedAccessLevel,
  type ProtectedAccessLevel,
  type ProtectedBranch,
  type ProtectedBranchValues,
} from '../domain/protected-branch.js'
import type { ProtectedBranchStore } from '../domain/ports.js'
import type { ProtectedBranchesTable } from './protected-branch-tables.js'
import type { Database } from './schema.js'

/** A level the table holds; a value outside GitLab's four (never written) reads as No one. */
function level(value: number): ProtectedAccessLevel {
  return isProtectedAccessLevel(value) ? value : 0
}

function toRule(row: Selectable<ProtectedBranchesTable>): ProtectedBranch {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    name: row.name,
    pushAccessLevel: level(row.push_access_level),
    mergeAccessLevel: level(row.merge_access_level),
    unprotectAccessLevel: level(row.unprotect_access_level),
    allowForcePush: row.allow_force_push,
    codeOwnerApprovalRequired: row.code_owner_approval_required,
  }
}

function columns(values: ProtectedBranchValues) {
  return {
    push_access_level: values.pushAccessLevel,
    merge_access_level: values.mergeAccessLevel,
    unprotect_access_level: values.unprotectAccessLevel,
    allow_force_push: values.allowForcePush,
    code_owner_approval_required: values.codeOwnerApprovalRequired,
  }
}

/** The protected_branches table: a project's rules, by name. */
export class ProtectedBranchesStore implements ProtectedBranchStore {
  constructor(private readonly db: Kysely<Database>) {}

  async list(projectId: number): Promise<ProtectedBranch[]> {
    const rows = await this.db
      .selectFrom('protected_branches')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute()
    return rows.map(toRule)
  }

  async find(projectId: number, name: string): Promise<ProtectedBranch | undefined> {
    const row = await this.db
      .selectFrom('protected_branches')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirst()
    return row && toRule(row)
  }

  /** The new rule, or undefined when the project already has one of that name. */
  async insert(
    projectId: number,
    name: string,
    values: ProtectedBranchValues,
  ): Promise<ProtectedBranch | undefined> {
    try {
      const row = await this.db
        .insertInto('protected_branches')
        .values({ project_id: projectId, name, ...columns(values) })
        .returningAll()
        .executeTakeFirstOrThrow()
      return toRule(row)
    } catch (error) {
      if (isUniqueViolation(error)) return undefined
      throw error
    }
  }

  async update(
    projectId: number,
    name: string,
    values: Partial<ProtectedBranchValues>,
  ): Promise<ProtectedBranch | undefined> {
    const row = await this.db
      .updateTable('protected_branches')
      .set({
        push_access_level: values.pushAccessLevel,
        merge_access_level: values.mergeAccessLevel,
        unprotect_access_level: values.unprotectAccessLevel,
        allow_force_push: values.allowForcePush,
        code_owner_approval_required: values.codeOwnerApprovalRequired,
        updated_at: new Date(),
      })
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .returningAll()
      .executeTakeFirst()
    return row && toRule(row)
  }

  async delete(projectId: number, name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('protected_branches')
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  /**
   * Projects::ProtectDefaultBranchService: the default branch gets GitLab's
   * default protection unless a rule of that name exists.
   */
  async protectDefault(projectId: number, branch: string): Promise<void> {
    await this.db
      .insertInto('protected_branches')
      .values({
        project_id: projectId,
        name: branch,
        ...columns(DEFAULT_BRANCH_PROTECTION),
      })
      .onConflict((conflict) => conflict.columns(['project_id', 'name']).doNothing())
      .execute()
  }
}
