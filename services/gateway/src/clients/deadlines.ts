/**
 * How long the gateway waits for a write that may run git or several
 * statements (create a project with its repository, merge, create a
 * pipeline from its configuration) on a busy host; reads keep the 5 s default.
 */
export const WRITE_DEADLINE_MS = 30_000
