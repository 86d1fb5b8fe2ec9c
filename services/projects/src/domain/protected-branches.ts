/**
 * The protected branches API's use cases (lib/api/protected_branches.rb):
 * every one needs :admin_project on a project the caller can read
 * (Maintainers and up; 404 for a project they cannot see, 403 otherwise).
 */
import { ConflictError, ForbiddenError, InvalidError, RecordNotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { IdentityPort, ProjectStore, ProtectedBranchStore } from './ports.js'
import {
  DEFAULT_BRANCH_PROTECTION,
  isProtectedAccessLevel,
  type ProtectedAccessLevel,
  type ProtectedBranch,
  type ProtectedBranchValues,
} from './protected-branch.js'
import { callerMemberships, findReadable } from './read-projects.js'

export interface ProtectedBranchDeps {
  store: ProtectedBranchStore
  projects: Pick<ProjectStore, 'findById' | 'findByFullPath'>
  identity: Pick<IdentityPort, 'memberships'>
}

/** What POST and PATCH give; undefined keeps the value (or GitLab's default on create). */
export interface ProtectedBranchInput {
  pushAccessLevel?: number | undefined
  mergeAccessLevel?: number | undefined
  unprotectAccessLevel?: number | undefined
  allowForcePush?: boolean | undefined
  codeOwnerApprovalRequired?: boolean | undefined
}

/** ProtectedBranch's name: present, at most 255 characters (a ref name's bound). */
const NAME_MAX = 255

/** The caller administers the project (admin_project), else 404 or 403. */
async function requireAdmin(deps: ProtectedBranchDeps, caller: Caller, projectId: number) {
  const memberships = await callerMemberships(deps.identity, caller)
  const found = await findReadable(deps.projects, caller, { id: projectId }, memberships)
  if (!found.abilities.adminProject) throw new ForbiddenError()
}

function level(
  name: string,
  given: number | undefined,
  fallback: ProtectedAccessLevel,
): ProtectedAccessLevel {
  if (given === undefined) return fallback
  if (!isProtectedAccessLevel(given))
    throw new InvalidError({}, `${name} does not have a valid value`)
  return given
}

function values(input: ProtectedBranchInput, base: ProtectedBranchValues): ProtectedBranchValues {
  return {
    pushAccessLevel: level('push_access_level', input.pushAccessLevel, base.pushAccessLevel),
    mergeAccessLevel: level('merge_access_level', input.mergeAccessLevel, base.mergeAccessLevel),
    unprotectAccessLevel: level(
      'unprotect_access_level',
      input.unprotectAccessLevel,
      base.unprotectAccessLevel,
    ),
    allowForcePush: input.allowForcePush ?? base.allowForcePush,
    codeOwnerApprovalRequired: input.codeOwnerApprovalRequired ?? base.codeOwnerApprovalRequired,
  }
}

export async function listProtectedBranches(
  deps: ProtectedBranchDeps,
  caller: Caller,
  projectId: number,
  search: string | undefined,
): Promise<ProtectedBranch[]> {
  await requireAdmin(deps, caller, projectId)
  const rules = await deps.store.list(projectId)
  return search ? rules.filter((rule) => rule.name.includes(search)) : rules
}

export async function getProtectedBranch(
  deps: ProtectedBranchDeps,
  caller: Caller,
  projectId: number,
  name: string,
): Promise<ProtectedBranch> {
  await requireAdmin(deps, caller, projectId)
  const rule = await deps.store.find(projectId, name)
  if (!rule) throw new RecordNotFoundError()
  return rule
}

/** POST: 409 `Protected branch 'x' already exists`; levels default to Maintainers. */
export async function createProtectedBranch(
  deps: ProtectedBranchDeps,
  caller: Caller,
  projectId: number,
  name: string,
  input: ProtectedBranchInput,
): Promise<ProtectedBranch> {
  await requireAdmin(deps, caller, projectId)
  if (name.length === 0) throw new InvalidError({ name: ["can't be blank"] })
  if (name.length > NAME_MAX) {
    throw new InvalidError({ name: [`is too long (maximum is ${NAME_MAX} characters)`] })
  }
  const rule = await deps.store.insert(projectId, name, values(input, DEFAULT_BRANCH_PROTECTION))
  if (!rule) throw new ConflictError(`Protected branch '${name}' already exists`)
  return rule
}

export async function updateProtectedBranch(
  deps: ProtectedBranchDeps,
  caller: Caller,
  projectId: number,
  name: string,
  input: ProtectedBranchInput,
): Promise<ProtectedBranch> {
  const current = await getProtectedBranch(deps, caller, projectId, name)
  const updated = await deps.store.update(projectId, name, values(input, current))
  if (!updated) throw new RecordNotFoundError()
  return updated
}

export async function deleteProtectedBranch(
  deps: ProtectedBranchDeps,
  caller: Caller,
  projectId: number,
  name: string,
): Promise<void> {
  await requireAdmin(deps, caller, projectId)
  if (!(await deps.store.delete(projectId, name))) throw new RecordNotFoundError()
}
