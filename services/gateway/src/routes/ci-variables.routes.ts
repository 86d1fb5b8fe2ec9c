import type { Caller, CiVariable, Group, Project, VariableOwner } from '@suite/proto'
import { ADMIN, AUTHENTICATED } from '../auth/abilities.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import { requireField } from '../clients/require-field.js'
import { presentCiVariable, presentInstanceVariable } from '../entities/ci-variable.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/** Ci::HasVariable.variable_types (Grape's `values:`: 400 ... does not have a valid value). */
const variableType = () => p.string().values(['env_var', 'file'])

const keyParams = { key: p.string().required() }

/** The attributes every owner's variables have. */
const attributes = {
  protected: p.bool(),
  masked: p.bool(),
  raw: p.bool(),
  variable_type: variableType(),
  description: p.string(),
}

/** What projects' and groups' variables add: an environment scope, hiding, and filter[...]. */
const scoped = {
  create: { ...attributes, masked_and_hidden: p.bool(), environment_scope: p.string() },
  update: { ...attributes, environment_scope: p.string() },
  filter: { filter: p.hash(p.string()) },
}

/** What a route of one owner gives the service: whose variables, found from the resolved `:id`. */
type OwnerOf = (resolved: { project?: Project; group?: Group }) => VariableOwner

/**
 * The three APIs: lib/api/ci/variables.rb (authenticate!, then
 * admin_cicd_variables in the project: Maintainer), group_variables.rb (the
 * same in the group: Owner) and admin/ci/variables.rb
 * (authenticated_as_admin!). ci-triggers checks the caller again and keeps
 * the values; answers are never cached (they carry secrets).
 */
const OWNERS = [
  {
    base: '/projects/:id/variables',
    access: { ability: AUTHENTICATED, resolve: 'project', projectAbility: 'adminCicdVariables' },
    owner: (({ project }) => ({ projectId: project?.id })) as OwnerOf,
    params: scoped,
    present: presentCiVariable,
  },
  {
    base: '/groups/:id/variables',
    access: { ability: AUTHENTICATED, resolve: 'group', groupAbility: 'adminCicdVariables' },
    owner: (({ group }) => ({ groupId: group?.id })) as OwnerOf,
    params: scoped,
    present: presentCiVariable,
  },
  {
    base: '/admin/ci/variables',
    access: { ability: ADMIN },
    owner: (() => ({ instance: true })) as OwnerOf,
    params: { create: attributes, update: attributes, filter: {} },
    present: presentInstanceVariable,
  },
] as const

/** filter[environment_scope], when the route takes a filter. */
function scopeFilter(params: { filter?: Record<string, string> }): string | undefined {
  return params.filter?.['environment_scope']
}

/** The answer's variable, which a success always carries. */
function variableOf(answer: { variable?: CiVariable }): CiVariable {
  return requireField(answer.variable, 'variable')
}

/** CI/CD variables of projects, groups and the instance, kept by ci-triggers. */
export function ciVariableRoutes(api: ApiRouter, pipelines: Pick<PipelinesClients, 'variables'>) {
  const { variables } = pipelines
  for (const { base, access, owner, params, present } of OWNERS) {
    const item = `${base}/:key`
    const target = (caller: Caller, resolved: { project?: Project; group?: Group }) => ({
      caller,
      owner: owner(resolved),
    })

    api.list(base, {
      ...access,
      handle: async ({ caller, project, group, page }) => {
        const answer = await variables.listVariables({
          ...target(caller, { project, group }),
          page,
        })
        return { items: answer.variables, total: answer.pageInfo?.total ?? answer.variables.length }
      },
      present,
    })

    api.get(item, {
      ...access,
      params: { ...keyParams, ...params.filter },
      handle: async ({ caller, project, group, params: given }) =>
        variableOf(
          await variables.getVariable({
            ...target(caller, { project, group }),
            key: given.key,
            filterEnvironmentScope: scopeFilter(given),
          }),
        ),
      present,
    })

    api.post(base, {
      ...access,
      params: { ...keyParams, value: p.string().required(), ...params.create },
      handle: async ({ caller, project, group, params: given }) =>
        variableOf(
          await variables.createVariable({
            ...target(caller, { project, group }),
            key: given.key,
            value: given.value,
            protected: given.protected,
            masked: given.masked,
            maskedAndHidden: 'masked_and_hidden' in given ? given.masked_and_hidden : undefined,
            raw: given.raw,
            variableType: given.variable_type,
            environmentScope: 'environment_scope' in given ? given.environment_scope : undefined,
            description: given.description,
          }),
        ),
      present,
    })

    api.put(item, {
      ...access,
      params: { ...keyParams, value: p.string(), ...params.update, ...params.filter },
      handle: async ({ caller, project, group, params: given }) =>
        variableOf(
          await variables.updateVariable({
            ...target(caller, { project, group }),
            key: given.key,
            filterEnvironmentScope: scopeFilter(given),
            value: given.value,
            protected: given.protected,
            masked: given.masked,
            raw: given.raw,
            variableType: given.variable_type,
            environmentScope: 'environment_scope' in given ? given.environment_scope : undefined,
            description: given.description,
          }),
        ),
      present,
    })

    api.delete(item, {
      ...access,
      params: { ...keyParams, ...params.filter },
      handle: async ({ caller, project, group, params: given }) => {
        await variables.deleteVariable({
          ...target(caller, { project, group }),
          key: given.key,
          filterEnvironmentScope: scopeFilter(given),
        })
      },
    })
  }
}
