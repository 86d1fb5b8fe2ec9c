import type { Migration } from 'kysely'
import * as createMergeRequests from './2026_11_21_1400_create_merge_requests.js'

/** Every migration of the `merge_requests` schema, by name; Kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_1400_create_merge_requests': createMergeRequests,
}
