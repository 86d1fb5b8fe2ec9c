import { AccessLevel, type Caller, type CommitAction, type PageRequest } from '@suite/proto'
import { InvalidError } from '@suite/runtime'
import type { ProtectedRefActor } from '../../domain/protected-branch-policy.js'
import { pageOf } from '../domain/ref-search.js'
import type { FileAction, FileActionKind } from '../git/commit-files.js'

/** The pusher as the gateway resolved them: the projects service's abilities, as they were answered. */
export function pushActor(caller: Caller | undefined): ProtectedRefActor {
  const abilities = caller?.project
  return {
    admin: caller?.admin ?? false,
    accessLevel: abilities?.accessLevel ?? AccessLevel.ACCESS_LEVEL_NO_ACCESS,
    pushCode: abilities?.pushCode ?? false,
    pushToProtectedBranch: abilities?.pushToProtectedBranch ?? false,
  }
}

/** One page of a list the git layer answered whole, as PageRequest asks (page 1 of 20 by default). */
export function pageOfRequest<T>(items: readonly T[], page: PageRequest | undefined): T[] {
  return pageOf(items, page?.page ?? 1, page?.perPage ?? 20)
}

const ACTIONS: readonly FileActionKind[] = ['create', 'update', 'delete', 'move', 'chmod']

/** One CommitAction as the git layer writes it; INVALID_ARGUMENT for an unknown action. */
export function toFileAction(action: CommitAction): FileAction {
  const kind = ACTIONS.find((candidate) => candidate === action.action)
  if (!kind) throw new InvalidError({}, 'actions[action] does not have a valid value')
  return {
    action: kind,
    filePath: action.filePath,
    previousPath: action.previousPath,
    content: action.content,
    executeFilemode: action.executeFilemode,
    lastCommitId:
      action.checkLastCommit || action.lastCommitId !== '' ? action.lastCommitId : undefined,
  }
}
