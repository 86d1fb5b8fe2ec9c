import { BranchUpdate } from '../branch-updates.js'

/** A branch update of project 7 from a...a to b...b: an outbox row for relay tests. */
export function testBranchUpdate(branch: string): BranchUpdate {
  return BranchUpdate.fromJSON({
    projectId: 7,
    branch,
    before: 'a'.repeat(40),
    after: 'b'.repeat(40),
  })
}
