import { sql, type Expression, type SqlBool } from 'kysely'
import type { SearchCondition } from '../domain/list-conditions.js'

/** `like` pattern text with %, _ and \ taken literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/**
 * Issuable.search (fuzzy_search) on merge requests and issues alike: every
 * word (quoted phrases kept whole) must appear in one of the searched columns
 * of `table`; words of 3 characters or more match anywhere, shorter ones only
 * as the whole value. The words are read by one linear scan of the text.
 */
export function issuableSearchCondition(
  table: 'merge_requests' | 'issues',
  search: SearchCondition,
): Expression<SqlBool> {
  const words = [...search.text.matchAll(/"([^"]+)"|(\S+)/g)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((word) => word !== '')
  const columns = [
    ...(search.inTitle ? [sql.ref(`${table}.title`)] : []),
    ...(search.inDescription ? [sql.ref(`${table}.description`)] : []),
  ]
  if (words.length === 0 || columns.length === 0) return sql<SqlBool>`true`
  const perWord = words.map((word) => {
    const pattern = word.length >= 3 ? `%${likeEscape(word)}%` : likeEscape(word)
    return sql<SqlBool>`(${sql.join(
      columns.map((column) => sql`${column} ilike ${pattern}`),
      sql` or `,
    )})`
  })
  return sql<SqlBool>`(${sql.join(perWord, sql` and `)})`
}
