export interface PageState {
  page: number
  perPage: number
  /** Undefined when more rows match than the service counts (GitLab: over 10,000). */
  total: number | undefined
  /** Rows on this page: without a total, a full page means there may be a next one. */
  count?: number
}

export interface PageLinkBase {
  /** EXTERNAL_URL without a trailing slash. */
  externalUrl: string
  /** The request path as received (still percent-encoded, so `%2F` stays). */
  path: string
  /** Every parameter of the request's query string, parsed. */
  query: Readonly<Record<string, unknown>>
}

/** CGI.escape: percent-encoding with `+` for spaces. */
function escape(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+')
}

/** Rails' Object#to_query: `a[]=1&a[]=2`, `h[k]=v`, pairs sorted at each level. */
export function toQuery(value: unknown, prefix: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => toQuery(item, `${prefix}[]`))
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .flatMap(([key, item]) => toQuery(item, prefix ? `${prefix}[${key}]` : key))
      .sort()
  }
  if (value === undefined) return []
  const text =
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : ''
  return [`${escape(prefix)}=${escape(text)}`]
}

/**
 * GitLab's offset pagination headers (lib/gitlab/pagination/offset_header_builder.rb
 * and Kaminari): X-Total, X-Total-Pages (at least 1), X-Per-Page, X-Page,
 * X-Next-Page and X-Prev-Page (empty when there is none, both empty past the
 * last page), and Link with prev, next, first and last, each URL carrying every
 * parameter of the request. Without a total (over 10,000 rows) GitLab leaves
 * out X-Total, X-Total-Pages and the last link, and a full page has a next one.
 */
export function paginationHeaders(state: PageState, base: PageLinkBase): Record<string, string> {
  if (state.total === undefined) {
    // Kaminari's without_count: a full page may have a next one.
    const next = (state.count ?? 0) >= state.perPage ? state.page + 1 : undefined
    return pageHeaders(state, base, { next, prev: state.page > 1 ? state.page - 1 : undefined })
  }
  const totalPages = Math.max(Math.ceil(state.total / state.perPage), 1)
  const outOfRange = state.page > totalPages
  return {
    'X-Total': String(state.total),
    'X-Total-Pages': String(totalPages),
    ...pageHeaders(state, base, {
      next: !outOfRange && state.page < totalPages ? state.page + 1 : undefined,
      prev: !outOfRange && state.page > 1 ? state.page - 1 : undefined,
      last: totalPages,
    }),
  }
}

/** The headers both kinds of offset pages share: the page, its neighbours and the Link. */
function pageHeaders(
  state: PageState,
  base: PageLinkBase,
  pages: { next: number | undefined; prev: number | undefined; last?: number },
): Record<string, string> {
  const href = (page: number) => {
    const query = toQuery({ ...base.query, page, per_page: state.perPage }, '').join('&')
    return `<${base.externalUrl}${base.path}?${query}>`
  }
  const links = [
    pages.prev === undefined ? undefined : `${href(pages.prev)}; rel="prev"`,
    pages.next === undefined ? undefined : `${href(pages.next)}; rel="next"`,
    `${href(1)}; rel="first"`,
    pages.last === undefined ? undefined : `${href(pages.last)}; rel="last"`,
  ]
  return {
    'X-Per-Page': String(state.perPage),
    'X-Page': String(state.page),
    'X-Next-Page': pages.next === undefined ? '' : String(pages.next),
    'X-Prev-Page': pages.prev === undefined ? '' : String(pages.prev),
    Link: links.filter((link) => link !== undefined).join(', '),
  }
}

/**
 * GitLab's keyset pagination headers (Gitlab::Pagination::Keyset::RequestContext):
 * only a Link with rel="next", whose URL is the request's with the next
 * page's bounds (e.g. `id_after=28`); none on the last page, and no X-Total.
 */
export function keysetHeaders(
  next: Readonly<Record<string, string | number>> | undefined,
  perPage: number,
  base: PageLinkBase,
): Record<string, string> {
  if (next === undefined) return {}
  const query = toQuery({ ...base.query, ...next, per_page: perPage }, '').join('&')
  return { Link: `<${base.externalUrl}${base.path}?${query}>; rel="next"` }
}
