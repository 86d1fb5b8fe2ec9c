import { sql, type Kysely } from 'kysely'
import type { SamlIdentityStore } from '../domain/ports.js'
import { GROUP_SAML_PROVIDER, type SamlIdentity } from '../domain/saml-identity.js'
import type { Database } from './schema.js'
import type { PageWindow } from './sql-helpers.js'
import { guardUnique } from './unique-violation.js'

/** The group SAML identities behind one group's SAML provider. */
export class SamlIdentitiesStore implements SamlIdentityStore {
  constructor(private readonly db: Kysely<Database>) {}

  private select(samlProviderId: number) {
    return this.db
      .selectFrom('identities as i')
      .innerJoin('saml_providers as sp', 'sp.id', 'i.saml_provider_id')
      .where('i.provider', '=', GROUP_SAML_PROVIDER)
      .where('i.saml_provider_id', '=', samlProviderId)
  }

  /** The group's SAML provider, if it has one. */
  async providerOf(groupId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('saml_providers')
      .select('id')
      .where('group_id', '=', groupId)
      .executeTakeFirst()
    return row?.id
  }

  async list(
    samlProviderId: number,
    window: PageWindow,
  ): Promise<{ identities: SamlIdentity[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.select(samlProviderId)
        .select(['i.id', 'i.user_id', 'i.extern_uid', 'i.saml_provider_id', 'sp.group_id'])
        .orderBy('i.id')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.select(samlProviderId)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ])
    return { identities: rows.map(toSamlIdentity), total: Number(count.total) }
  }

  /** The identity with this external uid (unique case-insensitively per provider). */
  async find(samlProviderId: number, externUid: string): Promise<SamlIdentity | undefined> {
    const row = await this.select(samlProviderId)
      .select(['i.id', 'i.user_id', 'i.extern_uid', 'i.saml_provider_id', 'sp.group_id'])
      .where(sql<string>`lower(i.extern_uid)`, '=', externUid.toLowerCase())
      .executeTakeFirst()
    return row ? toSamlIdentity(row) : undefined
  }

  /** Changes the external uid; another identity holding it is a UniqueViolation('identity'). */
  async updateExternUid(id: number, externUid: string): Promise<void> {
    await guardUnique(() =>
      this.db
        .updateTable('identities')
        .set({ extern_uid: externUid, updated_at: new Date() })
        .where('id', '=', id)
        .execute(),
    )
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('identities').where('id', '=', id).execute()
  }
}

function toSamlIdentity(row: {
  id: number
  user_id: number
  extern_uid: string
  saml_provider_id: number | null
  group_id: number
}): SamlIdentity {
  return {
    id: row.id,
    userId: row.user_id,
    externUid: row.extern_uid,
    samlProviderId: row.saml_provider_id ?? 0,
    groupId: row.group_id,
  }
}
