import type { PageRequest } from '@suite/proto'
import { p } from './coercions.js'
import { MESSAGES } from './param.js'

export const DEFAULT_PER_PAGE = 20
export const MAX_PER_PAGE = 100
/** PageRequest.page is an int32: a page beyond it is past every list's last page anyway. */
export const MAX_PAGE = 2 ** 31 - 1

/**
 * GitLab's `use :pagination`: garbage is `page is invalid`, page < 1 is
 * `page does not have a valid value`, per_page 0 is `per_page has a value not
 * allowed` and below 0 `per_page does not have a valid value`
 * (lib/api/pagination_params.rb). per_page above 100 is served as 100.
 */
export const paginationParams = {
  page: p
    .int()
    .default(1)
    .check((page) => page >= 1, MESSAGES.values),
  per_page: p
    .int()
    .default(DEFAULT_PER_PAGE)
    .except([0])
    .check((perPage) => perPage >= 1, MESSAGES.values),
}

/**
 * The page the services are asked for, per_page capped at 100 and page at the
 * largest int32 (Ruby takes any integer; a huge page is simply out of range).
 */
export function pageRequest(params: { page: number; per_page: number }): PageRequest {
  return {
    page: Math.min(params.page, MAX_PAGE),
    perPage: Math.min(params.per_page, MAX_PER_PAGE),
  }
}
