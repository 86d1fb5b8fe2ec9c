import type { Commit, CommitAction, CommitStats } from '@suite/proto'
import { PUBLIC } from '../auth/abilities.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import { presentCommit, presentCommitDetail, type ProjectLink } from '../entities/commit.entity.js'
import { badParameters } from '../errors/http-error.js'
import { z } from 'zod'
import { p } from '../params/coercions.js'
import { Param, readWith } from '../params/param.js'
import type { ApiRouter } from './api-router.js'
import { commitFiles, decodeContent } from './commit-files.js'
import { projectLink } from './repository-links.js'

interface LinkedCommit {
  commit: Commit
  link: ProjectLink & { id: number }
  stats?: CommitStats | undefined
}

const ACTIONS = ['create', 'update', 'delete', 'move', 'chmod']

/** `actions`: an array of hashes whose values are read one by one below (booleans, strings). */
const actionList = new Param(
  readWith(z.array(z.record(z.string(), z.unknown())).min(1)),
  true,
  // A commit may touch many files (GitLab sets no cap; a commit past its 1,000-file diff limit
  // is ordinary): more than a list of names may hold, still bounded, as is the 10 MB body.
).allowItems(10_000)

/** One entry of `actions` as GitLab's params block reads it (content base64 or text). */
function toCommitAction(raw: unknown, index: number): CommitAction {
  const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  const text = (key: string) => (typeof entry[key] === 'string' ? entry[key] : undefined)
  const action = text('action')
  const filePath = text('file_path')
  if (!action || !ACTIONS.includes(action)) {
    throw badParameters([`actions[${index}][action] does not have a valid value`])
  }
  if (!filePath) throw badParameters([`actions[${index}][file_path] is missing`])
  const content = text('content')
  const encoding = text('encoding')
  const mode = entry['execute_filemode']
  return {
    action,
    filePath,
    previousPath: text('previous_path') ?? '',
    content: content === undefined ? undefined : decodeContent(content, encoding),
    executeFilemode:
      mode === undefined
        ? undefined
        : mode === true || mode === 'true' || mode === '1' || mode === 1,
    // Not sent: commits.rb's own check (Files::MultiService, "The file has
    // changed since you started editing it: <path>") is not made yet, and the
    // repository role checks every last_commit_id it is given (the files API's).
    lastCommitId: '',
    checkLastCommit: false,
  }
}

/** lib/api/commits.rb: create with actions, list, show. */
export function repositoryCommitRoutes(
  api: ApiRouter,
  clients: RepositoryClients,
  externalUrl: string,
): void {
  const { repository } = clients

  api.list('/projects/:id/repository/commits', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      ref_name: p.string(),
      since: p.string(),
      until: p.string(),
      path: p.string(),
      all: p.bool().default(false),
    },
    handle: async ({ caller, project, params, page }) => {
      const time = (value: string | undefined) => {
        if (value === undefined) return undefined
        const date = new Date(value)
        return Number.isNaN(date.getTime()) ? undefined : date
      }
      const answer = await repository.read.listCommits({
        projectId: project.id,
        refName: params.ref_name ?? '',
        since: time(params.since),
        until: time(params.until),
        path: params.path ?? '',
        all: params.all,
        page,
        caller,
      })
      const link = projectLink(externalUrl, project)
      return {
        items: answer.commits.map((commit) => ({ commit, link })),
        total: answer.pageInfo?.total ?? answer.commits.length,
      }
    },
    present: ({ commit, link }: LinkedCommit) => presentCommit(commit, link),
  })

  api.get('/projects/:id/repository/commits/:sha', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: { id: p.string().required(), sha: p.string().required(), stats: p.bool() },
    handle: async ({ caller, project, params }) => {
      const { commit, stats } = await repository.read.getCommit({
        projectId: project.id,
        sha: params.sha,
        caller,
      })
      if (!commit) throw new Error('GetCommit answered without a commit')
      return {
        commit,
        stats: params.stats === false ? undefined : stats,
        link: projectLink(externalUrl, project),
      }
    },
    present: ({ commit, stats, link }: LinkedCommit) => presentCommitDetail(commit, stats, link),
  })

  api.post('/projects/:id/repository/commits', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      branch: p.string().required(),
      commit_message: p.string().required(),
      start_branch: p.string(),
      author_email: p.string(),
      author_name: p.string(),
      actions: actionList.required(),
    },
    handle: async ({ principal, caller, project, params }) => {
      const { commit, stats } = await commitFiles(
        clients,
        { principal, caller, project },
        {
          branch: params.branch,
          startBranch: params.start_branch,
          commitMessage: params.commit_message,
          authorName: params.author_name,
          authorEmail: params.author_email,
          actions: params.actions.map(toCommitAction),
        },
      )
      if (!commit) throw new Error('CommitFiles answered without a commit')
      return { commit, stats, link: projectLink(externalUrl, project) }
    },
    present: ({ commit, stats, link }: LinkedCommit) => presentCommitDetail(commit, stats, link),
  })
}
