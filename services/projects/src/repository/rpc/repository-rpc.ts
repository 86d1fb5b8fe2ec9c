import {
  TagOrder,
  type Caller,
  type CommitAction,
  type RepositoryServiceServer,
} from '@suite/proto'
import { InvalidError, NotFoundError, type GrpcServer, type Logger } from '@suite/runtime'
import type { ProtectedBranchesStore } from '../../store/protected-branches.store.js'
import type { GitCommit } from '../git/commit-log.js'
import {
  createBranch,
  deleteBranch,
  getBranch,
  listBranches,
  setDefaultBranch,
} from '../git/branches.js'
import {
  protectionOf,
  requireDeleteBranch,
  requireMergeInto,
  requirePushToBranch,
} from '../domain/branch-rules.js'
import { commitFiles, type FileAction, type FileActionKind } from '../git/commit-files.js'
import { commitStats, getCommit, listCommits } from '../git/commits.js'
import { requireRepositoryAbility, requireSystemCaller } from './caller-access.js'
import { mergeRequestHandlers } from './merge-request-rpc.js'
import type { RefChangeRecorder, RefWrite } from '../store/ref-change-recorder.js'
import { pageOf, type TagOrderField } from '../domain/ref-search.js'
import { isFullObjectId, isObjectFormat, isValidFilePath, isValidNewRefName } from '../domain/ref-names.js'
import { lastCommitFor, readFileAt } from '../git/blob-reader.js'
import { listTree } from '../git/tree-entries.js'
import { keepPipelineRef } from '../git/pipeline-refs.js'
import { samplePushHook } from '../git/push-hook.js'
import type { Repo, RepositoryStore } from '../store/repository-store.js'
import { createTag, deleteTag, getTag, listTags } from '../git/tags.js'
import { branchToProto, commitToProto, tagToProto } from './to-proto.js'
import { readRepositoryInfo } from '../git/repository-info.js'
import { readRepositoryInfos } from '../git/repository-infos.js'

/** The largest file ReadFile answers (a gRPC message stays under its 4 MiB default). */
const MAX_READ_FILE_BYTES = 2 * 1024 * 1024

export interface RepositoryDeps {
  store: RepositoryStore
  logger: Logger
  /** Every ref write goes through it, so that its changes are recorded durably. */
  refChanges: RefChangeRecorder
  /** The instance's URL, for the commit URLs of sample hook payloads. */
  externalUrl: string
  /** The largest pack a push may send, in bytes; 0: any. */
  receiveMaxInputBytes: number
  /** The projects' protected branch rules, enforced wherever a ref moves. */
  protectedBranches: ProtectedBranchesStore
  /** core.hooksPath of receive-pack: the pre-receive hook that enforces them on git push. */
  pushHooksDir: string
}

const ORDER: Partial<Record<TagOrder, TagOrderField>> = {
  [TagOrder.TAG_ORDER_NAME]: 'name',
  [TagOrder.TAG_ORDER_UPDATED]: 'updated',
  [TagOrder.TAG_ORDER_VERSION]: 'version',
}

const ACTIONS: readonly FileActionKind[] = ['create', 'update', 'delete', 'move', 'chmod']

function toFileAction(action: CommitAction): FileAction {
  const kind = ACTIONS.find((candidate) => candidate === action.action)
  if (!kind) throw new InvalidError({}, 'actions[action] does not have a valid value')
  return {
    action: kind,
    filePath: action.filePath,
    previousPath: action.previousPath,
    content: action.content,
    executeFilemode: action.executeFilemode,
  }
}

async function statsOf(repo: Repo, commit: GitCommit) {
  const { additions, deletions } = await commitStats(repo, commit)
  return { additions, deletions, total: additions + deletions }
}

