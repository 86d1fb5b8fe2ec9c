import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely'
import { MIN_CHARS_FOR_PARTIAL_MATCHING, type UserQuery } from '../domain/user-query.js'
import type { Database } from './schema.js'
import { likeEscape } from './sql-helpers.js'
import type { UserRow } from './user-rows.js'

/** ListUsers' filters, shared by the page and its count. */
export function filterUsers<O>(
  qb: SelectQueryBuilder<Database, 'users', O>,
  q: UserQuery,
): SelectQueryBuilder<Database, 'users', O> {
  const { search, identity } = q
  return qb
    .$if(q.username !== undefined, (b) =>
      b.where(sql<string>`lower(users.username)`, '=', (q.username ?? '').toLowerCase()),
    )
    .$if(search !== undefined, (b) =>
      b.where((eb) => searchCondition(eb, search?.term ?? '', search?.matchPrivateEmail ?? false)),
    )
    .$if(q.hideForbiddenStates, (b) =>
      b.where('users.state', 'not in', ['blocked', 'ldap_blocked', 'banned']),
    )
    .$if(q.active === true, (b) => b.where('users.state', '=', 'active'))
    .$if(q.blocked === true, (b) => b.where('users.state', 'in', ['blocked', 'ldap_blocked']))
    .$if(q.external === true, (b) => b.where('users.external', '=', true))
    .$if(q.admins === true, (b) => b.where('users.admin', '=', true))
    .$if(q.excludeBots, (b) => b.where('users.bot', '=', false))
    .$if(identity !== undefined, (b) =>
      b.where((eb) =>
        eb.exists(
          eb
            .selectFrom('identities as i')
            .select('i.id')
            .whereRef('i.user_id', '=', 'users.id')
            .where('i.provider', '=', identity?.provider ?? '')
            .where(
              sql<string>`lower(i.extern_uid)`,
              '=',
              (identity?.externUid ?? '').toLowerCase(),
            ),
        ),
      ),
    )
}

/** GitLab's orders: a column with id as tie-breaker, or exact matches first for a search. */
export function orderUsers(
  qb: SelectQueryBuilder<Database, 'users', UserRow>,
  q: UserQuery,
): SelectQueryBuilder<Database, 'users', UserRow> {
  const order = q.order
  if (order.kind === 'relevance') {
    const term = order.term.toLowerCase()
    return qb
      .orderBy(
        sql`case when lower(users.public_email) = ${term} then 0 when lower(users.username) = ${term} then 1 when lower(users.name) = ${term} then 2 else 3 end`,
      )
      .orderBy('users.name', 'asc')
      .orderBy('users.id', 'desc')
  }
  const ordered = qb.orderBy(`users.${order.column}`, order.direction)
  return order.column === 'id' ? ordered : ordered.orderBy('users.id', order.direction)
}

/** Name or username (substring from three characters on), or an exact email. */
function searchCondition(
  eb: ExpressionBuilder<Database, 'users'>,
  term: string,
  privateEmail: boolean,
) {
  const lower = term.toLowerCase()
  const fuzzy = lower.length >= MIN_CHARS_FOR_PARTIAL_MATCHING
  const pattern = fuzzy ? `%${likeEscape(lower)}%` : likeEscape(lower)
  const emailColumn = privateEmail ? 'users.email' : 'users.public_email'
  return eb.or([
    eb(sql<string>`lower(users.name)`, 'like', pattern),
    eb(sql<string>`lower(users.username)`, 'like', pattern),
    eb(sql<string>`lower(${sql.ref(emailColumn)})`, '=', lower),
  ])
}
