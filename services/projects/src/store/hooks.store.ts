import type { SecretBox } from '@suite/runtime'
import { sql, type Kysely, type Selectable } from 'kysely'
import {
  BRANCH_FILTER_STRATEGIES,
  HOOK_EVENT_FLAGS,
  type BranchFilterStrategy,
  type FailureState,
  type Hook,
  type HookEventFlag,
  type HookLog,
  type HookValues,
} from '../domain/hook.js'
import type { HookStore } from '../domain/ports.js'
import type { WebHookLogsTable, WebHooksTable } from './hook-tables.js'
import type { Database } from './schema.js'

export type NewHookLog = Omit<HookLog, 'id' | 'createdAt'>

/** The deliveries the events API lists: those of the last seven days. */
export const HOOK_LOG_LISTED_DAYS = 7
/** How long delivery logs are kept (GitLab drops them after a month). */
const HOOK_LOG_RETENTION_DAYS = 31

/** When a log becomes old enough to remove. */
export function hookLogCutoff(now: Date): Date {
  return new Date(now.getTime() - HOOK_LOG_RETENTION_DAYS * 24 * 60 * 60_000)
}

/** Removes the delivery logs created before the cutoff; answers how many went. */
export async function deleteHookLogsBefore(db: Kysely<Database>, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom('web_hook_logs')
    .where('created_at', '<', cutoff)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The status filter of a log list: codes and GitLab's classes of them. */
export type LogStatusFilter = { codes: string[]; classes: ('2' | '4' | '5')[] }

const pick = (value: string | null): string | undefined => value ?? undefined

function toLog(row: Selectable<WebHookLogsTable>): HookLog {
  return {
    id: Number(row.id),
    hookId: Number(row.web_hook_id),
    trigger: row.trigger,
    url: row.url,
    requestHeaders: row.request_headers,
    requestData: row.request_data,
    responseHeaders: row.response_headers,
    responseBody: row.response_body,
    responseStatus: row.response_status,
    executionDuration: row.execution_duration,
    internalErrorMessage: pick(row.internal_error_message),
    createdAt: row.created_at,
  }
}

/** Project webhooks, their logs and the instance's hook settings; url and token sealed. */
export class HooksStore implements HookStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  private toHook(row: Selectable<WebHooksTable>): Hook {
    const strategy = (BRANCH_FILTER_STRATEGIES as readonly string[]).includes(
      row.branch_filter_strategy,
    )
      ? (row.branch_filter_strategy as BranchFilterStrategy)
      : 'wildcard'
    const events = { ...HOOK_EVENT_FLAGS } as Record<HookEventFlag, boolean>
    for (const flag of Object.keys(HOOK_EVENT_FLAGS) as HookEventFlag[]) {
      const stored = row.events[flag]
      if (typeof stored === 'boolean') events[flag] = stored
    }
    return {
      id: Number(row.id),
      projectId: Number(row.project_id),
      url: this.box.open(row.url_ciphertext),
      token: row.token_ciphertext === null ? undefined : this.box.open(row.token_ciphertext),
      name: pick(row.name),
      description: pick(row.description),
      events,
      enableSslVerification: row.enable_ssl_verification,
      pushEventsBranchFilter: pick(row.push_events_branch_filter),
      branchFilterStrategy: strategy,
      recentFailures: row.recent_failures,
      disabledUntil: row.disabled_until ?? undefined,
      createdAt: row.created_at,
    }
  }

  private columns(values: HookValues) {
    return {
      url_ciphertext: this.box.seal(values.url),
      token_ciphertext: values.token === undefined ? null : this.box.seal(values.token),
      name: values.name ?? null,
      description: values.description ?? null,
      events: JSON.stringify(values.events),
      enable_ssl_verification: values.enableSslVerification,
      push_events_branch_filter: values.pushEventsBranchFilter ?? null,
      branch_filter_strategy: values.branchFilterStrategy,
    }
  }

  async list(
    projectId: number,
    page: { page: number; perPage: number },
  ): Promise<{ hooks: Hook[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('web_hooks')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('id')
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage)
        .execute(),
      this.db
        .selectFrom('web_hooks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow(),
    ])
    return { hooks: rows.map((row) => this.toHook(row)), total: Number(count.n) }
  }

  /** The project's hooks with the flag on. */
  async wanting(projectId: number, flag: HookEventFlag): Promise<Hook[]> {
    const rows = await this.db
      .selectFrom('web_hooks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where(sql<boolean>`(events ->> ${flag})::boolean`)
      .orderBy('id')
      .execute()
    return rows.map((row) => this.toHook(row))
  }

  async find(projectId: number, hookId: number): Promise<Hook | undefined> {
    const row = await this.db
      .selectFrom('web_hooks')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', hookId)
      .executeTakeFirst()
    return row && this.toHook(row)
  }

  async findById(hookId: number): Promise<Hook | undefined> {
    const row = await this.db
      .selectFrom('web_hooks')
      .selectAll()
      .where('id', '=', hookId)
      .executeTakeFirst()
    return row && this.toHook(row)
  }

  async create(projectId: number, values: HookValues): Promise<Hook> {
    const row = await this.db
      .insertInto('web_hooks')
      .values({ project_id: projectId, ...this.columns(values) })
      .returningAll()
      .executeTakeFirstOrThrow()
    return this.toHook(row)
  }

  /** Saves new values; an edit makes a disabled hook executable again (GitLab resets it). */
  async update(hookId: number, values: HookValues): Promise<Hook> {
    const row = await this.db
      .updateTable('web_hooks')
      .set({ ...this.columns(values), recent_failures: 0, disabled_until: null })
      .where('id', '=', hookId)
      .returningAll()
      .executeTakeFirstOrThrow()
    return this.toHook(row)
  }

  async delete(hookId: number): Promise<void> {
    await this.db.deleteFrom('web_hooks').where('id', '=', hookId).execute()
  }

  /** Stores a delivery's log and the hook's failure state after it, in one transaction. */
  async logDelivery(log: NewHookLog, state: FailureState | undefined): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('web_hook_logs')
        .values({
          web_hook_id: log.hookId,
          trigger: log.trigger,
          url: log.url,
          request_headers: JSON.stringify(log.requestHeaders),
          request_data: JSON.stringify(log.requestData),
          response_headers: JSON.stringify(log.responseHeaders),
          response_body: log.responseBody,
          response_status: log.responseStatus,
          execution_duration: log.executionDuration,
          internal_error_message: log.internalErrorMessage ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (state) {
        await trx
          .updateTable('web_hooks')
          .set({
            recent_failures: state.recentFailures,
            disabled_until: state.disabledUntil ?? null,
          })
          .where('id', '=', log.hookId)
          .execute()
      }
      return Number(row.id)
    })
  }

  async listLogs(
    hookId: number,
    page: { page: number; perPage: number },
    status: LogStatusFilter | undefined,
  ): Promise<{ logs: HookLog[]; total: number }> {
    let query = this.db
      .selectFrom('web_hook_logs')
      .where('web_hook_id', '=', hookId)
      .where('created_at', '>', sql<Date>`now() - make_interval(days => ${HOOK_LOG_LISTED_DAYS})`)
    if (status) {
      query = query.where((eb) =>
        eb.or([
          ...(status.codes.length > 0 ? [eb('response_status', 'in', status.codes)] : []),
          ...status.classes.map((cls) => eb('response_status', 'like', `${cls}__`)),
          ...(status.codes.length === 0 && status.classes.length === 0 ? [eb.lit(false)] : []),
        ]),
      )
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('id', 'desc')
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { logs: rows.map(toLog), total: Number(count.n) }
  }

  async findLog(hookId: number, logId: number): Promise<HookLog | undefined> {
    const row = await this.db
      .selectFrom('web_hook_logs')
      .selectAll()
      .where('web_hook_id', '=', hookId)
      .where('id', '=', logId)
      .executeTakeFirst()
    return row && toLog(row)
  }

  async allowLocalRequests(): Promise<boolean> {
    const row = await this.db
      .selectFrom('instance_settings')
      .select('allow_local_requests_from_web_hooks_and_services as allow')
      .where('id', '=', 1)
      .executeTakeFirst()
    return row?.allow ?? false
  }

  async setAllowLocalRequests(allow: boolean): Promise<void> {
    await this.db
      .updateTable('instance_settings')
      .set({ allow_local_requests_from_web_hooks_and_services: allow, updated_at: sql`now()` })
      .where('id', '=', 1)
      .execute()
  }
}
