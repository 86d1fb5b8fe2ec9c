import { isUniqueViolation, type SecretBox } from '@suite/runtime'
import type { Kysely, Selectable } from 'kysely'
import {
  INTEGRATION_TYPES,
  type AttributeMappings,
  type Integration,
  type IntegrationChanges,
  type NewIntegration,
} from '../domain/integration.js'
import type { IntegrationStore } from '../domain/ports.js'
import type { AlertManagementHttpIntegrationsTable, Database } from './schema.js'

type Row = Selectable<AlertManagementHttpIntegrationsTable>

/** Mappings as stored: alert field to an array of string keys; anything else is dropped. */
function mappingsOf(value: unknown): AttributeMappings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string[]] =>
      Array.isArray(entry[1]) && entry[1].every((key) => typeof key === 'string'),
  )
  return Object.fromEntries(entries)
}

/** Alert integrations in the `alerting` schema; keys written sealed, read back opened. */
export class IntegrationsStore implements IntegrationStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  private mine(projectId: number) {
    return this.db
      .selectFrom('alert_management_http_integrations')
      .selectAll()
      .where('project_id', '=', projectId)
  }

  async list(projectId: number): Promise<Integration[]> {
    const rows = await this.mine(projectId).orderBy('id', 'asc').execute()
    return rows.map((row) => this.toIntegration(row))
  }

  async find(projectId: number, id: number): Promise<Integration | undefined> {
    const row = await this.mine(projectId).where('id', '=', id).executeTakeFirst()
    return row && this.toIntegration(row)
  }

  async findByEndpoint(projectId: number, identifier: string): Promise<Integration | undefined> {
    const row = await this.mine(projectId)
      .where('type', '=', 'http')
      .where('endpoint_identifier', '=', identifier)
      .executeTakeFirst()
    return row && this.toIntegration(row)
  }

  async findDefaultHttp(projectId: number): Promise<Integration | undefined> {
    const row = await this.mine(projectId)
      .where('type', '=', 'http')
      .orderBy('active', 'desc')
      .orderBy('id', 'asc')
      .executeTakeFirst()
    return row && this.toIntegration(row)
  }

  async findPrometheus(projectId: number): Promise<Integration | undefined> {
    const row = await this.mine(projectId).where('type', '=', 'prometheus').executeTakeFirst()
    return row && this.toIntegration(row)
  }

  async create(integration: NewIntegration): Promise<Integration | undefined> {
    try {
      const row = await this.db
        .insertInto('alert_management_http_integrations')
        .values({
          project_id: integration.projectId,
          name: integration.name,
          type: integration.type,
          active: integration.active,
          endpoint_identifier: integration.endpointIdentifier,
          token_encrypted: this.box.seal(integration.token),
          payload_attribute_mappings: JSON.stringify(integration.payloadAttributeMappings),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      return this.toIntegration(row)
    } catch (error) {
      // The one-prometheus-per-project index.
      if (isUniqueViolation(error)) return undefined
      throw error
    }
  }

  async update(
    projectId: number,
    id: number,
    changes: IntegrationChanges,
  ): Promise<Integration | undefined> {
    const row = await this.db
      .updateTable('alert_management_http_integrations')
      .set((eb) => ({
        updated_at: eb.fn<Date>('now'),
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.active !== undefined && { active: changes.active }),
        ...(changes.payloadAttributeMappings !== undefined && {
          payload_attribute_mappings: JSON.stringify(changes.payloadAttributeMappings),
        }),
        ...(changes.token !== undefined && { token_encrypted: this.box.seal(changes.token) }),
      }))
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    return row && this.toIntegration(row)
  }

  async delete(projectId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('alert_management_http_integrations')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst()
    return result.numDeletedRows > 0n
  }

  private toIntegration(row: Row): Integration {
    return {
      id: Number(row.id),
      projectId: Number(row.project_id),
      name: row.name,
      type: INTEGRATION_TYPES.find((type) => type === row.type) ?? 'http',
      active: row.active,
      endpointIdentifier: row.endpoint_identifier,
      token: this.box.open(row.token_encrypted),
      payloadAttributeMappings: mappingsOf(row.payload_attribute_mappings),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }
  }
}
