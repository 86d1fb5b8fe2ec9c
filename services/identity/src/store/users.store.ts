import { sql, type Kysely, type SelectQueryBuilder } from 'kysely'
import type { UserBlocked } from '@suite/proto'
import { insertOutboxMessage, USER_BLOCKED_OUTBOX, type StoredAvatar } from '@suite/runtime'
import type { NewUserRow, PageWindow, UserStore } from '../domain/ports.js'
import type { Identity, User, UserProfile } from '../domain/user.js'
import type { UserQuery } from '../domain/user-query.js'
import type { Database } from './schema.js'
import { filterUsers, orderUsers } from './user-filters.js'
import { guardUnique } from './unique-violation.js'
import { profileColumns, toUser, type UserRow } from './user-rows.js'

type UsersQuery = SelectQueryBuilder<Database, 'users', UserRow>

/** The user aggregate: users and their identities. */
export class UsersStore implements UserStore {
  constructor(private readonly db: Kysely<Database>) {}

  private select(): UsersQuery {
    return this.db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) =>
        eb
          .selectFrom('namespaces as n')
          .select('n.id')
          .whereRef('n.owner_id', '=', 'users.id')
          .where('n.type', '=', 'User')
          .limit(1)
          .as('namespace_id'),
      )
  }

  private async withIdentities(rows: UserRow[]): Promise<User[]> {
    const identities = await this.identitiesOf(rows.map((row) => row.id))
    return rows.map((row) => toUser(row, identities.get(row.id) ?? []))
  }

  async findById(id: number): Promise<User | undefined> {
    const row = await this.select().where('users.id', '=', id).executeTakeFirst()
    return row ? (await this.withIdentities([row]))[0] : undefined
  }

  async findByIds(ids: readonly number[]): Promise<User[]> {
    if (ids.length === 0) return []
    const rows = await this.select()
      .where('users.id', 'in', [...new Set(ids)])
      .execute()
    return this.withIdentities(rows)
  }

  /** Which of an email and a username other users already hold (case-insensitive). */
  async taken(
    email: string | undefined,
    username: string | undefined,
    exceptUserId?: number,
  ): Promise<{ email: boolean; username: boolean }> {
    if (email === undefined && username === undefined) return { email: false, username: false }
    const rows = await this.db
      .selectFrom('users')
      .select(['email', 'username'])
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(email)`, '=', (email ?? '').toLowerCase()),
          eb(sql<string>`lower(username)`, '=', (username ?? '').toLowerCase()),
        ]),
      )
      .$if(exceptUserId !== undefined, (qb) => qb.where('id', '!=', exceptUserId ?? 0))
      .execute()
    const lower = (value: string | undefined) => value?.toLowerCase()
    return {
      email: email !== undefined && rows.some((r) => r.email.toLowerCase() === lower(email)),
      username:
        username !== undefined && rows.some((r) => r.username.toLowerCase() === lower(username)),
    }
  }

  async insert(user: NewUserRow): Promise<number> {
    const row = await guardUnique(() =>
      this.db
        .insertInto('users')
        .values({
          ...profileColumns(user.profile),
          ...(user.id !== undefined ? { id: user.id } : {}),
          email: user.profile.email,
          username: user.profile.username,
          name: user.profile.name,
          encrypted_password: user.encryptedPassword,
          confirmed_at: user.confirmedAt,
          created_by_id: user.createdById,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    )
    return row.id
  }

  async setAvatar(id: number, avatar: StoredAvatar): Promise<void> {
    const { filename, contentType, content } = avatar
    await this.db
      .insertInto('user_avatars')
      .values({ user_id: id, filename, content_type: contentType, content })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          filename,
          content_type: contentType,
          content,
          updated_at: new Date(),
        }),
      )
      .execute()
    await this.db
      .updateTable('users')
      .set({ avatar_filename: filename, updated_at: new Date() })
      .where('id', '=', id)
      .execute()
  }

  async avatar(id: number): Promise<StoredAvatar | undefined> {
    const row = await this.db
      .selectFrom('user_avatars')
      .select(['filename', 'content_type', 'content'])
      .where('user_id', '=', id)
      .executeTakeFirst()
    return row && { filename: row.filename, contentType: row.content_type, content: row.content }
  }

  async update(id: number, profile: UserProfile, encryptedPassword?: string): Promise<void> {
    await guardUnique(() =>
      this.db
        .updateTable('users')
        .set({
          ...profileColumns(profile),
          encrypted_password: encryptedPassword,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute(),
    )
  }

  async moveState(id: number, from: string, to: string, blocked?: UserBlocked): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('users')
        .set({ state: to, updated_at: new Date() })
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst()
      if (result.numUpdatedRows === 0n) return false
      if (blocked) await insertOutboxMessage(trx, USER_BLOCKED_OUTBOX, blocked)
      return true
    })
  }

  /** The user with this username, in any case. */
  async findByUsername(username: string): Promise<User | undefined> {
    const row = await this.select()
      .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
      .executeTakeFirst()
    return row ? (await this.withIdentities([row]))[0] : undefined
  }

  /** The password digest of the user a username or email (any case) names. */
  async findPasswordByLogin(
    login: string,
  ): Promise<{ id: number; encryptedPassword: string } | undefined> {
    const lower = login.toLowerCase()
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'encrypted_password'])
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(username)`, '=', lower),
          eb(sql<string>`lower(email)`, '=', lower),
        ]),
      )
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
    return row && { id: row.id, encryptedPassword: row.encrypted_password }
  }

  async list(query: UserQuery, window: PageWindow): Promise<{ users: User[]; total: number }> {
    const filtered = filterUsers(this.select(), query)
    const [rows, count] = await Promise.all([
      orderUsers(filtered, query).limit(window.limit).offset(window.offset).execute(),
      filterUsers(this.db.selectFrom('users'), query)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ])
    return { users: await this.withIdentities(rows), total: Number(count.total) }
  }

  /** Identities of users, with the group behind each group SAML identity. */
  async identitiesOf(userIds: readonly number[]): Promise<Map<number, Identity[]>> {
    const byUser = new Map<number, Identity[]>()
    if (userIds.length === 0) return byUser
    const rows = await this.db
      .selectFrom('identities as i')
      .leftJoin('saml_providers as sp', 'sp.id', 'i.saml_provider_id')
      .select(['i.user_id', 'i.provider', 'i.extern_uid', 'i.saml_provider_id', 'sp.group_id'])
      .where('i.user_id', 'in', [...new Set(userIds)])
      .orderBy('i.id')
      .execute()
    for (const row of rows) {
      const list = byUser.get(row.user_id) ?? []
      list.push({
        provider: row.provider,
        externUid: row.extern_uid,
        samlProviderId: row.saml_provider_id,
        groupId: row.group_id,
      })
      byUser.set(row.user_id, list)
    }
    return byUser
  }

  /** Sets the user's identity for a provider (and SAML provider), adding it if new. */
  async upsertIdentity(
    userId: number,
    identity: { provider: string; externUid: string; samlProviderId: number | null },
  ): Promise<void> {
    await guardUnique(() =>
      this.db
        .insertInto('identities')
        .values({
          user_id: userId,
          provider: identity.provider,
          extern_uid: identity.externUid,
          saml_provider_id: identity.samlProviderId,
        })
        .onConflict((oc) =>
          oc
            .expression(sql`user_id, provider, saml_provider_id`)
            .doUpdateSet({ extern_uid: identity.externUid, updated_at: new Date() }),
        )
        .execute(),
    )
  }

  /** The SAML provider of a group, created on first use. */
  async samlProviderFor(groupId: number): Promise<number> {
    const row = await this.db
      .insertInto('saml_providers')
      .values({ group_id: groupId })
      .onConflict((oc) => oc.column('group_id').doUpdateSet({ group_id: groupId }))
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
}
