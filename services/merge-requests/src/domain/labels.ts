import type { Label } from '@suite/proto'
import type { MergeRequestsDeps } from '../rpc/deps.js'
import { listProjectLabels } from '../store/labels.store.js'
import { labelMessage } from './catalog-messages.js'

export interface LabelListQuery {
  projectId: number
  search?: string
  page: number
  perPage: number
}

/** GET /projects/:id/labels: the project's labels by title, one page and the total. */
export async function listLabels(
  deps: MergeRequestsDeps,
  query: LabelListQuery,
): Promise<{ labels: Label[]; total: number }> {
  const { rows, total } = await listProjectLabels(
    deps.db,
    query.projectId,
    query.search,
    query.perPage,
    (query.page - 1) * query.perPage,
  )
  return { labels: rows.map(labelMessage), total }
}
