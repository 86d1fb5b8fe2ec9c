/**
 * What a store throws when PostgreSQL refuses a write, in domain words: the
 * use cases turn these races into 409s and 400s. The stores raise them
 * (store/unique-violation.ts, store/foreign-key-violation.ts).
 */

/** Which uniqueness rule a write broke. */
export type UniqueRule =
  | 'username'
  | 'email'
  | 'namespace_path'
  | 'namespace_name'
  | 'member'
  | 'token'
  | 'identity'
  | 'member_role_name'
  | 'group_link'
  | 'unknown'

/** A write refused for a unique index. */
export class UniqueViolation extends Error {
  constructor(readonly rule: UniqueRule) {
    super(`unique violation: ${rule}`)
  }
}

/** A write refused for a foreign key (23503), naming the constraint when known. */
export class ForeignKeyViolation extends Error {
  constructor(readonly constraint: string | undefined) {
    super(`foreign key violation: ${constraint ?? 'unknown'}`)
  }
}

/** The foreign key from a membership to the custom member role it holds. */
export const MEMBER_ROLE_FOREIGN_KEY = 'members_member_role_id_fkey'
