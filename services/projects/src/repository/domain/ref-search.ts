/**
 * GitLab's ref search (TagsFinder, BranchesFinder): `^term` matches a
 * beginning, `term$` an ending, both an exact name, anything else a substring;
 * case-insensitive.
 */
export function refNameMatcher(search: string): (name: string) => boolean {
  if (search === '') return () => true
  let term = search.toLowerCase()
  const prefix = term.startsWith('^')
  const suffix = term.endsWith('$') && term.length > (prefix ? 1 : 0)
  if (prefix) term = term.slice(1)
  if (suffix) term = term.slice(0, -1)
  return (name) => {
    const candidate = name.toLowerCase()
    if (prefix && suffix) return candidate === term
    if (prefix) return candidate.startsWith(term)
    if (suffix) return candidate.endsWith(term)
    return candidate.includes(term)
  }
}

export type TagOrderField = 'name' | 'updated' | 'version'

/** The for-each-ref sort key of a tag order (git's own version sort for `version`). */
export function tagSortKey(order: TagOrderField, ascending: boolean): string {
  const key = { name: 'refname', updated: 'creatordate', version: 'version:refname' }[order]
  return ascending ? key : `-${key}`
}

/** A page of a list: GitLab's page/per_page (per_page capped by the gateway). */
export function pageOf<T>(items: readonly T[], page: number, perPage: number): T[] {
  const size = perPage > 0 ? perPage : 20
  const start = (Math.max(page, 1) - 1) * size
  return items.slice(start, start + size)
}
