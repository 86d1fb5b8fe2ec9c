import type { Caller } from './caller.js'
import { labelView } from './catalog-views.js'
import type { MergeRequestsDeps } from './ports.js'
import type { LabelView } from './merge-request-view.js'
import { requireReadLabel } from './policy.js'

export interface LabelListQuery {
  projectId: number
  search?: string | undefined
  page: number
  perPage: number
}

/** GET /projects/:id/labels: read_label; the project's labels by title, one page and the total. */
export async function listLabels(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  query: LabelListQuery,
): Promise<{ labels: LabelView[]; total: number }> {
  requireReadLabel(caller, query.projectId)
  const { labels, total } = await deps.stores.labels.listInProject(
    query.projectId,
    query.search,
    query.perPage,
    (query.page - 1) * query.perPage,
  )
  return { labels: labels.map(labelView), total }
}
