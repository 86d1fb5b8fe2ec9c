import type { Caller, MergeRequestKey, TimeStats } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import { presentTimeStats } from '../entities/time-stats.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import {
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

const SINGLE = '/projects/:id/merge_requests/:merge_request_iid'

/**
 * lib/api/concerns/time_tracking_endpoints.rb: add_spent_time answers 201;
 * the estimate and the resets say `status :ok`; time_stats is a GET.
 */
export function mergeRequestTimeTrackingRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const collaboration = deps.mergeRequests.collaboration
  const present = (stats: TimeStats) => presentTimeStats(stats)
  const stats = (answer: { timeStats?: TimeStats | undefined }) =>
    requireField(answer.timeStats, 'time_stats')
  const withDuration = { ...mergeRequestPathParams, duration: p.string().required() }

  /** A POST answering 200 with the stats after `call`. */
  function resetting(
    action: string,
    call: (mergeRequest: MergeRequestKey, caller: Caller) => Promise<TimeStats>,
  ) {
    api.post(`${SINGLE}/${action}`, {
      status: 200,
      ability: AUTHENTICATED,
      resolve: 'project',
      projectAbility: 'readMergeRequest',
      params: mergeRequestPathParams,
      handle: ({ caller, project, params }) =>
        call(mergeRequestKey(project, params.merge_request_iid), caller),
      present,
    })
  }

  api.post(`${SINGLE}/time_estimate`, {
    status: 200,
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: withDuration,
    handle: async ({ caller, project, params }) =>
      stats(
        await collaboration.write.setTimeEstimate({
          caller,
          mergeRequest: mergeRequestKey(project, params.merge_request_iid),
          duration: params.duration,
        }),
      ),
    present,
  })

  resetting('reset_time_estimate', async (mergeRequest, caller) =>
    stats(await collaboration.write.resetTimeEstimate({ caller, mergeRequest })),
  )
  resetting('reset_spent_time', async (mergeRequest, caller) =>
    stats(await collaboration.write.resetSpentTime({ caller, mergeRequest })),
  )

  api.post(`${SINGLE}/add_spent_time`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: { ...withDuration, summary: p.string() },
    handle: async ({ caller, project, params }) =>
      stats(
        await collaboration.write.addSpentTime({
          caller,
          mergeRequest: mergeRequestKey(project, params.merge_request_iid),
          duration: params.duration,
          summary: params.summary,
        }),
      ),
    present,
  })

  api.get(`${SINGLE}/time_stats`, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params }) =>
      stats(
        await collaboration.read.getTimeStats({
          caller,
          mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        }),
      ),
    present,
  })
}
