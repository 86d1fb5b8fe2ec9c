import type { MergeRequestServiceServer } from '@suite/proto'
import { InvalidError, type GrpcServer } from '@suite/runtime'
import { acceptMergeRequest } from '../domain/accept-merge-request.js'
import { cancelAutoMerge } from '../domain/cancel-auto-merge.js'
import { requestRebase } from '../domain/rebase.js'
import { getMergeRef } from '../domain/merge-ref.js'
import { createMergeRequest } from '../domain/create-merge-request.js'
import { deleteMergeRequest } from '../domain/delete-merge-request.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { batchGetMergeRequests, getMergeRequest } from '../domain/get-merge-requests.js'
import { listLabels } from '../domain/labels.js'
import { listMergeRequests } from '../domain/list-merge-requests.js'
import { sampleHookEvent } from '../domain/merge-request-hooks.js'
import { createMilestone, listMilestones } from '../domain/milestones.js'
import { updateMergeRequest } from '../domain/update-merge-request.js'
import {
  toCaller,
  toCreateMergeRequestInput,
  toListMergeRequestsInput,
  toMergeInput,
  toUpdateMergeRequestInput,
} from './from-proto.js'
import { toLabelMessage, toMergeRequestMessage, toMilestoneMessage } from './to-proto.js'

/** page/per_page with GitLab's defaults and cap. */
function paging(page: { page: number; perPage: number } | undefined): {
  page: number
  perPage: number
} {
  return {
    page: Math.max(page?.page || 1, 1),
    perPage: Math.min(Math.max(page?.perPage || 20, 1), 100),
  }
}

/**
 * gitlab.merge_requests.v1: merge requests, milestones and labels (CRUD,
 * lists, merge). `onEvent` is called after a change wrote an activity event.
 */
export function mergeRequestService(
  server: GrpcServer,
  deps: MergeRequestsDeps,
  onEvent: () => void = () => {},
): MergeRequestServiceServer {
  return {
    createMergeRequest: server.unary('CreateMergeRequest', async (request) => {
      const mergeRequest = await createMergeRequest(deps, toCreateMergeRequestInput(request))
      onEvent()
      return { mergeRequest: toMergeRequestMessage(mergeRequest) }
    }),
    getMergeRequest: server.unary('GetMergeRequest', async (request) => {
      const mergeRequest = await getMergeRequest(deps, toCaller(request.caller), {
        projectId: request.projectId,
        iid: request.iid,
      })
      return { mergeRequest: mergeRequest && toMergeRequestMessage(mergeRequest) }
    }),
    batchGetMergeRequests: server.unary('BatchGetMergeRequests', async (request) => ({
      mergeRequests: (await batchGetMergeRequests(deps, request.ids)).map(toMergeRequestMessage),
    })),
    listMergeRequests: server.unary('ListMergeRequests', async (request) => {
      const { mergeRequests, total, totalUnknown } = await listMergeRequests(
        deps,
        toListMergeRequestsInput(request),
      )
      return {
        mergeRequests: mergeRequests.map(toMergeRequestMessage),
        pageInfo: { total, totalUnknown },
      }
    }),
    updateMergeRequest: server.unary('UpdateMergeRequest', async (request) => {
      const mergeRequest = await updateMergeRequest(deps, toUpdateMergeRequestInput(request))
      onEvent()
      return { mergeRequest: toMergeRequestMessage(mergeRequest) }
    }),
    deleteMergeRequest: server.unary('DeleteMergeRequest', async (request) => {
      await deleteMergeRequest(deps, toCaller(request.caller), {
        projectId: request.projectId,
        iid: request.iid,
      })
      return {}
    }),
    sampleHookEvent: server.unary('SampleHookEvent', async (request) => {
      if (request.kind !== 'merge_request_hooks' && request.kind !== 'note_hooks') {
        throw new InvalidError({}, 'kind does not have a valid value')
      }
      const event = await sampleHookEvent(
        deps,
        toCaller(request.caller),
        request.projectId,
        request.kind,
      )
      return { eventJson: event && JSON.stringify(event) }
    }),
    mergeMergeRequest: server.unary('MergeMergeRequest', async (request) => {
      const mergeRequest = await acceptMergeRequest(deps, toMergeInput(request))
      onEvent()
      return { mergeRequest: toMergeRequestMessage(mergeRequest) }
    }),
    getMergeRef: server.unary('GetMergeRef', async (request) => ({
      commitId: await getMergeRef(deps, toCaller(request.caller), {
        projectId: request.projectId,
        iid: request.iid,
      }),
    })),
    rebaseMergeRequest: server.unary('RebaseMergeRequest', async (request) => {
      const rebaseInProgress = await requestRebase(
        deps,
        toCaller(request.caller),
        { projectId: request.projectId, iid: request.iid },
        request.skipCi,
      )
      return { rebaseInProgress }
    }),
    cancelAutoMerge: server.unary('CancelAutoMerge', async (request) => {
      const cancelled = await cancelAutoMerge(deps, toCaller(request.caller), {
        projectId: request.projectId,
        iid: request.iid,
      })
      return { cancelled }
    }),
    listMilestones: server.unary('ListMilestones', async (request) => {
      const { page, perPage } = paging(request.page)
      const { milestones, total } = await listMilestones(deps, toCaller(request.caller), {
        projectId: request.projectId,
        iids: request.iids,
        state: request.state || undefined,
        title: request.title,
        search: request.search,
        limit: perPage,
        offset: (page - 1) * perPage,
      })
      return { milestones: milestones.map(toMilestoneMessage), pageInfo: { total } }
    }),
    createMilestone: server.unary('CreateMilestone', async (request) => {
      const milestone = await createMilestone(deps, toCaller(request.caller), {
        projectId: request.projectId,
        title: request.title,
        description: request.description,
        dueDate: request.dueDate,
        startDate: request.startDate,
      })
      return { milestone: toMilestoneMessage(milestone) }
    }),
    listLabels: server.unary('ListLabels', async (request) => {
      const { labels, total } = await listLabels(deps, toCaller(request.caller), {
        projectId: request.projectId,
        search: request.search,
        ...paging(request.page),
      })
      return { labels: labels.map(toLabelMessage), pageInfo: { total } }
    }),
  }
}
