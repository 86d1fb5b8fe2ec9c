import { AccessLevel } from '@suite/proto'
import { sql, type Kysely } from 'kysely'
import type { HeldMembership } from '../domain/access-level.js'
import type { Member } from '../domain/member.js'
import type { MemberFilter, MembershipScope } from '../domain/member-query.js'
import type { MemberStore, MembershipOfUser, NewMember } from '../domain/ports.js'
import type { Database } from './schema.js'
import { likeEscape, toIds, type PageWindow } from './sql-helpers.js'
import { guardForeignKey } from './foreign-key-violation.js'
import { guardUnique } from './unique-violation.js'
import { listInheritedMembers } from './inherited-members.js'
import { membershipScope, toMember, unexpired } from './member-rows.js'

/** Memberships of groups and projects. */
export class MembersStore implements MemberStore {
  constructor(private readonly db: Kysely<Database>) {}

  async findDirect(
    sourceType: string,
    sourceId: number,
    userId: number,
  ): Promise<Member | undefined> {
    const row = await this.db
      .selectFrom('members')
      .selectAll()
      .where('source_type', '=', sourceType)
      .where('source_id', '=', sourceId)
      .where('user_id', '=', userId)
      .where(unexpired)
      .executeTakeFirst()
    return row ? toMember(row) : undefined
  }

  /** The memberships of users that count in a scope (direct project one and group ones). */
  async held(
    userIds: readonly number[],
    scope: MembershipScope,
  ): Promise<(HeldMembership & { userId: number })[]> {
    if (userIds.length === 0) return []
    const rows = await this.db
      .selectFrom('members')
      .select(['user_id', 'source_type', 'source_id', 'access_level', 'member_role_id'])
      .where('user_id', 'in', [...new Set(userIds)])
      .where(unexpired)
      .where((eb) => membershipScope(eb, scope))
      .execute()
    return rows.map((row) => ({
      userId: row.user_id,
      sourceType: row.source_type === 'Project' ? 'Project' : 'Namespace',
      sourceId: row.source_id,
      accessLevel: row.access_level,
      memberRoleId: row.member_role_id,
    }))
  }

  /** Every unexpired direct membership of a user, groups and projects. */
  async listForUser(userId: number): Promise<HeldMembership[]> {
    const rows = await this.db
      .selectFrom('members')
      .select(['source_type', 'source_id', 'access_level', 'member_role_id'])
      .where('user_id', '=', userId)
      .where(unexpired)
      .execute()
    return rows.map((row) => ({
      sourceType: row.source_type === 'Project' ? 'Project' : 'Namespace',
      sourceId: row.source_id,
      accessLevel: row.access_level,
      memberRoleId: row.member_role_id,
    }))
  }

  /**
   * GET /users/:id/memberships: a user's direct memberships, oldest first,
   * with each group's name; a page of them and how many there are.
   */
  async listOfUser(
    userId: number,
    sourceType: 'Namespace' | 'Project' | undefined,
    window: PageWindow,
  ): Promise<{ memberships: MembershipOfUser[]; total: number }> {
    const base = this.db
      .selectFrom('members')
      .where('members.user_id', '=', userId)
      .where(unexpired)
      .$if(sourceType !== undefined, (qb) => qb.where('members.source_type', '=', sourceType ?? ''))
    const [rows, count] = await Promise.all([
      base
        .leftJoin('namespaces', (join) =>
          join
            .onRef('namespaces.id', '=', 'members.source_id')
            .on('members.source_type', '=', 'Namespace'),
        )
        .select([
          'members.source_type',
          'members.source_id',
          'members.access_level',
          'namespaces.name as group_name',
        ])
        .orderBy('members.id')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ])
    return {
      memberships: rows.map((row) => ({
        sourceType: row.source_type === 'Project' ? 'Project' : 'Namespace',
        sourceId: row.source_id,
        accessLevel: row.access_level,
        groupName: row.group_name,
      })),
      total: Number(count.count),
    }
  }

