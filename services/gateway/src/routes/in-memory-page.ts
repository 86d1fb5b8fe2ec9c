import type { PageRequest } from '@suite/proto'

/** One page of a list a service answers whole (diff versions, blocks). */
export function inMemoryPage<T>(
  items: readonly T[],
  page: PageRequest,
): { items: T[]; total: number } {
  const start = (page.page - 1) * page.perPage
  return { items: items.slice(start, start + page.perPage), total: items.length }
}
