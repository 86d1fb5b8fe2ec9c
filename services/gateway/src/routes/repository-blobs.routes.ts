import type { Caller, Commit, GetBlobResponse, Project } from '@suite/proto'
import { PUBLIC } from '../auth/abilities.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import { presentCommit, type ProjectLink } from '../entities/commit.entity.js'
import { HttpError, notFound } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { rawContentType } from './repository-files.routes.js'
import { projectLink } from './repository-links.js'

/** The most a blob answer carries (GetBlob's own cap, under gRPC's 4 MiB message limit). */
const MAX_BLOB_BYTES = 2 * 1024 * 1024

/** lib/api/helpers.rb's no_cache_headers, which blobs/:sha/raw sends. */
const NO_CACHE_HEADERS = {
  'Cache-Control': 'no-cache, no-store',
  Pragma: 'no-cache',
  Expires: 'Fri, 01 Jan 1990 00:00:00 GMT',
}

/** A blob found by id: 404 Blob Not Found otherwise (assign_blob_vars! rescues every failure). */
type FoundBlob = GetBlobResponse & { found: true }

interface BlobContext {
  caller: Caller
  project: Project
  params: { sha: string }
}

function requireBlob(blob: GetBlobResponse): FoundBlob {
  if (blob.tooLarge) {
    // GitLab streams any size through Workhorse; this suite answers blobs up to the cap.
    throw new HttpError(413, { message: '413 Request Entity Too Large' })
  }
  if (!blob.found) throw notFound('Blob')
  return { ...blob, found: true }
}

/**
 * lib/api/repositories.rb: GET /repository/blobs/:sha (size, base64 content,
 * sha), its /raw bytes, and GET /repository/merge_base (Gitlab::Git::MergeBase).
 */
export function repositoryBlobRoutes(
  api: ApiRouter,
  clients: RepositoryClients,
  externalUrl: string,
): void {
  const { content } = clients
  const reading = {
    ability: PUBLIC,
    resolve: 'project',
    requireRepository: true,
    projectAbility: 'readCode',
  } as const
  const blobParams = { id: p.string().required(), sha: p.string().required() }
  /** assign_blob_vars!: the blob the sha names, in this project. */
  const readBlob = async ({ caller, project, params }: BlobContext) =>
    requireBlob(
      await content.getBlob({
        projectId: project.id,
        sha: params.sha,
        maxBytes: MAX_BLOB_BYTES,
        caller,
      }),
    )

  api.get('/projects/:id/repository/blobs/:sha', {
    ...reading,
    params: blobParams,
    handle: readBlob,
    present: (blob: FoundBlob) => ({
      size: blob.size,
      encoding: 'base64',
      content: blob.content.toString('base64'),
      sha: blob.blobId,
    }),
  })

  api.get('/projects/:id/repository/blobs/:sha/raw', {
    ...reading,
    params: blobParams,
    handle: readBlob,
    present: (blob: FoundBlob) => blob.content,
    contentType: 'text/plain',
    // send_git_blob: inline (a blob found by id has no name), Workhorse's detected type.
    headers: (blob: FoundBlob) => ({
      ...NO_CACHE_HEADERS,
      'Content-Type': rawContentType(blob.content),
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
    }),
  })

  api.get('/projects/:id/repository/merge_base', {
    ...reading,
    params: {
      id: p.string().required(),
      refs: p.array(p.string(), { commaSeparated: true }).required(),
    },
    handle: async ({ caller, project, params }) => {
      // The repository role answers "Provide at least 2 refs" and "Could not find refs: ..." (400).
      const answer = await content.getMergeBase({
        projectId: project.id,
        refs: params.refs,
        caller,
      })
      if (!answer.mergeBase) throw notFound('Merge Base')
      return { commit: answer.mergeBase, link: projectLink(externalUrl, project) }
    },
    present: ({ commit, link }: { commit: Commit; link: ProjectLink }) =>
      presentCommit(commit, link),
  })
}
