import type { Caller } from '@suite/proto'
import { NotFoundError, type Logger } from '@suite/runtime'
import type { ProtectedBranchesStore } from '../../store/protected-branches.store.js'
import {
  requireCollaboratorPushTo,
  requireForcePushTo,
  requireMergeInto,
} from '../domain/branch-rules.js'
import type { RefChangeRecorder, RefWrite } from '../store/ref-change-recorder.js'
import type { Repo, RepositoryStore } from '../store/repository-store.js'
import { pushActor } from './from-proto.js'
import type { MergeRequestRpcContext } from './merge-request-rpc.js'

/** What the repository role's handlers are built from (rpc/register.ts wires it). */
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

/** What every handler group of RepositoryService shares: its deps and the repository lookups. */
export interface RepositoryContext extends MergeRequestRpcContext {
  deps: RepositoryDeps
  /** A repository for a write: created on first use (a project made before its repository). */
  writable: (projectId: number) => Promise<Repo>
}

export function repositoryContext(deps: RepositoryDeps): RepositoryContext {
  const { store } = deps
  return {
    deps,
    // GitLab's `not_found! unless repo_exists?`.
    existing: async (projectId) => {
      const repo = store.repo(projectId)
      if (!(await repo.exists())) throw new NotFoundError('')
      return repo
    },
    writable: async (projectId) => {
      await store.create(projectId, 'main')
      return store.repo(projectId)
    },
    writeRefs: <T>(
      repo: Repo,
      projectId: number,
      caller: Caller | undefined,
      run: () => Promise<RefWrite<T>>,
    ) => deps.refChanges.write(repo, projectId, caller?.userId, run),
    requireMergeInto: (projectId, branch, caller) =>
      requireMergeInto(deps.protectedBranches, projectId, branch, pushActor(caller)),
    requireForcePushTo: (projectId, branch, caller) =>
      requireForcePushTo(deps.protectedBranches, projectId, branch, pushActor(caller)),
    requireCollaboratorPushTo: (projectId, branch) =>
      requireCollaboratorPushTo(deps.protectedBranches, projectId, branch),
  }
}
