import type { Kysely, Selectable } from 'kysely'
import type { NewToken, PageWindow, TokenStateFilter, TokenStore } from '../domain/ports.js'
import type { PersonalAccessToken } from '../domain/token.js'
import type { Database, PersonalAccessTokensTable } from './schema.js'
import { guardUnique } from './unique-violation.js'

type TokenRow = Selectable<PersonalAccessTokensTable>

function toToken(row: TokenRow): PersonalAccessToken {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    description: row.description,
    scopes: row.scopes,
    revoked: row.revoked,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
    impersonation: row.impersonation,
  }
}

/** Personal access tokens, kept as digests. */
export class TokensStore implements TokenStore {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: number): Promise<PersonalAccessToken | undefined> {
    const row = await this.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    return row ? toToken(row) : undefined
  }

  async findByDigest(digest: string): Promise<PersonalAccessToken | undefined> {
    const row = await this.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('token_digest', '=', digest)
      .executeTakeFirst()
    return row ? toToken(row) : undefined
  }

  async insert(token: NewToken): Promise<PersonalAccessToken> {
    const row = await guardUnique(() =>
      this.db
        .insertInto('personal_access_tokens')
        .values(tokenRow(token))
        .returningAll()
        .executeTakeFirstOrThrow(),
    )
    return toToken(row)
  }

  /** Inserts unless a token with the same digest exists; true when inserted. */
  async insertIfAbsent(token: NewToken): Promise<boolean> {
    const rows = await this.db
      .insertInto('personal_access_tokens')
      .values(tokenRow(token))
      .onConflict((oc) => oc.column('token_digest').doNothing())
      .returning('id')
      .execute()
    return rows.length > 0
  }

  async revoke(id: number): Promise<void> {
    await this.db
      .updateTable('personal_access_tokens')
      .set({ revoked: true, updated_at: new Date() })
      .where('id', '=', id)
      .execute()
  }

  /** A user's impersonation tokens, oldest first; active: neither revoked nor expired on `today`. */
  async listImpersonation(
    userId: number,
    state: TokenStateFilter,
    today: string,
    window: PageWindow,
  ): Promise<{ tokens: PersonalAccessToken[]; total: number }> {
    const base = this.db
      .selectFrom('personal_access_tokens')
      .where('user_id', '=', userId)
      .where('impersonation', '=', true)
      .$if(state !== undefined, (qb) =>
        qb.where((eb) => {
          const active = eb.and([
            eb('revoked', '=', false),
            eb.or([eb('expires_at', 'is', null), eb('expires_at', '>=', today)]),
          ])
          return state === 'active' ? active : eb.not(active)
        }),
      )
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id').limit(window.limit).offset(window.offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ])
    return { tokens: rows.map(toToken), total: Number(count.count) }
  }

  /** Records a use; skipped by the caller when the last one is recent. */
  async touch(id: number, at: Date): Promise<void> {
    await this.db
      .updateTable('personal_access_tokens')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .execute()
  }
}

/** The row a new token is stored as: only its digest, never the secret. */
function tokenRow(token: NewToken) {
  return {
    user_id: token.userId,
    name: token.name,
    description: token.description,
    token_digest: token.digest,
    scopes: token.scopes,
    expires_at: token.expiresAt,
    impersonation: token.impersonation,
  }
}
