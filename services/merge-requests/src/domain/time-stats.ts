import { formatDuration } from './durations.js'
import type { MergeRequest } from './merge-request.js'
import type { TimeStats } from './merge-request-view.js'

/** IssuableTimeStats of a merge request. */
export function timeStatsOf(mergeRequest: MergeRequest): TimeStats {
  return {
    timeEstimate: mergeRequest.timeEstimate,
    totalTimeSpent: mergeRequest.totalTimeSpent,
    humanTimeEstimate: formatDuration(mergeRequest.timeEstimate),
    humanTotalTimeSpent: formatDuration(mergeRequest.totalTimeSpent),
  }
}
