import { status } from '@grpc/grpc-js'
import type { Caller, Project } from '@suite/proto'
import { isServiceError } from '@suite/runtime'
import { PUBLIC } from '../auth/abilities.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import { presentCompare, type Comparison } from '../entities/compare.entity.js'
import { HttpError, notFound } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { projectLink } from './repository-links.js'

/** The commit a ref names; CompareService's not_found!("Ref") for either side. */
async function refCommit(
  clients: RepositoryClients,
  caller: Caller,
  project: Project,
  ref: string,
) {
  try {
    const read = clients.repository.read
    const { commit } = await read.getCommit({ projectId: project.id, sha: ref, caller })
    if (!commit) throw notFound('Ref')
    return commit.id
  } catch (error) {
    if (isServiceError(error) && error.code === status.NOT_FOUND) throw notFound('Ref')
    throw error
  }
}

/**
 * lib/api/repositories.rb GET /compare: the commits of `to` not in `from`
 * and the diff from their merge base to `to` (from `from` itself when
 * straight), through the repository role's CompareCommits.
 */
export function repositoryCompareRoutes(
  api: ApiRouter,
  clients: RepositoryClients,
  externalUrl: string,
): void {
  const { repository } = clients

  api.get('/projects/:id/repository/compare', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      from: p.string().required(),
      to: p.string().required(),
      from_project_id: p.int(),
      straight: p.bool().default(false),
      unidiff: p.bool().default(false),
    },
    handle: async ({ caller, project, params }): Promise<Comparison> => {
      if (params.from_project_id !== undefined && params.from_project_id !== project.id) {
        // There are no forks in this suite: any other project is not one.
        throw new HttpError(400, {
          message: `Target project id:${params.from_project_id} is not a fork of project id:${project.id}`,
        })
      }
      const [from, to] = await Promise.all([
        refCommit(clients, caller, project, params.from),
        refCommit(clients, caller, project, params.to),
      ])
      const base = params.straight
        ? from
        : ((
            await repository.read.findMergeBase({
              projectId: project.id,
              revisions: [from, to],
              caller,
            })
          ).base ?? from)
      const link = projectLink(externalUrl, project)
      if (from === to) {
        return {
          commits: [],
          diffs: [],
          overflow: false,
          sameRef: true,
          fromSha: base,
          toSha: to,
          link,
        }
      }
      const answer = await repository.read.compareCommits({
        projectId: project.id,
        baseSha: base,
        headSha: to,
        limits: undefined,
        skipDiffs: false,
        skipCommits: false,
        caller,
      })
      return {
        // The role lists newest first; GitLab's compare oldest first, `commit` the newest.
        commits: [...answer.commits].reverse(),
        diffs: answer.diffs,
        overflow: answer.overflow,
        sameRef: false,
        fromSha: base,
        toSha: to,
        link,
      }
    },
    present: presentCompare,
  })
}
