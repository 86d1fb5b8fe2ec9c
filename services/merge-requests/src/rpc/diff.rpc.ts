import type { Caller as CallerMessage, DiffServiceServer, MergeRequestKey } from '@suite/proto'
import { NotFoundError, type GrpcServer } from '@suite/runtime'
import type { MergeRequestsDeps } from '../domain/ports.js'
import {
  getVersion,
  latestChanges,
  listLatestDiffs,
  listVersions,
  rawDiffs,
} from '../domain/diff-reads.js'
import type { MergeRequest } from '../domain/merge-request.js'
import { presentMergeRequests, requireMergeRequest } from '../domain/merge-request-access.js'
import { createMergeRequestPipeline, listMergeRequestPipelines } from '../domain/mr-pipelines.js'
import {
  toDiffFileMessage,
  toDiffVersionDetailMessage,
  toDiffVersionMessage,
} from './diff-to-proto.js'
import { toCaller } from './from-proto.js'
import { toMergeRequestMessage } from './to-proto.js'

interface KeyedRequest {
  caller: CallerMessage | undefined
  mergeRequest: MergeRequestKey | undefined
}

/** gitlab.merge_requests.v1: diff versions, diffs and merge request pipelines. */
export function diffService(server: GrpcServer, deps: MergeRequestsDeps): DiffServiceServer {
  /** The request's merge request, readable by its caller, else 404 Merge Request Not Found. */
  function load(req: KeyedRequest): Promise<MergeRequest> {
    if (!req.mergeRequest) return Promise.reject(new NotFoundError('Merge Request'))
    return requireMergeRequest(deps, toCaller(req.caller), req.mergeRequest)
  }

  return {
    listVersions: server.unary('ListVersions', async (req) => ({
      versions: (await listVersions(deps, await load(req))).map(toDiffVersionMessage),
    })),
    getVersion: server.unary('GetVersion', async (req) => {
      const version = await getVersion(deps, await load(req), req.versionId, req.unidiff)
      return { version: toDiffVersionDetailMessage(version) }
    }),
    listDiffs: server.unary('ListDiffs', async (req) => {
      const { diffs, total } = await listLatestDiffs(deps, await load(req), req.page, req.unidiff)
      return { diffs: diffs.map(toDiffFileMessage), pageInfo: { total } }
    }),
    getRawDiffs: server.unary('GetRawDiffs', async (req) => ({
      patch: await rawDiffs(deps, await load(req)),
    })),
    getChanges: server.unary('GetChanges', async (req) => {
      const mergeRequest = await load(req)
      const [presented, changes] = await Promise.all([
        presentMergeRequests(deps, [mergeRequest], { caller: toCaller(req.caller), single: true }),
        latestChanges(deps, mergeRequest, {
          accessRawDiffs: req.accessRawDiffs,
          unidiff: req.unidiff,
        }),
      ])
      const view = presented[0]
      return {
        mergeRequest: view && toMergeRequestMessage(view),
        changes: changes.changes.map(toDiffFileMessage),
        overflow: changes.overflow,
      }
    }),
    listMergeRequestPipelines: server.unary('ListMergeRequestPipelines', async (req) => {
      const { ids, total } = await listMergeRequestPipelines(
        deps,
        toCaller(req.caller),
        await load(req),
        req.page,
      )
      return { pipelineIds: ids, pageInfo: { total } }
    }),
    createMergeRequestPipeline: server.unary('CreateMergeRequestPipeline', async (req) => ({
      pipelineId: await createMergeRequestPipeline(deps, toCaller(req.caller), await load(req)),
    })),
  }
}
