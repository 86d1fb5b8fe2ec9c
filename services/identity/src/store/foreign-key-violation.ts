import { ForeignKeyViolation } from '../domain/write-conflicts.js'

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