/** The RepositoryService handlers: decode, call the git layer, encode. */
export function repositoryService(
  server: GrpcServer,
  deps: RepositoryDeps,
): RepositoryServiceServer {
  const { store } = deps

  /** An existing repository, else GitLab's `not_found! unless repo_exists?`. */
  async function existing(projectId: number): Promise<Repo> {
    const repo = store.repo(projectId)
    if (!(await repo.exists())) throw new NotFoundError('')
    return repo
  }

  /** A repository for a write: created on first use (a project made before its repository). */
  async function writable(projectId: number): Promise<Repo> {
    await store.create(projectId, 'main')
    return store.repo(projectId)
  }

  /** Runs a ref write whose changes become branch updates and push events. */
  function writeRefs<T>(
    repo: Repo,
    projectId: number,
    caller: Caller | undefined,
    run: () => Promise<RefWrite<T>>,
  ): Promise<T> {
    return deps.refChanges.write(repo, projectId, caller?.userId, run)
  }

  return {
    createRepository: server.unary('CreateRepository', async (req) => {
      requireSystemCaller(req.caller)
      const branch = req.defaultBranch || 'main'
      if (!isValidNewRefName(branch)) throw new InvalidError({}, 'Default branch name is invalid')
      const format = req.objectFormat || 'sha1'
      if (!isObjectFormat(format)) throw new InvalidError({}, 'Object format is invalid')
      const created = await store.create(req.projectId, branch, format)
      // GitLab's default branch protection: Maintainers push and merge, no force push.
      await deps.protectedBranches.protectDefault(req.projectId, branch)
      return { created }
    }),
    getRepositoryInfo: server.unary('GetRepositoryInfo', async (req) => {
      requireSystemCaller(req.caller)
      return readRepositoryInfo(store.repo(req.projectId))
    }),
    batchGetRepositoryInfo: server.unary('BatchGetRepositoryInfo', async (req) => {
      requireSystemCaller(req.caller)
      return {
        repositories: await readRepositoryInfos(store, deps.logger, req.projectIds, {
          license: req.includeLicense,
        }),
      }
    }),
    deleteRepository: server.unary('DeleteRepository', async (req) => {
      requireSystemCaller(req.caller)
      return { deleted: await store.delete(req.projectId) }
    }),
    listBranches: server.unary('ListBranches', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const branches = await listBranches(await existing(req.projectId), req.search)
      const rules = await deps.protectedBranches.list(req.projectId)
      return {
        branches: pageOf(branches, req.page?.page ?? 1, req.page?.perPage ?? 20).map((branch) =>
          branchToProto(branch, protectionOf(rules, branch.name, req.caller)),
        ),
        pageInfo: { total: branches.length },
      }
    }),
    getBranch: server.unary('GetBranch', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const branch = await getBranch(await existing(req.projectId), req.name)
      const rules = await deps.protectedBranches.list(req.projectId)
      return { branch: branchToProto(branch, protectionOf(rules, branch.name, req.caller)) }
    }),
    createBranch: server.unary('CreateBranch', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'pushCode')
      const repo = await existing(req.projectId)
      const branch = await writeRefs(repo, req.projectId, req.caller, async () => {
        const branch = await createBranch(repo, req.name, req.ref)
        const ref = `refs/heads/${branch.name}`
        return { result: branch, changes: [{ ref, oldId: undefined, newId: branch.commit.id }] }
      })
      const rules = await deps.protectedBranches.list(req.projectId)
      return { branch: branchToProto(branch, protectionOf(rules, branch.name, req.caller)) }
    }),
    deleteBranch: server.unary('DeleteBranch', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'pushCode')
      const repo = await existing(req.projectId)
      await writeRefs(repo, req.projectId, req.caller, async () => {
        const old = await deleteBranch(repo, req.name, () =>
          requireDeleteBranch(deps.protectedBranches, req.projectId, req.name, req.caller),
        )
        const ref = `refs/heads/${req.name}`
        return { result: undefined, changes: [{ ref, oldId: old, newId: undefined }] }
      })
      return {}
    }),
    setDefaultBranch: server.unary('SetDefaultBranch', async (req) => {
      requireSystemCaller(req.caller)
      await setDefaultBranch(await existing(req.projectId), req.name)
      return {}
    }),
    commitFiles: server.unary('CommitFiles', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'pushCode')
      const repo = await writable(req.projectId)
      const actions = req.actions.map(toFileAction)
      // The one write for the suite itself (a caller marked `system`) is the
      // projects service's own first commit of a project it creates (README,
      // template). Every other write meets the branch's rules.
      if (req.caller?.system !== true) {
        await requirePushToBranch(deps.protectedBranches, req.projectId, req.branch, req.caller)
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
    keepPipelineRef: server.unary('KeepPipelineRef', async (req) => {
      requireSystemCaller(req.caller)
      await keepPipelineRef(await existing(req.projectId), req.pipelineId, req.sha)
      return {}
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
      if (!isFullObjectId(req.sha)) throw new InvalidError({}, 'sha is invalid')
      if (!isValidFilePath(req.path)) throw new InvalidError({}, 'path is invalid')
      const maxBytes = Math.min(Math.max(req.maxBytes, 0), MAX_READ_FILE_BYTES)
      const repo = await existing(req.projectId)
      const file = await readFileAt(repo, req.sha, req.path, maxBytes)
      if (!file.found && !file.tooLarge) {
        const none = { blobId: '', size: 0, mode: '', lastCommitId: '' }
        return { found: false, content: Buffer.alloc(0), tooLarge: false, ...none }
      }
      const lastCommitId = req.lastCommit ? await lastCommitFor(repo, req.sha, req.path) : ''
      return file.found
        ? { ...file, tooLarge: false, lastCommitId }
        : { ...file, content: Buffer.alloc(0), lastCommitId }
    }),
    listTree: server.unary('ListTree', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const entries = await listTree(await existing(req.projectId), {
        ref: req.ref,
        path: req.path,
        recursive: req.recursive,
      })
      return {
        entries: pageOf(entries, req.page?.page ?? 1, req.page?.perPage ?? 20),
        pageInfo: { total: entries.length },
      }
    }),
    listTags: server.unary('ListTags', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const tags = await listTags(await existing(req.projectId), {
        order: ORDER[req.order] ?? 'updated',
        ascending: req.ascending,
        search: req.search,
      })
      return {
        tags: pageOf(tags, req.page?.page ?? 1, req.page?.perPage ?? 20).map(tagToProto),
        pageInfo: { total: tags.length },
      }
    }),
    getTag: server.unary('GetTag', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      return { tag: tagToProto(await getTag(await existing(req.projectId), req.name)) }
    }),
    createTag: server.unary('CreateTag', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'adminTag')
      const repo = await existing(req.projectId)
      const tag = await writeRefs(repo, req.projectId, req.caller, async () => {
        const tag = await createTag(repo, {
          name: req.name,
          ref: req.ref,
          message: req.message,
          tagger: { name: req.taggerName, email: req.taggerEmail },
        })
        const ref = `refs/tags/${tag.name}`
        return { result: tag, changes: [{ ref, oldId: undefined, newId: tag.target }] }
      })
      return { tag: tagToProto(tag) }
    }),
    deleteTag: server.unary('DeleteTag', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'adminTag')
      const repo = await existing(req.projectId)
      await writeRefs(repo, req.projectId, req.caller, async () => {
        const tag = await deleteTag(repo, req.name)
        const ref = `refs/tags/${tag.name}`
        return { result: tag, changes: [{ ref, oldId: tag.target, newId: undefined }] }
      })
      return {}
    }),
    getTagSignature: server.unary('GetTagSignature', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const tag = await getTag(await existing(req.projectId), req.name)
      if (!tag.signature) throw new NotFoundError('Signature')
      return {
        signatureType: tag.signature === 'x509' ? 'X509' : 'PGP',
        verificationStatus: 'unverified',
      }
    }),
    ...mergeRequestHandlers(server, {
      existing,
      writeRefs,
      requireMergeInto: (projectId, branch, caller) =>
        requireMergeInto(deps.protectedBranches, projectId, branch, caller),
    }),
  }
}
