import type { RepositoryServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { requirePushToBranch } from '../domain/branch-rules.js'
import { fileRequest, readFile } from '../git/blob-reader.js'
import type { GitCommit } from '../git/commit-log.js'
import { commitFiles } from '../git/commit-files.js'
import { commitStats, getCommit, listCommits } from '../git/commits.js'
import { samplePushHook } from '../git/push-hook.js'
import { listTree } from '../git/tree-entries.js'
import type { Repo } from '../store/repository-store.js'
import { requireRepositoryAbility } from './caller-access.js'
import { pageOfRequest, pushActor, toFileAction } from './from-proto.js'
import type { RepositoryContext } from './repository-context.js'
import { commitToProto } from './to-proto.js'

type CommitHandlers = Pick<
  RepositoryServiceServer,
  'commitFiles' | 'listCommits' | 'getCommit' | 'samplePushHook' | 'readFile' | 'listTree'
>

async function statsOf(repo: Repo, commit: GitCommit) {
  const { additions, deletions } = await commitStats(repo, commit)
  return { additions, deletions, total: additions + deletions }
}

/** lib/api/commits.rb, files.rb and the tree's git side: commits, files and trees. */
export function commitHandlers(
  server: GrpcServer,
  { deps, existing, writable, writeRefs }: RepositoryContext,
): CommitHandlers {
  return {
    commitFiles: server.unary('CommitFiles', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'pushCode')
      const repo = await writable(req.projectId)
      const actions = req.actions.map(toFileAction)
      // The one write for the suite itself (a caller marked `system`) is the
      // projects service's own first commit of a project it creates (README,
      // template). Every other write meets the branch's rules.
      if (req.caller?.system !== true) {
        const actor = pushActor(req.caller)
        await requirePushToBranch(deps.protectedBranches, req.projectId, req.branch, actor)
      }
      const result = await writeRefs(repo, req.projectId, req.caller, async () => {
        const result = await commitFiles(repo, {
          branch: req.branch,
          startBranch: req.startBranch,
          message: req.commitMessage,
          author: { name: req.authorName, email: req.authorEmail },
          actions,
        })
        const ref = `refs/heads/${req.branch}`
        return { result, changes: [{ ref, oldId: result.previous, newId: result.commit.id }] }
      })
      return { commit: commitToProto(result.commit), stats: await statsOf(repo, result.commit) }
    }),
    listCommits: server.unary('ListCommits', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const { commits, total } = await listCommits(await existing(req.projectId), {
        refName: req.refName,
        since: req.since,
        until: req.until,
        path: req.path,
        all: req.all,
        page: req.page?.page ?? 1,
        perPage: req.page?.perPage ?? 20,
      })
      return { commits: commits.map(commitToProto), pageInfo: { total } }
    }),
    getCommit: server.unary('GetCommit', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const repo = await existing(req.projectId)
      const commit = await getCommit(repo, req.sha)
      return { commit: commitToProto(commit), stats: await statsOf(repo, commit) }
    }),
    samplePushHook: server.unary('SamplePushHook', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const payload = await samplePushHook(
        deps.store.repo(req.projectId),
        {
          projectId: req.projectId,
          userId: req.userId,
          fullPath: req.fullPath,
          externalUrl: deps.externalUrl,
          defaultBranch: undefined,
        },
        req.tag,
      )
      return { payloadJson: JSON.stringify(payload) }
    }),
    readFile: server.unary('ReadFile', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const request = fileRequest(req.sha, req.path, req.maxBytes, req.lastCommit === true)
      return readFile(await existing(req.projectId), request)
    }),
    listTree: server.unary('ListTree', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const entries = await listTree(await existing(req.projectId), {
        ref: req.ref,
        path: req.path,
        recursive: req.recursive,
      })
      return { entries: pageOfRequest(entries, req.page), pageInfo: { total: entries.length } }
    }),
  }
}
