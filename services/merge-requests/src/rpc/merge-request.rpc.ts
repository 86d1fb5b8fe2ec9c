import type { MergeRequestServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { acceptMergeRequest } from '../domain/accept-merge-request.js'
import { createMergeRequest } from '../domain/create-merge-request.js'
import { deleteMergeRequest } from '../domain/delete-merge-request.js'
import { listLabels } from '../domain/labels.js'
import { listMergeRequests } from '../domain/list-merge-requests.js'
import { presentMergeRequests, requireMergeRequest } from '../domain/merge-request-access.js'
import { createMilestone, listMilestones } from '../domain/milestones.js'
import { updateMergeRequest } from '../domain/update-merge-request.js'
import { findMergeRequestsByIds } from '../store/merge-requests.store.js'
import type { MergeRequestsDeps } from '../domain/deps.js'

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
      const mergeRequest = await createMergeRequest(deps, request)
      onEvent()
      return { mergeRequest }
    }),
    getMergeRequest: server.unary('GetMergeRequest', async (request) => {
      const row = await requireMergeRequest(deps, request.caller, {
        projectId: request.projectId,
        iid: request.iid,
      })
      const [mergeRequest] = await presentMergeRequests(deps, [row], {
        single: true,
        caller: request.caller,
      })
      return { mergeRequest }
    }),
    batchGetMergeRequests: server.unary('BatchGetMergeRequests', async (request) => {
      const rows = await findMergeRequestsByIds(deps.db, request.ids)
      const byId = new Map(rows.map((row) => [row.id, row]))
      const ordered = [...new Set(request.ids)].flatMap((id) => byId.get(id) ?? [])
      return { mergeRequests: await presentMergeRequests(deps, ordered, { single: false }) }
    }),
    listMergeRequests: server.unary('ListMergeRequests', async (request) => {
      const { mergeRequests, total } = await listMergeRequests(deps, request)
      return { mergeRequests, pageInfo: { total } }
    }),
    updateMergeRequest: server.unary('UpdateMergeRequest', async (request) => {
      const mergeRequest = await updateMergeRequest(deps, request)
      onEvent()
      return { mergeRequest }
    }),
    deleteMergeRequest: server.unary('DeleteMergeRequest', async (request) => {
      await deleteMergeRequest(deps, request.caller, {
        projectId: request.projectId,
        iid: request.iid,
      })
      return {}
    }),
    mergeMergeRequest: server.unary('MergeMergeRequest', async (request) => {
      const mergeRequest = await acceptMergeRequest(deps, request)
      onEvent()
      return { mergeRequest }
    }),
    listMilestones: server.unary('ListMilestones', async (request) => {
      const { page, perPage } = paging(request.page)
      const { milestones, total } = await listMilestones(deps, request.caller, {
        projectId: request.projectId,
        iids: request.iids,
        state: request.state || undefined,
        title: request.title,
        search: request.search,
        limit: perPage,
        offset: (page - 1) * perPage,
      })
      return { milestones, pageInfo: { total } }
    }),
    createMilestone: server.unary('CreateMilestone', async (request) => ({
      milestone: await createMilestone(deps, request.caller, {
        projectId: request.projectId,
        title: request.title,
        description: request.description,
        dueDate: request.dueDate,
        startDate: request.startDate,
      }),
    })),
    listLabels: server.unary('ListLabels', async (request) => {
      const { labels, total } = await listLabels(deps, request.caller, {
        projectId: request.projectId,
        search: request.search,
        ...paging(request.page),
      })
      return { labels, pageInfo: { total } }
    }),
  }
}
