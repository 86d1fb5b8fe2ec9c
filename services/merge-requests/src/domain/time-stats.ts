import { formatDuration } from './durations.js'
import type { TimeStats } from './merge-request-view.js'

/** The seconds a merge request or issue keeps (TimeTrackable). */
export interface TrackedTimes {
  timeEstimate: number
  totalTimeSpent: number
}

/** IssuableTimeStats of a merge request or issue. */
export function timeStatsOf(trackable: TrackedTimes): TimeStats {
  return {
    timeEstimate: trackable.timeEstimate,
    totalTimeSpent: trackable.totalTimeSpent,
    humanTimeEstimate: formatDuration(trackable.timeEstimate),
    humanTotalTimeSpent: formatDuration(trackable.totalTimeSpent),
  }
}
