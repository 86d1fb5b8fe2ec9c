import { AUTHENTICATED } from '../auth/abilities.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { requireField } from '../clients/require-field.js'
import { presentProtectedBranch } from '../entities/protected-branch.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

const RULES = '/projects/:id/protected_branches'
const RULE = `${RULES}/:name`

/** ProtectedRefAccess::ALLOWED_ACCESS_LEVELS. */
const LEVELS = [0, 30, 40, 60]

/** Signed in (401), the project readable (404), then admin_project (403). */
const ACCESS = {
  ability: AUTHENTICATED,
  resolve: 'project',
  projectAbility: 'adminProject',
} as const

const projectParams = { id: p.string().required() }
const nameParams = { ...projectParams, name: p.string().required() }
const inputParams = {
  push_access_level: p.int().values(LEVELS),
  merge_access_level: p.int().values(LEVELS),
  unprotect_access_level: p.int().values(LEVELS),
  allow_force_push: p.bool(),
  code_owner_approval_required: p.bool(),
}

interface InputParams {
  push_access_level?: number | undefined
  merge_access_level?: number | undefined
  unprotect_access_level?: number | undefined
  allow_force_push?: boolean | undefined
  code_owner_approval_required?: boolean | undefined
}

function input(params: InputParams) {
  return {
    pushAccessLevel: params.push_access_level,
    mergeAccessLevel: params.merge_access_level,
    unprotectAccessLevel: params.unprotect_access_level,
    allowForcePush: params.allow_force_push,
    codeOwnerApprovalRequired: params.code_owner_approval_required,
  }
}

/**
 * lib/api/protected_branches.rb: a project's protected branches, by name or
 * `*` pattern; Maintainers read and manage them. The projects service keeps
 * them and enforces them wherever a ref moves.
 */
export function protectedBranchRoutes(api: ApiRouter, projects: ProjectsClients): void {
  const rules = projects.protectedBranches

  api.list(RULES, {
    ...ACCESS,
    params: { ...projectParams, search: p.string() },
    handle: async ({ caller, project, page, params }) => {
      const answer = await rules.read.listProtectedBranches({
        caller,
        projectId: project.id,
        page,
        search: params.search,
      })
      return { items: answer.protectedBranches, total: Number(answer.pageInfo?.total ?? 0) }
    },
    present: presentProtectedBranch,
  })

  api.get(RULE, {
    ...ACCESS,
    params: nameParams,
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await rules.read.getProtectedBranch({
            caller,
            projectId: project.id,
            name: params.name,
          })
        ).protectedBranch,
        'protectedBranch',
      ),
    present: presentProtectedBranch,
  })

  api.post(RULES, {
    ...ACCESS,
    params: { ...projectParams, name: p.string().required(), ...inputParams },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await rules.write.createProtectedBranch({
            caller,
            projectId: project.id,
            name: params.name,
            input: input(params),
          })
        ).protectedBranch,
        'protectedBranch',
      ),
    present: presentProtectedBranch,
  })

  api.patch(RULE, {
    ...ACCESS,
    params: { ...nameParams, ...inputParams },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await rules.write.updateProtectedBranch({
            caller,
            projectId: project.id,
            name: params.name,
            input: input(params),
          })
        ).protectedBranch,
        'protectedBranch',
      ),
    present: presentProtectedBranch,
  })

  api.delete(RULE, {
    ...ACCESS,
    params: nameParams,
    handle: async ({ caller, project, params }) => {
      await rules.write.deleteProtectedBranch({ caller, projectId: project.id, name: params.name })
    },
  })
}
