import type { Migration } from 'kysely'

/** Every migration of the `projects` schema, by name; Kysely runs them in name order. */
export const migrations: Record<string, Migration> = {}
