import type { PipelineServiceServer } from '@suite/proto'
import { InvalidError, type GrpcServer } from '@suite/runtime'
import { cancelJob, jobTrace, playJob, retryJob, type ChangeJobDeps } from '../domain/change-job.js'
import { cancelPipeline, deletePipeline, retryPipeline } from '../domain/change-pipeline.js'
import type { CreatePipelineDeps } from '../domain/create-pipeline.js'
import type { CreateCommitStatusDeps } from '../domain/create-commit-status.js'
import { createPipelineFromConfig } from '../domain/create-pipeline.js'
import type { JobStatus } from '../domain/job.js'
import { isCiStatus as isStatus } from '@suite/runtime'
import { isPipelineSource } from '../domain/pipeline.js'
import type { PipelineFilter, PipelineOrder } from '../domain/ports.js'
import {
  batchGetPipelines,
  getJob,
  getPipeline,
  latestPipeline,
  listPipelineJobs,
  listPipelines,
  pipelineVariables,
  samplePipelineHook,
} from '../domain/read-pipelines.js'
import { commitStatusRpcs } from './commit-status.rpc.js'
import { callerOf, inputsOf, variablesOf } from './from-proto.js'
import { toJobMessage, toPipelineMessage } from './to-proto.js'

const SCOPES = ['running', 'pending', 'finished', 'branches', 'tags'] as const
const ORDERS = ['id', 'status', 'ref', 'updated_at', 'user_id'] as const

function oneOf<T extends string>(values: readonly T[], text: string, name: string): T {
  if ((values as readonly string[]).includes(text)) return text as T
  throw new InvalidError({}, `${name} does not have a valid value`)
}

/** A list's filters as the request gives them; a word outside GitLab's lists is 400. */
function filterOf(
  req: Parameters<PipelineServiceServer['listPipelines']>[0]['request'],
): PipelineFilter {
  const filter: PipelineFilter = { projectId: req.projectId }
  if (req.mergeRequestId !== undefined) filter.mergeRequestId = req.mergeRequestId
  if (req.mergeRequestProjectIds.length > 0) {
    filter.mergeRequestProjectIds = req.mergeRequestProjectIds
  }
  if (req.branch !== undefined) {
    filter.branchCommits = {
      branch: req.branch,
      shas: req.branchShas,
      ...(req.branchProjectId === undefined ? {} : { projectId: req.branchProjectId }),
    }
  }
  if (req.ref !== undefined) filter.ref = req.ref
  if (req.sha !== undefined) filter.sha = req.sha
  if (req.scope !== undefined) filter.scope = oneOf(SCOPES, req.scope, 'scope')
  if (req.status !== undefined) {
    if (!isStatus(req.status)) throw new InvalidError({}, 'status does not have a valid value')
    filter.status = req.status
  }
  if (req.source !== undefined) {
    if (!isPipelineSource(req.source))
      throw new InvalidError({}, 'source does not have a valid value')
    filter.source = req.source
  }
  if (req.userId !== undefined) filter.userId = req.userId
  if (req.updatedAfter) filter.updatedAfter = req.updatedAfter
  if (req.updatedBefore) filter.updatedBefore = req.updatedBefore
  if (req.yamlErrors !== undefined) filter.yamlErrors = req.yamlErrors
  return filter
}

function orderOf(orderBy: string, sort: string): PipelineOrder {
  return {
    by: orderBy === '' ? 'id' : oneOf(ORDERS, orderBy, 'order_by'),
    direction: sort === '' ? 'desc' : oneOf(['asc', 'desc'] as const, sort, 'sort'),
  }
}

