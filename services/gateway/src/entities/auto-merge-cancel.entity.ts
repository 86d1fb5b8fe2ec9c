import type { CancelAutoMergeResponse } from '@suite/proto'

/**
 * What POST .../cancel_merge_when_pipeline_succeeds answers: Grape presents
 * AutoMergeService#cancel's result hash itself (201 either way), success or
 * the error for a request without auto-merge set.
 */
export function presentAutoMergeCancel(answer: CancelAutoMergeResponse) {
  return answer.cancelled
    ? { status: 'success' as const }
    : {
        status: 'error' as const,
        message: "Can't cancel the automatic merge",
        http_status: 406,
      }
}
