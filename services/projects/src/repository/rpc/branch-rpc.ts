import type { CreateBranchRequest, RepositoryServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { protectionOf, requireDeleteBranch, requirePushToBranch } from '../domain/branch-rules.js'
import { createBranch, deleteBranch, getBranch, listBranches } from '../git/branches.js'
import { commitFiles, type FileAction } from '../git/commit-files.js'
import type { Repo } from '../store/repository-store.js'
import { requireRepositoryAbility } from './caller-access.js'
import { pageOfRequest, pushActor } from './from-proto.js'
import type { RepositoryContext } from './repository-context.js'
import { branchToProto } from './to-proto.js'

type BranchHandlers = Pick<
  RepositoryServiceServer,
  'listBranches' | 'getBranch' | 'createBranch' | 'deleteBranch'
>

/** The file a new default branch starts with: an empty README.md. */
const EMPTY_README: FileAction = {
  action: 'create',
  filePath: 'README.md',
  previousPath: '',
  content: Buffer.alloc(0),
  executeFilemode: undefined,
}

/** lib/api/branches.rb's git side: branches with what the protection rules say of them. */
export function branchHandlers(
  server: GrpcServer,
  { deps, existing, writeRefs }: RepositoryContext,
): BranchHandlers {
  const rules = deps.protectedBranches

  /**
   * Branches::CreateService#create_default_branch: a repository without any
   * branch first gets its default branch, as an empty README.md committed by
   * the caller (under the default branch's protection rules), so that a new
   * branch has something to start from.
   */
  const createDefaultBranchIfEmpty = async (repo: Repo, req: CreateBranchRequest) => {
    if ((await repo.refs(['refs/heads'])).size > 0) return
    const branch = (await repo.headBranch()) ?? 'main'
    await requirePushToBranch(rules, req.projectId, branch, pushActor(req.caller))
    await writeRefs(repo, req.projectId, req.caller, async () => {
      const { commit, previous } = await commitFiles(repo, {
        branch,
        startBranch: '',
        message: 'Add README.md',
        author: { name: req.authorName, email: req.authorEmail },
        actions: [EMPTY_README],
      })
      const ref = `refs/heads/${branch}`
      return { result: commit, changes: [{ ref, oldId: previous, newId: commit.id }] }
    })
  }

  return {
    listBranches: server.unary('ListBranches', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const branches = await listBranches(await existing(req.projectId), req.search)
      const protection = await rules.list(req.projectId)
      const actor = pushActor(req.caller)
      return {
        branches: pageOfRequest(branches, req.page).map((branch) =>
          branchToProto(branch, protectionOf(protection, branch.name, actor)),
        ),
        pageInfo: { total: branches.length },
      }
    }),
    getBranch: server.unary('GetBranch', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const branch = await getBranch(await existing(req.projectId), req.name)
      const protection = await rules.list(req.projectId)
      return {
        branch: branchToProto(branch, protectionOf(protection, branch.name, pushActor(req.caller))),
      }
    }),
    createBranch: server.unary('CreateBranch', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'pushCode')
      const repo = await existing(req.projectId)
      await createDefaultBranchIfEmpty(repo, req)
      const branch = await writeRefs(repo, req.projectId, req.caller, async () => {
        const branch = await createBranch(repo, req.name, req.ref)
        const ref = `refs/heads/${branch.name}`
        return { result: branch, changes: [{ ref, oldId: undefined, newId: branch.commit.id }] }
      })
      const protection = await rules.list(req.projectId)
      return {
        branch: branchToProto(branch, protectionOf(protection, branch.name, pushActor(req.caller))),
      }
    }),
    deleteBranch: server.unary('DeleteBranch', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'pushCode')
      const repo = await existing(req.projectId)
      await writeRefs(repo, req.projectId, req.caller, async () => {
        const old = await deleteBranch(repo, req.name, () =>
          requireDeleteBranch(rules, req.projectId, req.name, pushActor(req.caller)),
        )
        const ref = `refs/heads/${req.name}`
        return { result: undefined, changes: [{ ref, oldId: old, newId: undefined }] }
      })
      return {}
    }),
  }
}
