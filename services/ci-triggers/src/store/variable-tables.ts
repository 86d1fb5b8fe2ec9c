import type { ColumnType, Generated } from 'kysely'

/** A column the database fills on insert (default) that may be set later. */
type Defaulted<T> = ColumnType<T, T | undefined, T>
/** A nullable column, null unless given. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>

/**
 * GitLab's ci_variables, ci_group_variables and ci_instance_variables in one
 * table: project_id for a project's, group_id for a group's, neither for the
 * instance's. The value only sealed.
 */
export interface CiVariablesTable {
  id: Generated<number>
  project_id: Nullable<number>
  group_id: Nullable<number>
  key: string
  /** SecretBox.seal of the value. */
  value_encrypted: string
  variable_type: Defaulted<string>
  protected: Defaulted<boolean>
  masked: Defaulted<boolean>
  hidden: Defaulted<boolean>
  raw: Defaulted<boolean>
  environment_scope: Defaulted<string>
  description: Nullable<string>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
}

export interface VariableTables {
  ci_variables: CiVariablesTable
}
