import { api, type ApiResponse, type Params } from './api'

/**
 * GET every page of a GitLab list (per_page 100), following X-Next-Page. Answers
 * the first response that is not a 200 as it came; otherwise a 200 whose body
 * is every page's items in order. Stops after `maxPages` pages.
 */
export async function allPages<T>(
  path: string,
  token: string | undefined,
  query: Params = {},
  maxPages = 20,
): Promise<ApiResponse<T[]>> {
  const items: T[] = []
  let first: ApiResponse<T[]> | undefined
  let page = 1
  for (let fetched = 0; fetched < maxPages; fetched += 1) {
    const res = await api<T[]>(path, { token, query: { ...query, per_page: 100, page } })
    if (res.status !== 200 || !Array.isArray(res.body)) return res
    first ??= res
    items.push(...res.body)
    const nextPage = Number(res.headers.get('x-next-page') ?? '')
    if (!Number.isInteger(nextPage) || nextPage <= page) break
    page = nextPage
  }
  if (first === undefined) throw new Error(`GET ${path}: no page fetched`)
  return { ...first, body: items, text: JSON.stringify(items) }
}
