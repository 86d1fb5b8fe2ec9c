import type { Kysely } from 'kysely'
import type { InboundScope, JobTokenScopeStore } from '../domain/runner-ports.js'
import type { Database } from './schema.js'

/** True when a statement touched a row. */
function changed(result: { numInsertedOrUpdatedRows?: bigint } | { numDeletedRows: bigint }) {
  const count =
    'numDeletedRows' in result ? result.numDeletedRows : (result.numInsertedOrUpdatedRows ?? 0n)
  return Number(count) > 0
}

/** The job token scope of projects: the switch and both allowlists, oldest entry first. */
export class JobTokenScopeStoreImpl implements JobTokenScopeStore {
  constructor(private readonly db: Kysely<Database>) {}

  async inbound(projectId: number): Promise<InboundScope> {
    const [setting, projectIds, groupIds] = await Promise.all([
      this.db
        .selectFrom('job_token_scopes')
        .select('inbound_enabled')
        .where('project_id', '=', projectId)
        .executeTakeFirst(),
      this.allowlist(projectId),
      this.groupAllowlist(projectId),
    ])
    return { enabled: setting?.inbound_enabled ?? true, projectIds, groupIds }
  }

  async setInboundEnabled(projectId: number, enabled: boolean): Promise<void> {
    await this.db
      .insertInto('job_token_scopes')
      .values({ project_id: projectId, inbound_enabled: enabled })
      .onConflict((oc) =>
        oc.column('project_id').doUpdateSet({ inbound_enabled: enabled, updated_at: new Date() }),
      )
      .execute()
  }

  async allowlist(projectId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('job_token_allowlist')
      .select('source_project_id as id')
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('source_project_id')
      .execute()
    return rows.map((row) => Number(row.id))
  }

  async addToAllowlist(projectId: number, sourceProjectId: number): Promise<boolean> {
    const result = await this.db
      .insertInto('job_token_allowlist')
      .values({ project_id: projectId, source_project_id: sourceProjectId })
      .onConflict((oc) => oc.columns(['project_id', 'source_project_id']).doNothing())
      .executeTakeFirst()
    return changed(result)
  }

  async removeFromAllowlist(projectId: number, sourceProjectId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('job_token_allowlist')
      .where('project_id', '=', projectId)
      .where('source_project_id', '=', sourceProjectId)
      .executeTakeFirst()
    return changed(result)
  }

  async groupAllowlist(projectId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('job_token_group_allowlist')
      .select('target_group_id as id')
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('target_group_id')
      .execute()
    return rows.map((row) => Number(row.id))
  }

  async addGroupToAllowlist(projectId: number, groupId: number): Promise<boolean> {
    const result = await this.db
      .insertInto('job_token_group_allowlist')
      .values({ project_id: projectId, target_group_id: groupId })
      .onConflict((oc) => oc.columns(['project_id', 'target_group_id']).doNothing())
      .executeTakeFirst()
    return changed(result)
  }

  async removeGroupFromAllowlist(projectId: number, groupId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('job_token_group_allowlist')
      .where('project_id', '=', projectId)
      .where('target_group_id', '=', groupId)
      .executeTakeFirst()
    return changed(result)
  }
}
