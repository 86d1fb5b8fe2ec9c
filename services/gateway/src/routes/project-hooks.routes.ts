import { PROJECT_HOOK_EVENT_FLAGS, PROJECT_HOOK_TRIGGERS } from '@suite/runtime'
import { AUTHENTICATED } from '../auth/abilities.js'
import type { Caller } from '@suite/proto'
import type { MergeRequestsClients } from '../clients/merge-requests.client.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { requireField } from '../clients/require-field.js'
import { presentProjectHook, presentWebHookLog } from '../entities/project-hook.entity.js'
import { badParameters, HttpError } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

const HOOKS = '/projects/:id/hooks'
const HOOK = `${HOOKS}/:hook_id`

/** The *_events flags POST and PUT take (repository_update_events is system hooks'). */
const EVENT_FLAGS = Object.keys(PROJECT_HOOK_EVENT_FLAGS).filter(
  (name) => name !== 'repository_update_events',
) as Exclude<keyof typeof PROJECT_HOOK_EVENT_FLAGS, 'repository_update_events'>[]

const flagParams = Object.fromEntries(EVENT_FLAGS.map((name) => [name, p.bool()])) as Record<
  (typeof EVENT_FLAGS)[number],
  ReturnType<typeof p.bool>
>

const hookParams = {
  url: p.string(),
  name: p.string(),
  description: p.string(),
  token: p.string(),
  enable_ssl_verification: p.bool(),
  push_events_branch_filter: p.string(),
  branch_filter_strategy: p.string().values(['wildcard', 'regex', 'all_branches']),
  ...flagParams,
}

const projectParams = { id: p.string().required() }
const hookIdParams = { ...projectParams, hook_id: p.int().required() }

type HookParams = { [K in keyof typeof hookParams]?: unknown }

function hookInput(params: HookParams) {
  const events: Record<string, boolean> = {}
  for (const name of EVENT_FLAGS) {
    const value = params[name]
    if (typeof value === 'boolean') events[name] = value
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return {
    url: text(params.url),
    name: text(params.name),
    description: text(params.description),
    token: text(params.token),
    events,
    enableSslVerification:
      typeof params.enable_ssl_verification === 'boolean'
        ? params.enable_ssl_verification
        : undefined,
    pushEventsBranchFilter: text(params.push_events_branch_filter),
    branchFilterStrategy: text(params.branch_filter_strategy),
  }
}

export interface ProjectHookDeps {
  projects: Pick<ProjectsClients, 'hooks'>
  /** Where hook tests find the samples of merge requests, notes and pipelines. */
  samples?: {
    mergeRequests: Pick<MergeRequestsClients, 'mergeRequests'>['mergeRequests']
    pipelines: PipelinesClients['pipelines']
  }
}

/** The events list's per_page: GitLab takes 1 to 20. */
const MAX_LOGS_PER_PAGE = 20

/**
 * Project webhooks (lib/api/project_hooks.rb, lib/api/hooks/*): Maintainers
 * manage them; the projects service keeps them, checks every rule and sends
 * the deliveries, tests and resends.
 */
export function projectHookRoutes(api: ApiRouter, deps: ProjectHookDeps): void {
  const hooks = deps.projects.hooks

  api.list(HOOKS, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminProject',
    params: projectParams,
    handle: async ({ caller, project, page }) => {
      const answer = await hooks.read.listHooks({ caller, projectId: project.id, page })
      return { items: answer.hooks, total: Number(answer.pageInfo?.total ?? 0) }
    },
    present: (hook) => presentProjectHook(hook, { single: false }),
  })

  api.get(HOOK, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminProject',
    params: hookIdParams,
    handle: async ({ caller, project, params }) =>
      requireField(
        (await hooks.read.getHook({ caller, projectId: project.id, hookId: params.hook_id })).hook,
        'hook',
      ),
    present: (hook) => presentProjectHook(hook, { single: true }),
  })

  api.post(HOOKS, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminProject',
    params: { ...projectParams, ...hookParams, url: p.string().required() },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await hooks.write.createHook({
            caller,
            projectId: project.id,
            input: hookInput(params),
          })
        ).hook,
        'hook',
      ),
    present: (hook) => presentProjectHook(hook, { single: true }),
  })

  api.put(HOOK, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminProject',
    params: { ...hookIdParams, ...hookParams },
    handle: async ({ caller, project, params }) => {
      const given = Object.keys(hookParams).some(
        (name) => params[name as keyof typeof hookParams] !== undefined,
      )
      if (!given) throw new HttpError(400, { message: 'No parameters provided' })
      const answer = await hooks.write.updateHook({
        caller,
        projectId: project.id,
        hookId: params.hook_id,
        input: hookInput(params),
      })
      return requireField(answer.hook, 'hook')
    },
    present: (hook) => presentProjectHook(hook, { single: true }),
  })

  api.delete(HOOK, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminProject',
    params: hookIdParams,
    handle: async ({ caller, project, params }) => {
      await hooks.write.deleteHook({ caller, projectId: project.id, hookId: params.hook_id })
    },
  })

  api.list(`${HOOK}/events`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminProject',
    params: { ...hookIdParams, status: p.array(p.string(), { commaSeparated: true }) },
    handle: async ({ caller, project, params, page }) => {
      if (params.per_page > MAX_LOGS_PER_PAGE) {
        throw badParameters(['per_page does not have a valid value'])
      }
      const answer = await hooks.read.listHookLogs({
        caller,
        projectId: project.id,
        hookId: params.hook_id,
        page,
        status: params.status ?? [],
      })
      return { items: answer.logs, total: Number(answer.pageInfo?.total ?? 0) }
    },
    present: presentWebHookLog,
  })

  api.post(`${HOOK}/events/:hook_log_id/resend`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminProject',
    params: { ...hookIdParams, hook_log_id: p.int().required() },
    handle: ({ caller, project, params }) =>
      hooks.write.resendHookLog({
        caller,
        projectId: project.id,
        hookId: params.hook_id,
        logId: params.hook_log_id,
      }),
    // The receiver's status as a number; null when no answer came.
    present: ({ responseStatus }) => ({
      response_status: /^\d+$/.test(responseStatus) ? Number(responseStatus) : null,
    }),
  })

  /**
   * The sample of a trigger whose data another service owns, built by it for
   * the caller (it checks they may read it); undefined for pushes, which the
   * projects service builds, and when the owner has none.
   */
  async function sampleFor(trigger: string, caller: Caller, projectId: number) {
    const owners = deps.samples
    if (!owners) return undefined
    if (trigger === 'merge_requests_events' || trigger === 'note_events') {
      const kind = trigger === 'note_events' ? 'note_hooks' : 'merge_request_hooks'
      const answer = await owners.mergeRequests.read.sampleHookEvent({ caller, projectId, kind })
      return answer.eventJson
    }
    if (trigger === 'pipeline_events') {
      return (await owners.pipelines.samplePipelineHook({ caller, projectId })).eventJson
    }
    return undefined
  }

  api.post(`${HOOK}/test/:trigger`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminProject',
    params: { ...hookIdParams, trigger: p.string().required().values(PROJECT_HOOK_TRIGGERS) },
    handle: async ({ caller, project, params }) =>
      hooks.write.testHook({
        caller,
        projectId: project.id,
        hookId: params.hook_id,
        trigger: params.trigger,
        sampleEventJson: await sampleFor(params.trigger, caller, project.id),
      }),
    present: () => ({ message: '201 Created' }),
  })
}
