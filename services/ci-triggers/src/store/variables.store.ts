import { isUniqueViolation, type SecretBox } from '@suite/runtime'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Window } from '../domain/ports.js'
import type {
  CiVariable,
  OwnedVariable,
  VariableAttributes,
  VariableOwner,
  VariableStore,
  VariableType,
} from '../domain/variable.js'
import type { Database } from './schema.js'
import type { CiVariablesTable } from './variable-tables.js'

/** The owner as the unique index's two expressions name it (0: none). */
function ownerIds(owner: VariableOwner): { projectId: number; groupId: number } {
  if (owner.kind === 'project') return { projectId: owner.id, groupId: 0 }
  if (owner.kind === 'group') return { projectId: 0, groupId: owner.id }
  return { projectId: 0, groupId: 0 }
}

function ownerOf(
  row: Pick<Selectable<CiVariablesTable>, 'project_id' | 'group_id'>,
): VariableOwner {
  if (row.project_id !== null) return { kind: 'project', id: Number(row.project_id) }
  if (row.group_id !== null) return { kind: 'group', id: Number(row.group_id) }
  return { kind: 'instance' }
}

/**
 * CI/CD variables in the `ci_triggers` schema, values written sealed and read
 * back opened. Every lookup names its owner as the unique index does.
 */
export class VariablesStore implements VariableStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  private owned(owner: VariableOwner) {
    const { projectId, groupId } = ownerIds(owner)
    return this.db
      .selectFrom('ci_variables')
      .where(sql<boolean>`coalesce(project_id, 0) = ${projectId}`)
      .where(sql<boolean>`coalesce(group_id, 0) = ${groupId}`)
  }

  async list(
    owner: VariableOwner,
    window: Window,
  ): Promise<{ variables: CiVariable[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.owned(owner)
        .selectAll()
        .orderBy('id', 'asc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.count(owner),
    ])
    return { variables: rows.map((row) => this.toVariable(row)), total }
  }

  async findByKey(
    owner: VariableOwner,
    key: string,
    scope: string | undefined,
  ): Promise<CiVariable[]> {
    let query = this.owned(owner).selectAll().where('key', '=', key)
    if (scope !== undefined) query = query.where('environment_scope', '=', scope)
    // Two are enough to tell one from several.
    const rows = await query.orderBy('id', 'asc').limit(2).execute()
    return rows.map((row) => this.toVariable(row))
  }

  async count(owner: VariableOwner): Promise<number> {
    const row = await this.owned(owner)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    return Number(row.total)
  }

  async create(
    owner: VariableOwner,
    attributes: VariableAttributes,
  ): Promise<CiVariable | undefined> {
    const row = await this.db
      .insertInto('ci_variables')
      .values({
        project_id: owner.kind === 'project' ? owner.id : null,
        group_id: owner.kind === 'group' ? owner.id : null,
        ...this.columns(attributes),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined
        throw error
      })
    return row && this.toVariable(row)
  }

  async update(
    owner: VariableOwner,
    id: number,
    attributes: VariableAttributes,
  ): Promise<CiVariable | undefined> {
    const { projectId, groupId } = ownerIds(owner)
    const row = await this.db
      .updateTable('ci_variables')
      .set((eb) => ({ ...this.columns(attributes), updated_at: eb.fn<Date>('now') }))
      .where('id', '=', id)
      .where(sql<boolean>`coalesce(project_id, 0) = ${projectId}`)
      .where(sql<boolean>`coalesce(group_id, 0) = ${groupId}`)
      .returningAll()
      .executeTakeFirst()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined
        throw error
      })
    return row && this.toVariable(row)
  }

  async delete(owner: VariableOwner, id: number): Promise<boolean> {
    const { projectId, groupId } = ownerIds(owner)
    const result = await this.db
      .deleteFrom('ci_variables')
      .where('id', '=', id)
      .where(sql<boolean>`coalesce(project_id, 0) = ${projectId}`)
      .where(sql<boolean>`coalesce(group_id, 0) = ${groupId}`)
      .executeTakeFirst()
    return result.numDeletedRows > 0n
  }

  async forProject(
    projectId: number,
    groupIds: readonly number[],
    protectedRef: boolean,
  ): Promise<OwnedVariable[]> {
    const groups = groupIds.length > 0 ? [...groupIds] : [0]
    let query = this.db
      .selectFrom('ci_variables')
      .selectAll()
      .where((eb) =>
        eb.or([
          // The instance's, the project's and the groups', each by the unique index's prefix.
          eb.and([
            sql<boolean>`coalesce(project_id, 0) = 0`,
            sql<boolean>`coalesce(group_id, 0) = 0`,
          ]),
          sql<boolean>`coalesce(project_id, 0) = ${projectId}`,
          eb.and([
            sql<boolean>`coalesce(project_id, 0) = 0`,
            sql<boolean>`coalesce(group_id, 0) = any(${groups}::bigint[])`,
          ]),
        ]),
      )
    if (!protectedRef) query = query.where('protected', '=', false)
    const rows = await query.orderBy('id', 'asc').execute()
    return rows.map((row) => ({ owner: ownerOf(row), variable: this.toVariable(row) }))
  }

  private columns(attributes: VariableAttributes) {
    return {
      key: attributes.key,
      value_encrypted: this.box.seal(attributes.value),
      variable_type: attributes.variableType,
      protected: attributes.protected,
      masked: attributes.masked,
      hidden: attributes.hidden,
      raw: attributes.raw,
      environment_scope: attributes.environmentScope,
      description: attributes.description,
    }
  }

  private toVariable(row: Selectable<CiVariablesTable>): CiVariable {
    return {
      id: Number(row.id),
      key: row.key,
      value: this.box.open(row.value_encrypted),
      variableType: row.variable_type as VariableType,
      protected: row.protected,
      masked: row.masked,
      hidden: row.hidden,
      raw: row.raw,
      environmentScope: row.environment_scope,
      description: row.description,
    }
  }
}
