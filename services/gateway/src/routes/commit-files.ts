import type { Caller, CommitAction, CommitFilesResponse, Project } from '@suite/proto'
import { requireProjectAbility } from '../auth/abilities.js'
import type { Principal } from '../auth/principal.js'
import type { RepositoryClients } from '../clients/repository.client.js'

/** What a commit route asks of CommitFiles; author and start branch default as GitLab's do. */
export interface CommitRequest {
  branch: string
  startBranch: string | undefined
  commitMessage: string
  authorName: string | undefined
  authorEmail: string | undefined
  actions: CommitAction[]
}

/** `content` as sent: base64 when `encoding` says so, else text (files.rb and commits.rb alike). */
export function decodeContent(content: string, encoding: string | undefined): Buffer {
  return Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8')
}

/**
 * One commit through the repository role, shared by POST /repository/commits
 * and the file write routes: push_code here, protected branch rules there
 * (the caller travels with the request). The author defaults to the user's
 * name and commit email, as GitLab's Files::BaseService does.
 */
export async function commitFiles(
  clients: RepositoryClients,
  who: { principal: Principal; caller: Caller; project: Project },
  request: CommitRequest,
): Promise<CommitFilesResponse> {
  requireProjectAbility(who.caller.project, 'pushCode')
  const user = who.principal.user
  return clients.repository.write.commitFiles({
    projectId: who.project.id,
    caller: who.caller,
    branch: request.branch,
    startBranch: request.startBranch ?? '',
    commitMessage: request.commitMessage,
    authorName: request.authorName ?? user?.name ?? '',
    authorEmail: request.authorEmail ?? (user?.commitEmail || user?.email || ''),
    actions: request.actions,
  })
}