/** gitlab.ci.v1.PipelineService */
export function pipelineService(
  server: GrpcServer,
  deps: CreatePipelineDeps & { jobs: ChangeJobDeps; commitStatuses: CreateCommitStatusDeps },
): PipelineServiceServer {
  const { store } = deps
  const changeJob =
    (change: typeof playJob) =>
    async (req: { caller?: Parameters<typeof callerOf>[0]; projectId: number; jobId: number }) => ({
      job: toJobMessage(await change(deps.jobs, callerOf(req.caller), req.projectId, req.jobId)),
    })
  return {
    ...commitStatusRpcs(server, deps.commitStatuses),
    getJobTrace: server.unary('GetJobTrace', async (req) => ({
      content: await jobTrace(deps.jobs, callerOf(req.caller), req.projectId, req.jobId),
    })),
    playJob: server.unary('PlayJob', changeJob(playJob)),
    cancelJob: server.unary('CancelJob', changeJob(cancelJob)),
    retryJob: server.unary('RetryJob', changeJob(retryJob)),

    createPipeline: server.unary('CreatePipeline', async (req) => {
      const source = isPipelineSource(req.source) ? req.source : undefined
      if (!source) throw new InvalidError({ source: ['is not included in the list'] })
      if (!req.resolveRef && !/^[0-9a-f]{40}$/.test(req.sha)) {
        throw new InvalidError({ sha: ["can't be blank"] })
      }
      const context = req.mergeRequest
      const pipeline = await createPipelineFromConfig(deps, {
        caller: callerOf(req.caller),
        projectId: req.projectId,
        ref: req.ref,
        sha: req.resolveRef ? null : req.sha,
        source,
        variables: variablesOf(req.variables),
        inputs: inputsOf(req.inputs),
        mergeRequest:
          context && req.mergeRequestId !== undefined
            ? {
                ...context,
                id: req.mergeRequestId,
                targetProjectId: context.targetProjectId || req.projectId,
              }
            : null,
        triggerId: null,
        idempotencyKey: req.idempotencyKey === '' ? null : req.idempotencyKey,
      })
      return { pipeline: toPipelineMessage(pipeline) }
    }),

    getPipeline: server.unary('GetPipeline', async (req) => ({
      pipeline: toPipelineMessage(
        await getPipeline(store, req.projectId, req.id, req.caller && callerOf(req.caller)),
      ),
    })),

    batchGetPipelines: server.unary('BatchGetPipelines', async (req) => ({
      pipelines: (await batchGetPipelines(store, req.ids)).map(toPipelineMessage),
    })),

    listPipelines: server.unary('ListPipelines', async (req) => {
      const { pipelines, total } = await listPipelines(
        store,
        filterOf(req),
        req.page,
        orderOf(req.orderBy, req.sort),
        req.caller && callerOf(req.caller),
      )
      return { pipelines: pipelines.map(toPipelineMessage), pageInfo: { total } }
    }),

    getLatestPipeline: server.unary('GetLatestPipeline', async (req) => {
      const caller = callerOf(req.caller)
      const ref =
        req.ref !== '' ? req.ref : ((await deps.access.project(req.projectId))?.defaultBranch ?? '')
      return {
        pipeline: toPipelineMessage(await latestPipeline(store, caller, req.projectId, ref)),
      }
    }),

    samplePipelineHook: server.unary('SamplePipelineHook', async (req) => {
      const event = await samplePipelineHook(store, callerOf(req.caller), req.projectId)
      return event ? { eventJson: JSON.stringify(event) } : {}
    }),

    listPipelineJobs: server.unary('ListPipelineJobs', async (req) => {
      const statuses = req.scope.map((scope): JobStatus => {
        if (!isStatus(scope)) throw new InvalidError({}, 'scope does not have a valid value')
        return scope
      })
      const { jobs, total } = await listPipelineJobs(
        store,
        callerOf(req.caller),
        req.projectId,
        req.pipelineId,
        { statuses, includeRetried: req.includeRetried },
        req.page,
      )
      return { jobs: jobs.map(toJobMessage), pageInfo: { total } }
    }),

    getJob: server.unary('GetJob', async (req) => ({
      job: toJobMessage(await getJob(store, callerOf(req.caller), req.projectId, req.id)),
    })),

    listPipelineVariables: server.unary('ListPipelineVariables', async (req) => {
      const variables = await pipelineVariables(
        store,
        callerOf(req.caller),
        req.projectId,
        req.pipelineId,
      )
      return {
        variables: variables.map((variable) => ({
          key: variable.key,
          value: variable.value,
          variableType: variable.variableType,
        })),
      }
    }),

    cancelPipeline: server.unary('CancelPipeline', async (req) => ({
      pipeline: toPipelineMessage(
        await cancelPipeline(store, callerOf(req.caller), req.projectId, req.pipelineId),
      ),
    })),

    retryPipeline: server.unary('RetryPipeline', async (req) => ({
      pipeline: toPipelineMessage(
        await retryPipeline(store, callerOf(req.caller), req.projectId, req.pipelineId),
      ),
    })),

    deletePipeline: server.unary('DeletePipeline', async (req) => {
      await deletePipeline(store, callerOf(req.caller), req.projectId, req.pipelineId)
      return {}
    }),
  }
}
