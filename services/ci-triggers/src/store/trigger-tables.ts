import type { ColumnType, Generated } from 'kysely'

/** A column the database fills on insert (default) that may be set later. */
type Defaulted<T> = ColumnType<T, T | undefined, T>
/** A nullable column, null unless given. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>

/** GitLab's ci_triggers: pipeline trigger tokens, the token only sealed and digested. */
export interface CiTriggersTable {
  id: Generated<number>
  project_id: number
  owner_id: number
  description: Nullable<string>
  /** SecretBox.seal of the token. */
  token_encrypted: string
  /** SecretBox.digest of the token, unique: what a trigger request looks up. */
  token_digest: string
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
  last_used: Nullable<Date>
  expires_at: Nullable<Date>
}

export interface TriggerTables {
  ci_triggers: CiTriggersTable
}