  /**
   * Of the groups given, those where the user is a member of the group itself
   * or of a group or project anywhere below it.
   */
  async groupsWithMembershipWithin(
    userId: number,
    groupIds: readonly number[],
  ): Promise<Set<number>> {
    if (groupIds.length === 0) return new Set()
    const rows = await this.db
      .selectFrom('members')
      .innerJoin('namespaces as mn', 'mn.id', 'members.member_namespace_id')
      .select('mn.traversal_ids')
      .where('members.user_id', '=', userId)
      .where(unexpired)
      .where(sql<boolean>`mn.traversal_ids && ${sql.val([...groupIds])}::bigint[]`)
      .execute()
    const wanted = new Set(groupIds)
    return new Set(rows.flatMap((row) => toIds(row.traversal_ids).filter((id) => wanted.has(id))))
  }

  /** Distinct users holding Owner in any of the groups. */
  async ownerIds(groupIds: readonly number[]): Promise<number[]> {
    if (groupIds.length === 0) return []
    const rows = await this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select('members.user_id')
      .distinct()
      .where('members.source_type', '=', 'Namespace')
      .where('members.source_id', 'in', [...groupIds])
      .where('members.access_level', '>=', AccessLevel.ACCESS_LEVEL_OWNER)
      .where('users.bot', '=', false)
      .where(unexpired)
      .execute()
    return rows.map((row) => row.user_id)
  }

  async insert(member: NewMember): Promise<Member> {
    const row = await guardUnique(() =>
      guardForeignKey(() =>
        this.db
          .insertInto('members')
          .values({
            source_type: member.sourceType,
            source_id: member.sourceId,
            user_id: member.userId,
            access_level: member.accessLevel,
            expires_at: member.expiresAt,
            created_by_id: member.createdById,
            member_role_id: member.memberRoleId,
            member_namespace_id: member.memberNamespaceId,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      ),
    )
    return toMember(row)
  }

  async update(
    id: number,
    changes: { accessLevel?: number; expiresAt?: string | null; memberRoleId?: number | null },
  ): Promise<Member> {
    const row = await guardForeignKey(() =>
      this.db
        .updateTable('members')
        .set({
          access_level: changes.accessLevel,
          expires_at: changes.expiresAt,
          member_role_id: changes.memberRoleId,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    )
    return toMember(row)
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('members').where('id', '=', id).execute()
  }

  /** Direct members of one source, oldest first. */
  async listDirect(
    sourceType: string,
    sourceId: number,
    filter: MemberFilter,
    window: PageWindow,
  ): Promise<{ members: Member[]; total: number }> {
    const base = this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .where('members.source_type', '=', sourceType)
      .where('members.source_id', '=', sourceId)
      .where(unexpired)
      .$if(filter.userIds.length > 0, (qb) =>
        qb.where('members.user_id', 'in', [...filter.userIds]),
      )
      .$if(filter.query !== undefined, (qb) =>
        qb.where((eb) => {
          const term = (filter.query ?? '').toLowerCase()
          const pattern = `%${likeEscape(term)}%`
          return eb.or([
            eb(sql<string>`lower(users.name)`, 'like', pattern),
            eb(sql<string>`lower(users.username)`, 'like', pattern),
            eb(sql<string>`lower(users.public_email)`, '=', term),
          ])
        }),
      )
    const [rows, count] = await Promise.all([
      base
        .selectAll('members')
        .orderBy('members.id')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { members: rows.map(toMember), total: Number(count.total) }
  }

  /** Direct and inherited members, each user once with its highest membership. */
  listInherited(
    scope: MembershipScope,
    filter: MemberFilter,
    window: PageWindow,
  ): Promise<{ members: Member[]; total: number }> {
    return listInheritedMembers(this.db, scope, filter, window)
  }
}
