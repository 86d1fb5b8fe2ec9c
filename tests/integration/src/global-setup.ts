import { startSharedSuite } from './support/shared-suite'

/**
 * Starts the whole suite with the launcher on a fresh database and Redis, one
 * process of every role, and tells the tests where it is. Jest needs this
 * module's default export.
 */
export default async function globalSetup(): Promise<void> {
  await startSharedSuite(1)
}
