import type { Caller, MergeRequestKey, TimeStats } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import { presentTimeStats } from '../entities/time-stats.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import type { MergeRequestRouteDeps } from './merge-request-route-deps.js'
import { ISSUE_NOTEABLE, MERGE_REQUEST_NOTEABLE, type NoteableRoute } from './noteable-routes.js'

/**
 * lib/api/concerns/time_tracking_endpoints.rb, included for merge requests
 * and issues: add_spent_time answers 201; the estimate and the resets say
 * `status :ok`; time_stats is a GET. The service decides who may read and
 * change an issue's or request's times.
 */
export function mergeRequestTimeTrackingRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  timeTrackingRoutes(api, deps, MERGE_REQUEST_NOTEABLE)
  timeTrackingRoutes(api, deps, ISSUE_NOTEABLE)
}

/** The time tracking endpoints of one trackable type. */
function timeTrackingRoutes(
  api: ApiRouter,
  deps: MergeRequestRouteDeps,
  trackable: NoteableRoute,
): void {
  const SINGLE = trackable.path
  const pathParams = trackable.params
  const collaboration = deps.mergeRequests.collaboration
  const present = (stats: TimeStats) => presentTimeStats(stats)
  const stats = (answer: { timeStats?: TimeStats | undefined }) =>
    requireField(answer.timeStats, 'time_stats')
  const withDuration = { ...pathParams, duration: p.string().required() }

  /** A POST answering 200 with the stats after `call`. */
  function resetting(
    action: string,
    call: (mergeRequest: MergeRequestKey, caller: Caller) => Promise<TimeStats>,
  ) {
    api.post(`${SINGLE}/${action}`, {
      status: 200,
      ability: AUTHENTICATED,
      resolve: 'project',
      projectAbility: trackable.readAbility,
      params: pathParams,
      handle: ({ caller, project, params }) => call(trackable.key(project, params), caller),
      present,
    })
  }

  api.post(`${SINGLE}/time_estimate`, {
    status: 200,
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: trackable.readAbility,
    params: withDuration,
    handle: async ({ caller, project, params }) =>
      stats(
        await collaboration.write.setTimeEstimate({
          caller,
          mergeRequest: trackable.key(project, params),
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
    projectAbility: trackable.readAbility,
    params: { ...withDuration, summary: p.string() },
    handle: async ({ caller, project, params }) =>
      stats(
        await collaboration.write.addSpentTime({
          caller,
          mergeRequest: trackable.key(project, params),
          duration: params.duration,
          summary: params.summary,
        }),
      ),
    present,
  })

  api.get(`${SINGLE}/time_stats`, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: trackable.readAbility,
    params: pathParams,
    handle: async ({ caller, project, params }) =>
      stats(
        await collaboration.read.getTimeStats({
          caller,
          mergeRequest: trackable.key(project, params),
        }),
      ),
    present,
  })
}
