import {
  addSpentTime,
  getTimeStats,
  resetSpentTime,
  resetTimeEstimate,
  setTimeEstimate,
} from '../../domain/time-tracking.js'
import { toTimeStatsMessage } from '../to-proto.js'
import type { CollaborationHandlers } from './handler.js'

/** Time estimates and spent time; every answer is the request's time stats. */
export const timeTrackingHandlers: CollaborationHandlers<
  'setTimeEstimate' | 'resetTimeEstimate' | 'addSpentTime' | 'resetSpentTime' | 'getTimeStats'
> = {
  setTimeEstimate: async (deps, caller, key, request) => ({
    timeStats: toTimeStatsMessage(await setTimeEstimate(deps, caller, key, request.duration)),
  }),
  resetTimeEstimate: async (deps, caller, key) => ({
    timeStats: toTimeStatsMessage(await resetTimeEstimate(deps, caller, key)),
  }),
  addSpentTime: async (deps, caller, key, request) => ({
    timeStats: toTimeStatsMessage(
      await addSpentTime(deps, caller, key, request.duration, request.summary),
    ),
  }),
  resetSpentTime: async (deps, caller, key) => ({
    timeStats: toTimeStatsMessage(await resetSpentTime(deps, caller, key)),
  }),
  getTimeStats: async (deps, caller, key) => ({
    timeStats: toTimeStatsMessage(await getTimeStats(deps, caller, key)),
  }),
}
