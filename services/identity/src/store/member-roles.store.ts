import type { Kysely, Selectable } from 'kysely'
import type { MemberRole } from '../domain/member-role.js'
import { normalizePermissions } from '../domain/member-role.js'
import type { MemberRoleChanges, MemberRoleStore, NewMemberRole } from '../domain/ports.js'
import { guardForeignKey } from './foreign-key-violation.js'
import type { Database, MemberRolesTable } from './schema.js'
import { guardUnique } from './unique-violation.js'

type MemberRoleRow = Selectable<MemberRolesTable>

function toMemberRole(row: MemberRoleRow): MemberRole {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    namespaceId: row.namespace_id,
    baseAccessLevel: row.base_access_level,
    permissions: normalizePermissions(row.permissions),
    createdAt: row.created_at,
  }
}

/** Custom member roles, of the instance (namespace_id null) or of a top-level group. */
export class MemberRolesStore implements MemberRoleStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The roles of one owner (a group, or the instance for null), oldest first. */
  async list(namespaceId: number | null): Promise<MemberRole[]> {
    const rows = await this.db
      .selectFrom('member_roles')
      .selectAll()
      .$if(namespaceId === null, (qb) => qb.where('namespace_id', 'is', null))
      .$if(namespaceId !== null, (qb) => qb.where('namespace_id', '=', namespaceId ?? 0))
      .orderBy('id')
      .execute()
    return rows.map(toMemberRole)
  }

  async count(namespaceId: number | null): Promise<number> {
    const row = await this.db
      .selectFrom('member_roles')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .$if(namespaceId === null, (qb) => qb.where('namespace_id', 'is', null))
      .$if(namespaceId !== null, (qb) => qb.where('namespace_id', '=', namespaceId ?? 0))
      .executeTakeFirstOrThrow()
    return Number(row.total)
  }

  async find(id: number): Promise<MemberRole | undefined> {
    const row = await this.db
      .selectFrom('member_roles')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    return row ? toMemberRole(row) : undefined
  }

  async findByIds(ids: readonly number[]): Promise<MemberRole[]> {
    if (ids.length === 0) return []
    const rows = await this.db
      .selectFrom('member_roles')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute()
    return rows.map(toMemberRole)
  }

  async insert(role: NewMemberRole): Promise<MemberRole> {
    const row = await guardUnique(() =>
      this.db
        .insertInto('member_roles')
        .values({
          name: role.name,
          description: role.description,
          namespace_id: role.namespaceId,
          base_access_level: role.baseAccessLevel,
          permissions: [...role.permissions],
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    )
    return toMemberRole(row)
  }

  async update(id: number, changes: MemberRoleChanges): Promise<MemberRole> {
    const row = await guardUnique(() =>
      this.db
        .updateTable('member_roles')
        .set({
          name: changes.name,
          description: changes.description,
          permissions: changes.permissions && [...changes.permissions],
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    )
    return toMemberRole(row)
  }

  /** Whether any membership holds the role. */
  async assigned(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('members')
      .select('id')
      .where('member_role_id', '=', id)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  /** Deletes a role; a membership holding it makes the foreign key refuse (ForeignKeyViolation). */
  async delete(id: number): Promise<void> {
    await guardForeignKey(() => this.db.deleteFrom('member_roles').where('id', '=', id).execute())
  }
}
