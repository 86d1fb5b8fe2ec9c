/**
 * The project hooks API's use cases (lib/api/project_hooks.rb): every one
 * needs :admin_project on a project the caller can read (Maintainer and up,
 * 404 for a project they cannot see, 403 otherwise). A url must be one a hook
 * may send to, a wildcard branch filter must make a branch name, a regex one
 * must compile: else 422 with GitLab's message.
 */
import {
  PROJECT_HOOK_TRIGGERS,
  ForbiddenError,
  InvalidError,
  PreconditionError,
  RecordNotFoundError,
  type HookKind,
} from '@suite/runtime'
import { RE2JS } from 're2js'
import type { Caller } from './caller.js'
import {
  BRANCH_FILTER_STRATEGIES,
  HOOK_EVENT_FLAGS,
  type BranchFilterStrategy,
  type Hook,
  type HookEventFlag,
  type HookValues,
} from './hook.js'
import { BlockedUrlError, checkHookUrl } from './hook-url.js'
import type { HookStore, IdentityPort, ProjectStore } from './ports.js'
import { callerMemberships, findReadable } from './read-projects.js'
import type { ProjectWithAccess } from './project-abilities.js'
import { isValidNewRefName } from '../repository/domain/ref-names.js'

export interface HookDeps {
  hooks: HookStore
  projects: Pick<ProjectStore, 'findById' | 'findByFullPath'>
  identity: Pick<IdentityPort, 'memberships'>
}

/** What POST and PUT give; undefined keeps the value (or takes GitLab's default). */
export interface HookInput {
  url?: string
  token?: string
  name?: string
  description?: string
  events: Partial<Record<string, boolean>>
  enableSslVerification?: boolean
  pushEventsBranchFilter?: string
  branchFilterStrategy?: string
}

/** The project, when the caller may administer its hooks. */
export async function hookProject(
  deps: HookDeps,
  caller: Caller,
  projectId: number,
): Promise<ProjectWithAccess> {
  const memberships = await callerMemberships(deps.identity, caller)
  const found = await findReadable(deps.projects, caller, { id: projectId }, memberships)
  if (!found.abilities.adminProject) throw new ForbiddenError()
  return found
}

/** A hook of a project the caller administers; 404 "Not found" when it has no such hook. */
export async function findHook(
  deps: HookDeps,
  caller: Caller,
  projectId: number,
  hookId: number,
): Promise<Hook> {
  await hookProject(deps, caller, projectId)
  const hook = await deps.hooks.find(projectId, hookId)
  if (!hook) throw new RecordNotFoundError()
  return hook
}

const unprocessable = (message: string) => new PreconditionError(message, 'unprocessable')

/** The longest branch filter GitLab takes. */
const BRANCH_FILTER_MAX = 4000

/** BranchFilterValidator: a wildcard must make a branch name, a regex must compile (RE2). */
function validBranchFilter(filter: string, strategy: BranchFilterStrategy): boolean {
  if (filter.length > BRANCH_FILTER_MAX) return false
  if (strategy === 'regex') {
    try {
      RE2JS.compile(filter)
      return true
    } catch {
      return false
    }
  }
  return isValidNewRefName(filter.replace(/\*/g, 'x'))
}

/** The values a hook is saved with: the input over the hook (or GitLab's defaults). */
async function hookValues(
  deps: HookDeps,
  input: HookInput,
  current: Hook | undefined,
): Promise<HookValues> {
  const url = input.url ?? current?.url
  if (url === undefined) throw new InvalidError({}, 'url is missing')
  if (input.url !== undefined) {
    try {
      await checkHookUrl(url, await deps.hooks.allowLocalRequests())
    } catch (err) {
      if (err instanceof BlockedUrlError) throw unprocessable('Invalid url given')
      throw err
    }
  }
  const strategy = input.branchFilterStrategy ?? current?.branchFilterStrategy ?? 'wildcard'
  if (!(BRANCH_FILTER_STRATEGIES as readonly string[]).includes(strategy)) {
    throw new InvalidError({}, 'branch_filter_strategy does not have a valid value')
  }
  const branchFilterStrategy = strategy as BranchFilterStrategy
  let filter = input.pushEventsBranchFilter ?? current?.pushEventsBranchFilter
  filter = filter?.trim().replace(/\s+/g, ' ') || undefined
  // all_branches keeps no filter.
  if (branchFilterStrategy === 'all_branches') filter = undefined
  if (filter !== undefined && !validBranchFilter(filter, branchFilterStrategy)) {
    throw unprocessable('Invalid branch filter given')
  }
  const events = { ...(current?.events ?? HOOK_EVENT_FLAGS) } as Record<HookEventFlag, boolean>
  for (const flag of Object.keys(HOOK_EVENT_FLAGS) as HookEventFlag[]) {
    const given = input.events[flag]
    if (given !== undefined) events[flag] = given
  }
  // A new url without a token drops the old token: it was meant for the old receiver.
  const urlChanged = current !== undefined && input.url !== undefined && input.url !== current.url
  const token =
    input.token !== undefined ? input.token || undefined : urlChanged ? undefined : current?.token
  if (token !== undefined && /[\r\n]/.test(token)) {
    throw unprocessable(current ? '{"token":["is invalid"]}' : 'Token is invalid')
  }
  return {
    url,
    token,
    name: input.name ?? current?.name,
    description: input.description ?? current?.description,
    events,
    enableSslVerification: input.enableSslVerification ?? current?.enableSslVerification ?? true,
    pushEventsBranchFilter: filter,
    branchFilterStrategy,
  }
}

export async function createHook(
  deps: HookDeps,
  caller: Caller,
  projectId: number,
  input: HookInput,
): Promise<Hook> {
  await hookProject(deps, caller, projectId)
  return deps.hooks.create(projectId, await hookValues(deps, input, undefined))
}

export async function updateHook(
  deps: HookDeps,
  caller: Caller,
  projectId: number,
  hookId: number,
  input: HookInput,
): Promise<Hook> {
  const hook = await findHook(deps, caller, projectId, hookId)
  return deps.hooks.update(hook.id, await hookValues(deps, input, hook))
}

export async function deleteHook(
  deps: HookDeps,
  caller: Caller,
  projectId: number,
  hookId: number,
): Promise<void> {
  const hook = await findHook(deps, caller, projectId, hookId)
  await deps.hooks.delete(hook.id)
}

/**
 * The test triggers this suite has sample data for, by GitLab's trigger name:
 * the repository role builds pushes; the others come from their owners, with
 * GitLab's message for a project that has none.
 */
export const TEST_TRIGGERS: Partial<Record<string, { kind: HookKind; missing?: string }>> = {
  push_events: { kind: 'push_hooks' },
  tag_push_events: { kind: 'tag_push_hooks' },
  merge_requests_events: {
    kind: 'merge_request_hooks',
    missing: 'Ensure the project has merge requests.',
  },
  note_events: { kind: 'note_hooks', missing: 'Ensure the project has notes.' },
  pipeline_events: { kind: 'pipeline_hooks', missing: 'Ensure the project has CI pipelines.' },
}

export const TRIGGER_NAMES = PROJECT_HOOK_TRIGGERS
