import type { Project } from '@suite/proto'
import { PUBLIC } from '../auth/abilities.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import {
  fileHeaders,
  presentRepositoryFile,
  type RepositoryFile,
} from '../entities/repository-file.entity.js'
import { HttpError, notFound } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/** The most ReadFile answers (its own cap, under gRPC's 4 MiB message limit). */
const MAX_FILE_BYTES = 2 * 1024 * 1024

/**
 * files.rb's assign_file_vars!: the ref's commit (404 Commit Not Found), then
 * the blob at the path (404 File Not Found). The path arrives URL-encoded
 * (`lib%2Fa.ts`) and Express has decoded it.
 */
async function readRepositoryFile(
  clients: RepositoryClients,
  project: Project,
  filePath: string,
  ref: string,
): Promise<RepositoryFile> {
  const { repository } = clients
  const { commit } = await repository.read.getCommit({ projectId: project.id, sha: ref })
  if (!commit) throw notFound('Commit')
  const file = await repository.read.readFile({
    projectId: project.id,
    sha: commit.id,
    path: filePath,
    maxBytes: MAX_FILE_BYTES,
    lastCommit: true,
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
function rawContentType(content: Buffer): string {
  return content.includes(0) ? 'application/octet-stream' : 'text/plain; charset=utf-8'
}

/**
 * lib/api/files.rb, reading: GET (the file entity, content in base64), HEAD
 * (the same facts as X-Gitlab-* headers only) and GET /raw (the bytes, with
 * those headers). Express answers HEAD with the GET route minus its body.
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
    handle: ({ project, params }) =>
      readRepositoryFile(clients, project, params.file_path, params.ref),
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
    handle: ({ project, params }) =>
      readRepositoryFile(
        clients,
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
}
