import type { Caller, DiffServiceServer, MergeRequestKey } from '@suite/proto'
import { NotFoundError, type GrpcServer } from '@suite/runtime'
import {
  getVersion,
  latestChanges,
  listLatestDiffs,
  listVersions,
  rawDiffs,
} from '../domain/diff-reads.js'
import {
  presentMergeRequests,
  requireMergeRequest,
  type MergeRequestRow,
} from '../domain/merge-request-access.js'
import { createMergeRequestPipeline, listMergeRequestPipelines } from '../domain/mr-pipelines.js'
import type { MergeRequestsDeps } from '../domain/deps.js'

interface KeyedRequest {
  caller: Caller | undefined
  mergeRequest: MergeRequestKey | undefined
}

/** gitlab.merge_requests.v1: diff versions, diffs and merge request pipelines. */
export function diffService(server: GrpcServer, deps: MergeRequestsDeps): DiffServiceServer {
  /** The request's merge request, readable by its caller, else 404 Merge Request Not Found. */
  function load(req: KeyedRequest): Promise<MergeRequestRow> {
    if (!req.mergeRequest) return Promise.reject(new NotFoundError('Merge Request'))
    return requireMergeRequest(deps, req.caller, req.mergeRequest)
  }

  return {
    listVersions: server.unary('ListVersions', async (req) => ({
      versions: await listVersions(deps, await load(req)),
    })),
    getVersion: server.unary('GetVersion', async (req) => ({
      version: await getVersion(deps, await load(req), req.versionId, req.unidiff),
    })),
    listDiffs: server.unary('ListDiffs', async (req) => {
      const { diffs, total } = await listLatestDiffs(deps, await load(req), req.page, req.unidiff)
      return { diffs, pageInfo: { total } }
    }),
    getRawDiffs: server.unary('GetRawDiffs', async (req) => ({
      patch: await rawDiffs(deps, await load(req)),
    })),
    getChanges: server.unary('GetChanges', async (req) => {
      const row = await load(req)
      const [presented, changes] = await Promise.all([
        presentMergeRequests(deps, [row], { caller: req.caller, single: true }),
        latestChanges(deps, row, { accessRawDiffs: req.accessRawDiffs, unidiff: req.unidiff }),
      ])
      return { mergeRequest: presented[0], ...changes }
    }),
    listMergeRequestPipelines: server.unary('ListMergeRequestPipelines', async (req) => {
      const { ids, total } = await listMergeRequestPipelines(
        deps,
        req.caller,
        await load(req),
        req.page,
      )
      return { pipelineIds: ids, pageInfo: { total } }
    }),
    createMergeRequestPipeline: server.unary('CreateMergeRequestPipeline', async (req) => ({
      pipelineId: await createMergeRequestPipeline(deps, req.caller, await load(req)),
    })),
  }
}
