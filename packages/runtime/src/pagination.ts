/** GitLab's offset pagination as services apply it to their queries. */
export const DEFAULT_PER_PAGE = 20
export const MAX_PER_PAGE = 100

export interface PageRequest {
  page: number
  perPage: number
}

/** GitLab's offset pagination: page from 1, per_page defaulting to 20 and capped at 100. */
export function pageWindow(request: PageRequest | undefined): { limit: number; offset: number } {
  const page = request && request.page > 0 ? Math.floor(request.page) : 1
  const perPage =
    request && request.perPage > 0
      ? Math.min(Math.floor(request.perPage), MAX_PER_PAGE)
      : DEFAULT_PER_PAGE
  return { limit: perPage, offset: (page - 1) * perPage }
}
