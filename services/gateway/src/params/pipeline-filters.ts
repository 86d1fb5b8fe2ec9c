import type { ListPipelinesRequest } from '@suite/proto'
import { CI_STATUSES, PIPELINE_SOURCES } from '@suite/runtime'
import { p } from './coercions.js'
import { dateTime } from './merge-request-values.js'
import { MESSAGES, Param } from './param.js'

/** Ci::PipelinesFinder::ALLOWED_INDEXED_COLUMNS: what `order_by` may name. */
const ORDER_COLUMNS = ['id', 'status', 'ref', 'updated_at', 'user_id'] as const

/** GET /projects/:id/pipelines (lib/api/ci/pipelines.rb), besides pagination. */
export const pipelineListParams = {
  id: p.string().required(),
  scope: p.string().values(['running', 'pending', 'finished', 'branches', 'tags']),
  status: p.string().values(CI_STATUSES),
  ref: p.string(),
  sha: p.string(),
  yaml_errors: p.bool(),
  username: p.string(),
  updated_before: dateTime(),
  updated_after: dateTime(),
  order_by: p.string().values(ORDER_COLUMNS).default('id'),
  sort: p.string().values(['asc', 'desc']).default('desc'),
  source: p.string().values(PIPELINE_SOURCES),
}

type PipelineListValues = {
  scope?: string | undefined
  status?: string | undefined
  ref?: string | undefined
  sha?: string | undefined
  yaml_errors?: boolean | undefined
  updated_before?: Date | undefined
  updated_after?: Date | undefined
  order_by: string
  sort: string
  source?: string | undefined
}

/** The filters as ListPipelinesRequest fields (the user is resolved from `username` apart). */
export function pipelineListFields(
  params: PipelineListValues,
): Pick<
  ListPipelinesRequest,
  | 'scope'
  | 'status'
  | 'ref'
  | 'sha'
  | 'yamlErrors'
  | 'updatedBefore'
  | 'updatedAfter'
  | 'orderBy'
  | 'sort'
  | 'source'
> {
  return {
    scope: params.scope,
    status: params.status,
    ref: params.ref,
    sha: params.sha,
    yamlErrors: params.yaml_errors,
    updatedBefore: params.updated_before,
    updatedAfter: params.updated_after,
    orderBy: params.order_by,
    sort: params.sort,
    source: params.source,
  }
}

const STATUS_SET: ReadonlySet<string> = new Set(CI_STATUSES)

/**
 * `use :optional_scope` (API::Ci::Helpers::PipelinesHelpers): one status or
 * an array of them; anything else (a hash, an unknown status) is `scope does
 * not have a valid value`.
 */
export function jobScope(): Param<string[]> {
  return new Param<string[]>((raw) => {
    const values = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? (raw as unknown[]) : []
    const valid =
      values.length > 0 &&
      values.every((value) => typeof value === 'string' && STATUS_SET.has(value))
    return valid ? { ok: true, value: values as string[] } : { ok: false, message: MESSAGES.values }
  }, true)
}
