/**
 * Runners as users manage them (lib/api/ci/runners.rb, POST /user/runners)
 * and as gitlab-runner registers, verifies and unregisters itself
 * (lib/api/ci/runner.rb). Who may see or change a runner is decided here:
 * the admin; for a project runner whoever holds admin_runner (read_runners
 * to see it) in one of its projects; instance runners are visible to every
 * signed-in user, as GitLab's authenticate_show_runner! allows.
 */
import { ForbiddenError, InvalidError, NotFoundError, PreconditionError } from '@suite/runtime'
import type { Caller, ProjectGrant } from './caller.js'
import { can } from './policy.js'
import type { AccessPort, Window } from './ports.js'
import {
  newToken,
  normalizeTags,
  RUNNER_TOKEN_PREFIX,
  tokenDigest,
  type Runner,
  type RunnerContact,
  type RunnerSettings,
  type RunnerType,
} from './runner.js'
import type { RunnerFilter, RunnerStore } from './runner-ports.js'

export interface RunnerDeps {
  runners: RunnerStore
  access: Pick<AccessPort, 'callerFor'>
  /** The instance registration token; undefined: legacy registration is off. */
  registrationToken: string | undefined
  /** The projects a user holds Maintainer or more in (GET /runners' "owned"). */
  maintainedProjectIds: (userId: number) => Promise<number[]>
  now: () => Date
}

/** Where a new runner belongs, with the caller's right to put it there. */
export interface RunnerScope {
  runnerType: RunnerType
  projectId: number | null
  groupId: number | null
  /** The group's full path; set with groupId. */
  groupPath: string | null
  /** The caller administers the group (GroupAbilities.admin_group). */
  groupAdmin: boolean
}

/** 404 Runner Not Found. */
function missing(): NotFoundError {
  return new NotFoundError('Runner')
}

/** GitLab's settings checks: maximum_timeout at least 600 seconds, a known access level. */
function checkSettings(settings: RunnerSettings): RunnerSettings {
  const timeout = settings.maximumTimeout
  if (timeout !== undefined && timeout !== null && timeout < 600) {
    throw new InvalidError({ maximum_timeout: ['needs to be at least 10 minutes'] })
  }
  return settings.tagList ? { ...settings, tagList: normalizeTags(settings.tagList) } : settings
}

/** POST /user/runners: a runner with its glrt- token, shown this once. */
export async function createRunner(
  deps: RunnerDeps,
  caller: Caller,
  scope: RunnerScope,
  settings: RunnerSettings,
): Promise<{ runner: Runner; token: string }> {
  if (caller.userId === null) throw new ForbiddenError()
  let projectIds: number[] = []
  switch (scope.runnerType) {
    case 'instance_type':
      if (!caller.admin) throw new ForbiddenError()
      break
    case 'group_type':
      if (scope.groupId === null || scope.groupPath === null) {
        throw new InvalidError({}, 'group_id is missing')
      }
      if (!scope.groupAdmin && !caller.admin) throw new ForbiddenError()
      break
    case 'project_type':
      if (scope.projectId === null) throw new InvalidError({}, 'project_id is missing')
      if (!can(caller, scope.projectId, 'adminRunner')) throw new ForbiddenError()
      projectIds = [scope.projectId]
      break
  }
  const token = newToken(RUNNER_TOKEN_PREFIX)
  const runner = await deps.runners.create({
    runnerType: scope.runnerType,
    settings: checkSettings(settings),
    groupId: scope.runnerType === 'group_type' ? scope.groupId : null,
    groupPath: scope.runnerType === 'group_type' ? scope.groupPath : null,
    creatorId: caller.userId,
    projectIds,
    tokenDigest: tokenDigest(token),
    contact: null,
  })
  return { runner, token }
}

/**
 * Legacy POST /runners with the instance registration token (GitLab's
 * allow_runner_registration_token): off unless RUNNER_REGISTRATION_TOKEN is set.
 */
export async function registerRunner(
  deps: RunnerDeps,
  registrationToken: string,
  settings: RunnerSettings,
  contact: RunnerContact,
): Promise<{ runner: Runner; token: string }> {
  if (deps.registrationToken === undefined) {
    throw new PreconditionError('runner registration disallowed', 'registration_disabled')
  }
  if (registrationToken !== deps.registrationToken) throw new ForbiddenError()
  const token = newToken(RUNNER_TOKEN_PREFIX)
  const runner = await deps.runners.create({
    runnerType: 'instance_type',
    settings: checkSettings(settings),
    groupId: null,
    groupPath: null,
    creatorId: null,
    projectIds: [],
    tokenDigest: tokenDigest(token),
    contact,
  })
  return { runner, token }
}

