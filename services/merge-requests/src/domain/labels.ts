import type { Caller, Label } from '@suite/proto'
import type { MergeRequestsDeps } from './deps.js'
import { listProjectLabels } from '../store/labels.store.js'
import { labelMessage } from './catalog-messages.js'
import { requireReadLabel } from './policy.js'

export interface LabelListQuery {
  projectId: number
  search?: string
  page: number
  perPage: number
}

/** GET /projects/:id/labels: read_label; the project's labels by title, one page and the total. */
export async function listLabels(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  query: LabelListQuery,
): Promise<{ labels: Label[]; total: number }> {
  requireReadLabel(caller, query.projectId)
  const { rows, total } = await listProjectLabels(
    deps.db,
    query.projectId,
    query.search,
    query.perPage,
    (query.page - 1) * query.perPage,
  )
  return { labels: rows.map(labelMessage), total }
}
