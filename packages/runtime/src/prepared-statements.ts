import { createHash } from 'node:crypto'
import type pg from 'pg'

/** Distinct statements named per process; beyond it (IN lists of every length, say) they run unnamed. */
const MAX_NAMED_STATEMENTS = 2_000
/** Statements that read or write rows (not SET, BEGIN, COMMIT, ROLLBACK). */
export const DATA_STATEMENT = /^\s*(?:select|insert|update|delete|with)\b/i

const names = new Map<string, string>()

/**
 * Appended to a query whose best plan depends on its values (filters over
 * skewed data: a project of 10,000 rows beside one of 1,000,000): it runs
 * unnamed, so PostgreSQL plans it for its values every time instead of
 * settling on one generic plan after five runs.
 */
export const PLAN_PER_RUN = '/* plan per run */'

/**
 * The prepared-statement name of a query's text: the same text always gets
 * the same name, so each connection parses and plans it once. Undefined for
 * anything but data statements, and once the cap is reached.
 */
export function statementName(text: string): string | undefined {
  const known = names.get(text)
  if (known !== undefined) return known
  if (names.size >= MAX_NAMED_STATEMENTS || !DATA_STATEMENT.test(text)) return undefined
  if (text.endsWith(PLAN_PER_RUN)) return undefined
  const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`
  names.set(text, name)
  return name
}

type Query = (...args: unknown[]) => unknown

/**
 * Makes a connection run parameterized queries (Kysely's `query(text,
 * values)`) as named prepared statements: PostgreSQL parses and plans each
 * distinct statement once per connection instead of on every run. For pg's
 * pool 'connect' event.
 */
export function prepareStatements(client: pg.PoolClient): void {
  const target = client as unknown as { query: Query }
  const query = target.query.bind(client)
  target.query = (...args: unknown[]) => {
    const [text, values] = args
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = statementName(text)
      if (name !== undefined) return query({ name, text, values })
    }
    return query(...args)
  }
}
