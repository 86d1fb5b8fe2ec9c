import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/** Branch updates waiting for `repository.branch-updates` (runtime's BRANCH_UPDATE_OUTBOX). */
export interface BranchUpdateOutboxTable {
  id: Generated<number>
  /** BranchUpdate.toJSON */
  payload: unknown
  idempotency_key: string
  created_at: Timestamp
  attempts: Generated<number>
}

/** A ref write in progress: the refs before it, until its changes are recorded. */
export interface RefWriteIntentsTable {
  id: Generated<number>
  project_id: number
  user_id: number | null
  /** Full ref name -> object id. */
  refs_before: ColumnType<Record<string, string>, string, string>
  host: string
  process_id: string
  created_at: Timestamp
}

/** Tables that make the repository role's ref changes durable. */
export interface RefChangeTables {
  branch_update_outbox: BranchUpdateOutboxTable
  ref_write_intents: RefWriteIntentsTable
}
