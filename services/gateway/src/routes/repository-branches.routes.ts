import type { Branch } from '@suite/proto'
import { PUBLIC, requireProjectAbility } from '../auth/abilities.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import { presentBranch } from '../entities/branch.entity.js'
import type { ProjectLink } from '../entities/commit.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { projectLink } from './repository-links.js'

interface LinkedBranch {
  branch: Branch
  link: ProjectLink
}

const presentLinkedBranch = ({ branch, link }: LinkedBranch) => presentBranch(branch, link)

/** lib/api/branches.rb: list, show, create and delete. */
export function repositoryBranchRoutes(
  api: ApiRouter,
  clients: RepositoryClients,
  externalUrl: string,
): void {
  const { repository } = clients
  const branchName = { id: p.string().required(), branch: p.string().required() }

  api.list('/projects/:id/repository/branches', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      search: p.string(),
      regex: p.string(),
      sort: p.string().values(['name_asc', 'updated_asc', 'updated_desc']),
    },
    handle: async ({ caller, project, params, page }) => {
      const answer = await repository.read.listBranches({
        projectId: project.id,
        search: params.search ?? '',
        page,
        caller,
      })
      const link = projectLink(externalUrl, project)
      return {
        items: answer.branches.map((branch) => ({ branch, link })),
        total: answer.pageInfo?.total ?? answer.branches.length,
      }
    },
    present: presentLinkedBranch,
  })

  api.get('/projects/:id/repository/branches/:branch', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: branchName,
    handle: async ({ caller, project, params }) => {
      const { branch } = await repository.read.getBranch({
        projectId: project.id,
        name: params.branch,
        caller,
      })
      if (!branch) throw new Error('GetBranch answered without a branch')
      return { branch, link: projectLink(externalUrl, project) }
    },
    present: presentLinkedBranch,
  })

  api.post('/projects/:id/repository/branches', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      branch: p.string().required(),
      ref: p.string().required(),
    },
    handle: async ({ principal, caller, project, params }) => {
      requireProjectAbility(caller.project, 'pushCode')
      const user = principal.user
      const { branch } = await repository.write.createBranch({
        projectId: project.id,
        caller,
        name: params.branch,
        ref: params.ref,
        // In an empty repository the user first commits an empty README.md to the default branch.
        authorName: user?.name ?? '',
        authorEmail: user?.commitEmail || user?.email || '',
      })
      if (!branch) throw new Error('CreateBranch answered without a branch')
      return { branch, link: projectLink(externalUrl, project) }
    },
    present: presentLinkedBranch,
  })

  api.delete('/projects/:id/repository/branches/:branch', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: branchName,
    handle: async ({ caller, project, params }) => {
      requireProjectAbility(caller.project, 'pushCode')
      await repository.write.deleteBranch({ projectId: project.id, caller, name: params.branch })
    },
  })
}
