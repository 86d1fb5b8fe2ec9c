import type { GetMergeRefResponse, RebaseMergeRequestResponse } from '@suite/proto'

/** What PUT .../rebase answers (`present rebase_in_progress: ...`). */
export function presentRebase(answer: RebaseMergeRequestResponse) {
  return { rebase_in_progress: answer.rebaseInProgress }
}

/** What GET .../merge_ref answers (`present :commit_id, ...`). */
export function presentMergeRef(answer: GetMergeRefResponse) {
  return { commit_id: answer.commitId }
}
