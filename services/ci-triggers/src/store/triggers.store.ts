import type { SecretBox } from '@suite/runtime'
import type { Kysely, Selectable } from 'kysely'
import type { Window } from '../domain/ports.js'
import type { NewTrigger, Trigger, TriggerStore } from '../domain/trigger.js'
import type { Database } from './schema.js'
import type { CiTriggersTable } from './trigger-tables.js'

/**
 * Trigger tokens in the `ci_triggers` schema. Tokens are written sealed and
 * digested and read back opened; a token lookup goes by digest only.
 */
export class TriggersStore implements TriggerStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  async create(trigger: NewTrigger): Promise<Trigger> {
    const row = await this.db
      .insertInto('ci_triggers')
      .values({
        project_id: trigger.projectId,
        owner_id: trigger.ownerId,
        description: trigger.description,
        token_encrypted: this.box.seal(trigger.token),
        token_digest: this.box.digest(trigger.token),
        expires_at: trigger.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return this.toTrigger(row)
  }

  async list(projectId: number, window: Window): Promise<{ triggers: Trigger[]; total: number }> {
    const mine = this.db.selectFrom('ci_triggers').where('project_id', '=', projectId)
    const [rows, count] = await Promise.all([
      mine.selectAll().orderBy('id', 'asc').limit(window.limit).offset(window.offset).execute(),
      mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { triggers: rows.map((row) => this.toTrigger(row)), total: Number(count.total) }
  }

  async find(projectId: number, id: number): Promise<Trigger | undefined> {
    const row = await this.db
      .selectFrom('ci_triggers')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row && this.toTrigger(row)
  }

  async findByToken(token: string): Promise<Trigger | undefined> {
    const row = await this.db
      .selectFrom('ci_triggers')
      .selectAll()
      .where('token_digest', '=', this.box.digest(token))
      .executeTakeFirst()
    return row && this.toTrigger(row)
  }

  async updateDescription(
    projectId: number,
    id: number,
    description: string | null,
  ): Promise<Trigger | undefined> {
    const row = await this.db
      .updateTable('ci_triggers')
      .set((eb) => ({ description, updated_at: eb.fn<Date>('now') }))
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    return row && this.toTrigger(row)
  }

  async delete(projectId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('ci_triggers')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst()
    return result.numDeletedRows > 0n
  }

  async markUsed(id: number, at: Date): Promise<void> {
    await this.db.updateTable('ci_triggers').set({ last_used: at }).where('id', '=', id).execute()
  }

  private toTrigger(row: Selectable<CiTriggersTable>): Trigger {
    return {
      id: Number(row.id),
      projectId: Number(row.project_id),
      ownerId: Number(row.owner_id),
      description: row.description,
      token: this.box.open(row.token_encrypted),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      lastUsed: row.last_used,
      expiresAt: row.expires_at,
    }
  }
}
