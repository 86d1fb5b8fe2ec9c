/**
 * The CI/CD variables APIs (lib/api/ci/variables.rb, group_variables.rb,
 * admin/ci/variables.rb and Ci::ChangeVariableService): a project's need
 * admin_cicd_variables there, a group's the same in the group, the
 * instance's an administrator.
 */
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  UnauthenticatedError,
  pageWindow,
  type FieldErrors,
  type PageRequest,
} from '@suite/runtime'
import type { Caller } from './caller.js'
import {
  hiddenUpdateErrors,
  keyTakenErrors,
  limitErrors,
  normalizeKey,
  VARIABLE_LIMITS,
  variableErrors,
} from './variable-rules.js'
import type {
  CiVariable,
  VariableAttributes,
  VariableOwner,
  VariableStore,
  VariableType,
} from './variable.js'

/** find_variable's refusal when a key names variables of several scopes. */
export const MULTIPLE_VARIABLES =
  "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'"

/** not_found!(...) of each API. */
const NOT_FOUND: Readonly<Record<VariableOwner['kind'], string>> = {
  project: 'Variable',
  group: 'GroupVariable',
  instance: 'InstanceVariable',
}

/** authenticate! then authorize! :admin_cicd_variables (authenticated_as_admin! for the instance). */
function requireManage(caller: Caller, owner: VariableOwner): void {
  if (caller.userId === null) throw new UnauthenticatedError()
  const allowed =
    owner.kind === 'instance'
      ? caller.admin
      : owner.kind === 'project'
        ? caller.grant?.projectId === owner.id && caller.grant.adminCicdVariables === true
        : caller.groupGrant?.groupId === owner.id && caller.groupGrant.adminCicdVariables
  if (!allowed) throw new ForbiddenError()
}

/** GET .../variables: a page of the owner's variables. */
export async function listVariables(
  store: VariableStore,
  caller: Caller,
  owner: VariableOwner,
  page: PageRequest | undefined,
): Promise<{ variables: CiVariable[]; total: number }> {
  requireManage(caller, owner)
  return store.list(owner, pageWindow(page))
}

/** VariablesFinder: the one variable of the key (in the filter's scope); 404, or 409 when several. */
async function findVariable(
  store: VariableStore,
  owner: VariableOwner,
  key: string,
  scope: string | undefined,
): Promise<CiVariable> {
  const found = await store.findByKey(owner, key, owner.kind === 'instance' ? undefined : scope)
  const [variable, another] = found
  if (!variable) throw new NotFoundError(NOT_FOUND[owner.kind])
  if (another) throw new ConflictError(MULTIPLE_VARIABLES)
  return variable
}

/** GET .../variables/:key */
export async function getVariable(
  store: VariableStore,
  caller: Caller,
  owner: VariableOwner,
  key: string,
  scope: string | undefined,
): Promise<CiVariable> {
  requireManage(caller, owner)
  return findVariable(store, owner, key, scope)
}

export interface VariableInput {
  key: string
  value: string
  protected?: boolean
  masked?: boolean
  /** Create only: masked, and never shown again. */
  maskedAndHidden?: boolean
  raw?: boolean
  variableType?: VariableType
  environmentScope?: string
  description?: string
}

function refuse(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new InvalidError(errors)
}

/** POST .../variables (201), or the model's validation errors (400). */
export async function createVariable(
  store: VariableStore,
  caller: Caller,
  owner: VariableOwner,
  input: VariableInput,
): Promise<CiVariable> {
  requireManage(caller, owner)
  const hidden = owner.kind !== 'instance' && input.maskedAndHidden === true
  const attributes: VariableAttributes = {
    key: normalizeKey(input.key),
    value: input.value,
    variableType: input.variableType ?? 'env_var',
    protected: input.protected ?? false,
    masked: hidden || (input.masked ?? false),
    hidden,
    raw: input.raw ?? false,
    environmentScope: owner.kind === 'instance' ? '*' : (input.environmentScope ?? '*'),
    description: input.description ?? null,
  }
  const errors = variableErrors(owner, attributes)
  if ((await store.count(owner)) >= VARIABLE_LIMITS[owner.kind].max) {
    Object.assign(errors, limitErrors(owner))
  }
  refuse(errors)
  const created = await store.create(owner, attributes)
  if (!created) throw new InvalidError(keyTakenErrors(attributes.key))
  return created
}

/** PUT .../variables/:key: the given attributes change, the key stays. */
export async function updateVariable(
  store: VariableStore,
  caller: Caller,
  owner: VariableOwner,
  target: { key: string; scope: string | undefined },
  input: Omit<Partial<VariableInput>, 'key' | 'maskedAndHidden'>,
): Promise<CiVariable> {
  requireManage(caller, owner)
  const current = await findVariable(store, owner, target.key, target.scope)
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
  const attributes: VariableAttributes = { ...current, ...given }
  if (owner.kind === 'instance') attributes.environmentScope = '*'
  refuse({
    ...variableErrors(owner, attributes),
    ...hiddenUpdateErrors(current, attributes.masked),
  })
  const updated = await store.update(owner, current.id, attributes)
  if (!updated) throw new InvalidError(keyTakenErrors(attributes.key))
  return updated
}

/** DELETE .../variables/:key (204). */
export async function deleteVariable(
  store: VariableStore,
  caller: Caller,
  owner: VariableOwner,
  key: string,
  scope: string | undefined,
): Promise<void> {
  requireManage(caller, owner)
  const variable = await findVariable(store, owner, key, scope)
  if (!(await store.delete(owner, variable.id))) throw new NotFoundError(NOT_FOUND[owner.kind])
}
