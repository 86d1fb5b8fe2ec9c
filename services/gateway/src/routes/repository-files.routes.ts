import type { Caller, CommitAction, Project } from '@suite/proto'
import { PUBLIC } from '../auth/abilities.js'
import type { Principal } from '../auth/principal.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import {
  fileHeaders,
  presentRepositoryFile,
  type RepositoryFile,
} from '../entities/repository-file.entity.js'
import { HttpError, notFound } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import type { ParamValues } from '../params/parse-params.js'
import type { ApiRouter } from './api-router.js'
import { commitFiles, decodeContent, type CommitRequest } from './commit-files.js'

/** The most ReadFile answers (its own cap, under gRPC's 4 MiB message limit). */
const MAX_FILE_BYTES = 2 * 1024 * 1024

/**
 * files.rb's assign_file_vars!: the ref's commit (404 Commit Not Found), then
 * the blob at the path (404 File Not Found). The path arrives URL-encoded
 * (`lib%2Fa.ts`) and Express has decoded it.
 */
export async function readRepositoryFile(
  clients: RepositoryClients,
  caller: Caller,
  project: Project,
  filePath: string,
  ref: string,
): Promise<RepositoryFile> {
  const { repository } = clients
  const { commit } = await repository.read.getCommit({ projectId: project.id, sha: ref, caller })
  if (!commit) throw notFound('Commit')
  const file = await repository.read.readFile({
    projectId: project.id,
    sha: commit.id,
    path: filePath,
    maxBytes: MAX_FILE_BYTES,
    lastCommit: true,
    caller,
  })
  if (file.tooLarge) {
    // GitLab streams any size through Workhorse; this suite answers files up to the cap.
    throw new HttpError(413, { message: '413 Request Entity Too Large' })
  }
  if (!file.found) throw notFound('File')
  return {
    filePath,
    ref,
    commitId: commit.id,
    lastCommitId: file.lastCommitId,
    blobId: file.blobId,
    mode: file.mode,
    content: file.content,
  }
}

/** Raw bytes as Workhorse sends a blob: text as text, anything with a NUL byte as binary. */
export function rawContentType(content: Buffer): string {
  return content.includes(0) ? 'application/octet-stream' : 'text/plain; charset=utf-8'
}

/**
 * lib/api/files.rb, reading: GET (the file entity, content in base64), HEAD
 * (the same facts as X-Gitlab-* headers only) and GET /raw (the bytes, with
 * those headers). Express answers HEAD with the GET route minus its body.
 * The write routes follow (repositoryFileWriteRoutes).
 */
export function repositoryFileRoutes(api: ApiRouter, clients: RepositoryClients): void {
  api.get('/projects/:id/repository/files/:file_path', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      file_path: p.string().required(),
      ref: p.string().required(),
    },
    handle: ({ caller, project, params }) =>
      readRepositoryFile(clients, caller, project, params.file_path, params.ref),
    present: presentRepositoryFile,
    headers: fileHeaders,
  })

  api.get('/projects/:id/repository/files/:file_path/raw', {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      file_path: p.string().required(),
      // The default branch when not given.
      ref: p.string(),
      lfs: p.bool().default(false),
    },
    handle: ({ caller, project, params }) =>
      readRepositoryFile(
        clients,
        caller,
        project,
        params.file_path,
        params.ref ?? project.defaultBranch ?? 'HEAD',
      ),
    present: (file: RepositoryFile) => file.content,
    contentType: 'text/plain',
    headers: (file: RepositoryFile) => ({
      ...fileHeaders(file),
      'Content-Type': rawContentType(file.content),
      'X-Content-Type-Options': 'nosniff',
    }),
  })

  repositoryFileWriteRoutes(api, clients)
}

/** files.rb's simple_file_params: what every write route reads. */
const simpleFileParams = {
  id: p.string().required(),
  file_path: p.string().required(),
  branch: p.string().required(),
  commit_message: p.string().required(),
  start_branch: p.string(),
  author_email: p.string(),
  author_name: p.string(),
}

/** files.rb's extended_file_params: create and update also carry the content. */
const extendedFileParams = {
  ...simpleFileParams,
  content: p.string().required(),
  encoding: p.string().values(['base64', 'text']).default('text'),
  last_commit_id: p.string(),
  execute_filemode: p.bool(),
}

type SimpleFileParams = ParamValues<typeof simpleFileParams>

/** files.rb's commit_response. */
interface FileCommitted {
  file_path: string
  branch: string
}

/** files.rb's commit_params: one file's change as a one-action commit (several with chmod). */
function fileCommit(params: SimpleFileParams, actions: CommitAction[]): CommitRequest {
  return {
    branch: params.branch,
    startBranch: params.start_branch,
    commitMessage: params.commit_message,
    authorName: params.author_name,
    authorEmail: params.author_email,
    actions,
  }
}

function fileAction(
  action: 'create' | 'update' | 'delete' | 'chmod',
  filePath: string,
  content?: Buffer,
  executeFilemode?: boolean,
  lastCommitId?: string,
): CommitAction {
  return {
    action,
    filePath,
    previousPath: '',
    content,
    executeFilemode,
    lastCommitId: lastCommitId ?? '',
    // Given, even empty (`last_commit_id=`): files.rb then compares it, and an empty id never matches.
    checkLastCommit: lastCommitId !== undefined,
  }
}

/**
 * lib/api/files.rb, writing: create (201), update (200) and delete (204) one
 * file in a commit of its own, through the same CommitFiles call as POST
 * /repository/commits (push_code, protected branches, GitLab's messages).
 */
function repositoryFileWriteRoutes(api: ApiRouter, clients: RepositoryClients): void {
  const FILE = '/projects/:id/repository/files/:file_path'
  // push_code is asked in commitFiles, after the parameters, as files.rb's authorize!.
  const writing = {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
  } as const
  type Context = { principal: Principal; caller: Caller; project: Project }

  /** The commit, then files.rb's commit_response. */
  const commit = async (ctx: Context, params: SimpleFileParams, actions: CommitAction[]) => {
    await commitFiles(clients, ctx, fileCommit(params, actions))
    return { file_path: params.file_path, branch: params.branch }
  }

  api.post(FILE, {
    ...writing,
    params: extendedFileParams,
    handle: ({ params, ...ctx }) => {
      const content = decodeContent(params.content, params.encoding)
      const create = fileAction('create', params.file_path, content, params.execute_filemode)
      return commit(ctx, params, [create])
    },
    present: (answer: FileCommitted) => answer,
  })

  api.put(FILE, {
    ...writing,
    params: extendedFileParams,
    handle: ({ params, ...ctx }) => {
      const content = decodeContent(params.content, params.encoding)
      // last_commit_id: the repository role compares it with the file's last
      // commit on the start branch (the branch when none) in the commit's own
      // ref transaction, and refuses as Files::UpdateService does (400).
      const update = fileAction(
        'update',
        params.file_path,
        content,
        undefined,
        params.last_commit_id,
      )
      const actions = [update]
      // Repository#update_file: the executable flag is a chmod beside the update.
      if (params.execute_filemode !== undefined) {
        actions.push(fileAction('chmod', params.file_path, undefined, params.execute_filemode))
      }
      return commit(ctx, params, actions)
    },
    present: (answer: FileCommitted) => answer,
  })

  api.delete(FILE, {
    ...writing,
    params: simpleFileParams,
    handle: async ({ params, ...ctx }) => {
      await commit(ctx, params, [fileAction('delete', params.file_path)])
    },
  })
}
