import type { Migration } from 'kysely'

/** Migrations by name, applied in name order; none yet. */
export const migrations: Record<string, Migration> = {}
