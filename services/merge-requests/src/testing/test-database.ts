import { createTestSchema, type TestSchema } from '@suite/runtime'
import { migrations } from '../migrations/index.js'
import type { Database } from '../store/schema.js'

export type TestDatabase = TestSchema<Database>

/**
 * A throwaway schema with every merge-requests migration applied, for store
 * tests against the real PostgreSQL; `drop` removes it.
 */
export function createTestDatabase(): Promise<TestDatabase> {
  return createTestSchema<Database>('mr_test', migrations)
}
