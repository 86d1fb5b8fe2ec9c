import {
  ArchiveFormat,
  type GetArchiveResponse,
  type RepositoryContentServiceServer,
} from '@suite/proto'
import { ForbiddenError, KeyedSlots, RateLimitedError, type GrpcServer } from '@suite/runtime'
import { badRequest } from '../domain/errors.js'
import { archiveStream, snapshotStream, type ArchiveKind } from '../git/archive.js'
import { blameFile } from '../git/blame.js'
import { blobById } from '../git/blob-by-id.js'
import { loadCommits } from '../git/commit-log.js'
import { mergeBaseOfRefs } from '../git/merge-base.js'
import { MAX_READ_FILE_BYTES, fileRequest } from '../git/blob-reader.js'
import { requireRepositoryAbility } from './caller-access.js'
import { repositoryContext, type RepositoryDeps } from './repository-context.js'
import { sendBytes, serverStreaming } from './streaming.js'
import { commitToProto } from './to-proto.js'

/**
 * Archives and snapshots one project may have running at once in this
 * process: each holds a git (and a compressor) for as long as its client
 * reads, so one project's downloads cannot take every process of the role.
 */
const STREAMS_PER_PROJECT = 2

const ARCHIVE_KINDS: Readonly<Partial<Record<ArchiveFormat, ArchiveKind>>> = {
  [ArchiveFormat.ARCHIVE_FORMAT_TAR_GZ]: 'tar.gz',
  [ArchiveFormat.ARCHIVE_FORMAT_TAR_BZ2]: 'tar.bz2',
  [ArchiveFormat.ARCHIVE_FORMAT_TAR]: 'tar',
  [ArchiveFormat.ARCHIVE_FORMAT_ZIP]: 'zip',
}

function archiveKind(format: ArchiveFormat): ArchiveKind {
  const kind = ARCHIVE_KINDS[format]
  if (!kind) throw badRequest('format is invalid')
  return kind
}

/** RESOURCE_EXHAUSTED for a project whose streams are all taken (429 at the gateway). */
function streamSlot(slots: KeyedSlots<number>, projectId: number): () => void {
  const release = slots.take(projectId)
  if (release) return release
  throw new RateLimitedError({
    name: 'project_repositories_archive',
    limit: slots.perKey,
    observed: slots.perKey + 1,
    resetAt: new Date(Date.now() + 1000),
  })
}

const data = (bytes: Buffer): GetArchiveResponse => ({ data: bytes })

/**
 * gitlab.projects.v1.RepositoryContentService: blobs by id, blame, and the
 * archive and snapshot streams (lib/api/repositories.rb, files.rb, project_snapshots.rb).
 */
export function repositoryContentService(
  server: GrpcServer,
  deps: RepositoryDeps,
): RepositoryContentServiceServer {
  const { existing } = repositoryContext(deps)
  const slots = new KeyedSlots<number>(STREAMS_PER_PROJECT)
  /** Runs one stream of a project within its slots. */
  const streamed = async (projectId: number, send: () => Promise<void>) => {
    const release = streamSlot(slots, projectId)
    try {
      await send()
    } finally {
      release()
    }
  }
  return {
    getBlob: server.unary('GetBlob', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const maxBytes = Math.min(Math.max(req.maxBytes, 0), MAX_READ_FILE_BYTES)
      const blob = await blobById(await existing(req.projectId), req.sha, maxBytes)
      if (!blob.found) {
        return { found: false, blobId: '', size: 0, content: Buffer.alloc(0), tooLarge: false }
      }
      return blob
    }),
    blameFile: server.unary('BlameFile', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const { sha, path } = fileRequest(req.sha, req.path, 0, false)
      const ranged = req.rangeStart > 0 || req.rangeEnd > 0
      if (ranged && (req.rangeStart < 1 || req.rangeEnd < req.rangeStart)) {
        throw badRequest('range is invalid')
      }
      const range = ranged ? { start: req.rangeStart, end: req.rangeEnd } : undefined
      const groups = await blameFile(await existing(req.projectId), sha, path, range)
      return {
        groups: groups.map((group) => ({
          commit: commitToProto(group.commit),
          lines: group.lines,
        })),
      }
    }),
    getMergeBase: server.unary('GetMergeBase', async (req) => {
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const repo = await existing(req.projectId)
      const base = await mergeBaseOfRefs(repo, req.refs)
      const commit = base
        ? (await loadCommits(repo.gitEnv, repo.gitDir, [base])).get(base)
        : undefined
      return { mergeBase: commit ? commitToProto(commit) : undefined }
    }),
    getArchive: serverStreaming(deps.logger, 'GetArchive', async (call) => {
      const req = call.request
      requireRepositoryAbility(req.caller, req.projectId, 'readCode')
      const repo = await existing(req.projectId)
      await streamed(req.projectId, async () => {
        const request = {
          commitId: req.commitId,
          kind: archiveKind(req.format),
          prefix: req.prefix,
          path: req.path,
        }
        await sendBytes(call, await archiveStream(repo, request), data)
      })
    }),
    getSnapshot: serverStreaming(deps.logger, 'GetSnapshot', async (call) => {
      const req = call.request
      // project_snapshots.rb: authenticated_with_can_read_all_resources!, an admin.
      if (req.caller?.admin !== true && req.caller?.system !== true) {
        throw new ForbiddenError('403 Forbidden')
      }
      const repo = await existing(req.projectId)
      await streamed(req.projectId, async () => {
        await sendBytes(call, await snapshotStream(repo), data)
      })
    }),
  }
}
