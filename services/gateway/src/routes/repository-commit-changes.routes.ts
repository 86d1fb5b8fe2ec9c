import { CommitChange, CommitRefType, type Commit, type CommitRef } from '@suite/proto'
import { PUBLIC } from '../auth/abilities.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import { presentCommit, type ProjectLink } from '../entities/commit.entity.js'
import { presentCommitSignature } from '../entities/commit-signature.entity.js'
import { presentDiff } from '../entities/diff.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { projectLink } from './repository-links.js'

const REF_TYPES: Readonly<Record<string, CommitRefType>> = {
  branch: CommitRefType.COMMIT_REF_TYPE_BRANCH,
  tag: CommitRefType.COMMIT_REF_TYPE_TAG,
  all: CommitRefType.COMMIT_REF_TYPE_UNSPECIFIED,
}

/** A cherry-pick's or revert's answer: the new commit, or a dry run's success. */
type ChangeAnswer = { commit: Commit; link: ProjectLink } | { dryRun: true }

/** API::Entities::BasicRef. */
const presentBasicRef = (ref: CommitRef) => ({
  type: ref.type === CommitRefType.COMMIT_REF_TYPE_TAG ? 'tag' : 'branch',
  name: ref.name,
})

/**
 * lib/api/commits.rb around one commit: its diff, the refs containing it,
 * its signature (each needing :read_code, the class's before block), and
 * cherry-picking or reverting it onto a branch (the repository role checks
 * push_code and the branch's rules, as authorize_push_to_branch! does).
 */
export function repositoryCommitChangeRoutes(
  api: ApiRouter,
  clients: RepositoryClients,
  externalUrl: string,
): void {
  const { repository } = clients
  const COMMIT = '/projects/:id/repository/commits/:sha'
  const commitAccess = {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
  } as const
  const sha = { id: p.string().required(), sha: p.string().required() }

  api.list(`${COMMIT}/diff`, {
    ...commitAccess,
    params: { ...sha, unidiff: p.bool().default(false) },
    handle: async ({ caller, project, params, page }) => {
      const answer = await repository.read.getCommitDiff({
        projectId: project.id,
        sha: params.sha,
        page,
        caller,
        unidiff: params.unidiff,
      })
      return { items: answer.diffs, total: answer.pageInfo?.total ?? answer.diffs.length }
    },
    present: presentDiff,
  })

  api.list(`${COMMIT}/refs`, {
    ...commitAccess,
    params: { ...sha, type: p.string().values(['branch', 'tag', 'all']).default('all') },
    handle: async ({ caller, project, params, page }) => {
      const { refs } = await repository.read.listCommitRefs({
        projectId: project.id,
        sha: params.sha,
        type: REF_TYPES[params.type] ?? CommitRefType.COMMIT_REF_TYPE_UNSPECIFIED,
        page,
        caller,
      })
      // paginate(refs, without_count: true): no X-Total, no last page.
      return { items: refs, total: refs.length, totalUnknown: true }
    },
    present: presentBasicRef,
  })

  api.get(`${COMMIT}/signature`, {
    ...commitAccess,
    params: sha,
    handle: ({ caller, project, params }) =>
      repository.read.getCommitSignature({ projectId: project.id, sha: params.sha, caller }),
    present: presentCommitSignature,
  })

  const changeRoute = (path: string, change: CommitChange, withMessage: boolean) =>
    api.post(`${COMMIT}/${path}`, {
      ...commitAccess,
      entity: 'Commit',
      params: {
        ...sha,
        branch: p.string().required(),
        dry_run: p.bool().default(false),
        ...(withMessage && { message: p.string() }),
      },
      handle: async ({ principal, caller, project, params }): Promise<ChangeAnswer> => {
        const { commit } = await repository.write.applyCommit({
          caller,
          projectId: project.id,
          sha: params.sha,
          branch: params.branch,
          change,
          dryRun: params.dry_run,
          message: ('message' in params ? params.message : undefined) ?? '',
          userName: principal.user?.name ?? '',
          userEmail: principal.user?.commitEmail || principal.user?.email || '',
        })
        if (params.dry_run) return { dryRun: true }
        if (!commit) throw new Error('ApplyCommit answered without a commit')
        return { commit, link: projectLink(externalUrl, project) }
      },
      // `present dry_run: :success; status :ok`; a new commit is Grape's 201.
      statusOf: (answer) => ('dryRun' in answer ? 200 : undefined),
      present: (answer) =>
        'dryRun' in answer ? { dry_run: 'success' } : presentCommit(answer.commit, answer.link),
    })
  changeRoute('cherry_pick', CommitChange.COMMIT_CHANGE_CHERRY_PICK, true)
  changeRoute('revert', CommitChange.COMMIT_CHANGE_REVERT, false)
}
