import type { TimeStats } from '@suite/proto'
import { orNull } from './present-context.js'

/** API::Entities::IssuableTimeStats. */
export interface TimeStatsJson {
  time_estimate: number
  total_time_spent: number
  human_time_estimate: string | null
  human_total_time_spent: string | null
}

export function presentTimeStats(stats: TimeStats | undefined): TimeStatsJson {
  return {
    time_estimate: stats?.timeEstimate ?? 0,
    total_time_spent: stats?.totalTimeSpent ?? 0,
    human_time_estimate: orNull(stats?.humanTimeEstimate),
    human_total_time_spent: orNull(stats?.humanTotalTimeSpent),
  }
}
