/** Thrown by stores when PostgreSQL refuses a write for a foreign key (23503). */
export class ForeignKeyViolation extends Error {
  constructor(readonly constraint: string | undefined) {
    super(`foreign key violation: ${constraint ?? 'unknown'}`)
  }
}

/** Runs a write, turning a foreign_key_violation into a ForeignKeyViolation. */
export async function guardForeignKey<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const { code, constraint } = error as { code?: unknown; constraint?: unknown }
    if (code !== '23503') throw error
    throw new ForeignKeyViolation(typeof constraint === 'string' ? constraint : undefined)
  }
}

/** The foreign key from members.member_role_id to member_roles. */
export const MEMBER_ROLE_FOREIGN_KEY = 'members_member_role_id_fkey'