/** The runner a runner token names; 403 for anything else (GitLab's authenticate_runner!). */
export async function runnerByToken(deps: Pick<RunnerDeps, 'runners'>, token: string) {
  const runner = token === '' ? undefined : await deps.runners.findByTokenDigest(tokenDigest(token))
  if (!runner) throw new ForbiddenError()
  return runner
}

/** POST /runners/verify: the runner, its contact recorded. */
export async function verifyRunner(
  deps: RunnerDeps,
  token: string,
  contact: RunnerContact,
): Promise<Runner> {
  const runner = await runnerByToken(deps, token)
  await deps.runners.contacted(runner.id, contact, deps.now())
  return runner
}

/** DELETE /runners: the runner removes itself. */
export async function unregisterRunner(deps: RunnerDeps, token: string): Promise<void> {
  const runner = await runnerByToken(deps, token)
  await deps.runners.delete(runner.id)
}

type RunnerAbility = Extract<keyof ProjectGrant, 'adminRunner' | 'readRunners'>

/** Whether the caller holds `ability` in one of the runner's projects, as projects answers it. */
async function holdsInProjects(
  deps: RunnerDeps,
  caller: Caller,
  runner: Runner,
  ability: RunnerAbility,
): Promise<boolean> {
  if (caller.userId === null) return false
  for (const projectId of runner.projectIds) {
    if (
      can(caller, projectId, ability) ||
      (ability === 'readRunners' && can(caller, projectId, 'adminRunner'))
    )
      return true
    const found = await deps.access.callerFor(caller.userId, { id: projectId })
    const grant = found?.caller.grant
    if (grant?.[ability] || (ability === 'readRunners' && grant?.adminRunner)) return true
  }
  return false
}

/** The runner if the caller may see it (read) or change it (admin); 403 otherwise. */
async function accessibleRunner(
  deps: RunnerDeps,
  caller: Caller,
  id: number,
  ability: RunnerAbility,
): Promise<Runner> {
  const runner = id > 0 ? await deps.runners.find(id) : undefined
  if (!runner) throw missing()
  if (caller.admin) return runner
  if (
    ability === 'readRunners' &&
    runner.runnerType === 'instance_type' &&
    caller.userId !== null
  ) {
    return runner
  }
  if (
    runner.runnerType === 'project_type' &&
    (await holdsInProjects(deps, caller, runner, ability))
  ) {
    return runner
  }
  throw new ForbiddenError('No access granted')
}

export function getRunner(deps: RunnerDeps, caller: Caller, id: number): Promise<Runner> {
  return accessibleRunner(deps, caller, id, 'readRunners')
}

export async function updateRunner(
  deps: RunnerDeps,
  caller: Caller,
  id: number,
  settings: RunnerSettings,
): Promise<Runner> {
  await accessibleRunner(deps, caller, id, 'adminRunner')
  const updated = await deps.runners.update(id, checkSettings(settings))
  if (!updated) throw missing()
  return updated
}

export async function deleteRunner(deps: RunnerDeps, caller: Caller, id: number): Promise<void> {
  await accessibleRunner(deps, caller, id, 'adminRunner')
  if (!(await deps.runners.delete(id))) throw missing()
}

/** Which runners a list shows. */
export type RunnerListScope =
  { kind: 'owned' } | { kind: 'all' } | { kind: 'project'; projectId: number }

/**
 * GET /runners (the runners of the projects the caller maintains), GET
 * /runners/all (admin), GET /projects/:id/runners (the project's runners and
 * the instance runners it may use; read_runners in the project).
 */
export async function listRunners(
  deps: RunnerDeps,
  caller: Caller,
  scope: RunnerListScope,
  filter: RunnerFilter,
  window: Window,
): Promise<{ runners: Runner[]; total: number }> {
  switch (scope.kind) {
    case 'all':
      if (!caller.admin) throw new ForbiddenError()
      return deps.runners.list(filter, window)
    case 'project':
      if (
        !can(caller, scope.projectId, 'readRunners') &&
        !can(caller, scope.projectId, 'adminRunner')
      ) {
        throw new ForbiddenError()
      }
      return deps.runners.list(
        { ...filter, projectIds: [scope.projectId], includeInstance: true },
        window,
      )
    case 'owned': {
      if (caller.userId === null) throw new ForbiddenError()
      const projectIds = await deps.maintainedProjectIds(caller.userId)
      return deps.runners.list({ ...filter, projectIds }, window)
    }
  }
}
