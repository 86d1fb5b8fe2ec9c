import type { Window } from './ports.js'

/** GitLab's Ci::HasVariable variable_type. */
export type VariableType = 'env_var' | 'file'

export const VARIABLE_TYPES: readonly VariableType[] = ['env_var', 'file']

/** Whose variables: a project's, a group's, or the instance's. */
export type VariableOwner =
  { kind: 'project'; id: number } | { kind: 'group'; id: number } | { kind: 'instance' }

/** A CI/CD variable (Ci::Variable, Ci::GroupVariable, Ci::InstanceVariable), value in clear. */
export interface CiVariable {
  id: number
  key: string
  value: string
  variableType: VariableType
  protected: boolean
  masked: boolean
  /** Masked and hidden: the value is never shown again. */
  hidden: boolean
  /** Not expanded by the runner. */
  raw: boolean
  /** `*` for every environment (and always for instance variables). */
  environmentScope: string
  description: string | null
}

/** The attributes a variable is written with. */
export type VariableAttributes = Omit<CiVariable, 'id'>

/** How the domain reaches stored variables; the store seals values. */
export interface VariableStore {
  /** Ordered by id (GitLab's default order of the association), with the count of all. */
  list(owner: VariableOwner, window: Window): Promise<{ variables: CiVariable[]; total: number }>
  /** The owner's variables of `key`, in one scope when `scope` is given (at most a few). */
  findByKey(owner: VariableOwner, key: string, scope: string | undefined): Promise<CiVariable[]>
  count(owner: VariableOwner): Promise<number>
  /** Undefined when the key is taken in that scope (the unique index). */
  create(owner: VariableOwner, attributes: VariableAttributes): Promise<CiVariable | undefined>
  /** Undefined when the new key and scope are taken by another variable. */
  update(
    owner: VariableOwner,
    id: number,
    attributes: VariableAttributes,
  ): Promise<CiVariable | undefined>
  delete(owner: VariableOwner, id: number): Promise<boolean>
  /**
   * What a job of the project may see: the instance's, its groups' (any of
   * `groupIds`) and the project's own variables, protected ones only when
   * `protectedRef`; in no particular order.
   */
  forProject(
    projectId: number,
    groupIds: readonly number[],
    protectedRef: boolean,
  ): Promise<OwnedVariable[]>
}

/** A variable with the owner it came from. */
export interface OwnedVariable {
  owner: VariableOwner
  variable: CiVariable
}
