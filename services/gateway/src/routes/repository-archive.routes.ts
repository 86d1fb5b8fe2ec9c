import type { Readable } from 'node:stream'
import { Metadata, status, type ServiceError } from '@grpc/grpc-js'
import { ArchiveFormat, type Caller, type Project } from '@suite/proto'
import { isServiceError } from '@suite/runtime'
import { ADMIN, PUBLIC } from '../auth/abilities.js'
import { byteStream } from '../clients/byte-stream.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import { notFound } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'

/** A download may take long on a slow client; the stream ends when git does. */
const DOWNLOAD_DEADLINE_MS = 60 * 60 * 1000

/** Gitlab::PathRegex.archive_formats_regex: the extensions `archive.<format>` takes. */
const ARCHIVE_EXTENSION = /^(?:zip|tar|tar\.gz|tgz|gz|tar\.bz2|tbz|tbz2|tb2|bz2)$/

/**
 * Repository#archive_file_path: each format the archive is made in and its
 * file extension; anything else falls back to tar.gz, as GitLab's does.
 */
function archiveFormat(format: string | undefined): { format: ArchiveFormat; extension: string } {
  switch (format?.toLowerCase()) {
    case 'tar.bz2':
    case 'tbz':
    case 'tbz2':
    case 'tb2':
    case 'bz2':
      return { format: ArchiveFormat.ARCHIVE_FORMAT_TAR_BZ2, extension: 'tar.bz2' }
    case 'tar':
      return { format: ArchiveFormat.ARCHIVE_FORMAT_TAR, extension: 'tar' }
    case 'zip':
      return { format: ArchiveFormat.ARCHIVE_FORMAT_ZIP, extension: 'zip' }
    default:
      return { format: ArchiveFormat.ARCHIVE_FORMAT_TAR_GZ, extension: 'tar.gz' }
  }
}

/**
 * Repository#archive_prefix with append_sha: `<project path>-<ref>-<sha>`,
 * then `-<path>` for a directory, slashes made dashes (GitLab's strip of outer
 * slashes comes after that, so it strips nothing); the archive's file name
 * and the top directory of its entries.
 */
export function archivePrefix(projectPath: string, ref: string, sha: string, path?: string) {
  const segments = [projectPath, ref.replaceAll('/', '-'), sha]
  if (path !== undefined) segments.push(path.replaceAll('/', '-'))
  return segments.join('-')
}

/**
 * A file name as a quoted header value: printable ASCII as it is, anything
 * else (a branch named in another script, a quote) percent-encoded, since
 * the header could not carry it.
 */
function quotedFileName(name: string): string {
  return /^[\x20-\x21\x23-\x7e]*$/.test(name) ? name : encodeURIComponent(name)
}

interface Download {
  bytes: Readable
  headers: Record<string, string>
}

/** The commit a ref names; repositories.rb rescues any failure of the archive as 404 File Not Found. */
async function archiveCommit(
  clients: RepositoryClients,
  caller: Caller,
  project: Project,
  ref: string,
): Promise<string> {
  try {
    const { commit } = await clients.repository.read.getCommit({
      projectId: project.id,
      sha: ref,
      caller,
    })
    if (commit) return commit.id
  } catch (error) {
    if (!isNotFoundOrInvalid(error)) throw error
  }
  throw notFound('File')
}

function isNotFoundOrInvalid(error: unknown): error is ServiceError {
  return (
    isServiceError(error) &&
    (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT)
  )
}

/**
 * lib/api/repositories.rb GET /repository/archive[.format] (sha, path) and
 * lib/api/project_snapshots.rb GET /snapshot: streamed from the repository
 * role as git writes them, with Workhorse's headers.
 */
export function repositoryArchiveRoutes(api: ApiRouter, clients: RepositoryClients): void {
  const { contentRaw } = clients
  const options = () => ({ deadline: Date.now() + DOWNLOAD_DEADLINE_MS })

  const archive = {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
    params: {
      id: p.string().required(),
      sha: p.string(),
      format: p.string(),
      path: p.string(),
    },
    handle: async ({
      caller,
      project,
      params,
    }: {
      caller: Caller
      project: Project
      params: { sha?: string | undefined; format?: string | undefined; path?: string | undefined }
    }): Promise<Download> => {
      const ref = params.sha ?? project.defaultBranch
      if (ref === undefined || ref === '') throw notFound('File')
      const commitId = await archiveCommit(clients, caller, project, ref)
      const { format, extension } = archiveFormat(params.format)
      const prefix = archivePrefix(project.path, ref, commitId, params.path)
      const path = (params.path ?? '').replace(/^\/+/, '').replace(/\/+$/, '')
      const call = contentRaw.getArchive(
        { projectId: project.id, commitId, format, prefix, path, caller },
        new Metadata(),
        options(),
      )
      let bytes: Readable
      try {
        bytes = await byteStream(call)
      } catch (error) {
        if (isNotFoundOrInvalid(error)) throw notFound('File')
        throw error
      }
      return {
        bytes,
        headers: {
          'Content-Disposition': `attachment; filename="${quotedFileName(`${prefix}.${extension}`)}"`,
          'Content-Type':
            format === ArchiveFormat.ARCHIVE_FORMAT_ZIP
              ? 'application/zip'
              : 'application/octet-stream',
          'Content-Transfer-Encoding': 'binary',
        },
      }
    },
    present: (download: Download) => download.bytes,
    contentType: 'binary',
    headers: (download: Download) => download.headers,
  } as const

  api.get('/projects/:id/repository/archive', archive)
  api.get('/projects/:id/repository/archive.:format', {
    ...archive,
    requirements: { format: ARCHIVE_EXTENSION },
  })

  api.get('/projects/:id/snapshot', {
    // authenticated_with_can_read_all_resources!, before the project is looked up.
    ability: ADMIN,
    resolve: 'project',
    params: { id: p.string().required(), wiki: p.bool().default(false) },
    handle: async ({ caller, project, params }) => {
      // This suite keeps no wiki repositories.
      if (params.wiki) throw notFound()
      const call = contentRaw.getSnapshot(
        { projectId: project.id, caller },
        new Metadata(),
        options(),
      )
      return byteStream(call)
    },
    present: (bytes: Readable) => bytes,
    contentType: 'binary',
    headers: () => ({
      'Content-Disposition': 'attachment; filename="snapshot.tar"',
      'Content-Type': 'application/x-tar',
      'Content-Transfer-Encoding': 'binary',
      'Cache-Control': 'private',
    }),
  })
}
