import type {
  CreateTriggerRequest,
  CreateTriggerResponse,
  DeleteTriggerRequest,
  DeleteTriggerResponse,
  GetTriggerRequest,
  GetTriggerResponse,
  ListTriggersRequest,
  ListTriggersResponse,
  TriggerPipelineRequest,
  TriggerPipelineResponse,
  TriggerServiceServer,
  UpdateTriggerRequest,
  UpdateTriggerResponse,
} from '@suite/proto'
import { NotFoundError, type GrpcServer } from '@suite/runtime'
import type { TriggerPipelineDeps } from '../domain/trigger-pipeline.js'
import { triggerPipeline } from '../domain/trigger-pipeline.js'
import {
  createTrigger,
  deleteTrigger,
  getTrigger,
  listTriggers,
  updateTrigger,
} from '../domain/triggers.js'
import { callerOf, inputsOf } from './from-proto.js'
import { toPipelineMessage } from './to-proto.js'
import { toTriggerMessage } from './trigger-to-proto.js'

/** What TriggerService needs: the token store, access, pipeline creation, a clock and metrics. */
export type TriggerDeps = TriggerPipelineDeps

/** The project a trigger request names; neither id nor path misses like a wrong token. */
function projectOf(req: TriggerPipelineRequest): { id: number } | { fullPath: string } {
  if (req.project?.id !== undefined) return { id: req.project.id }
  if (req.project?.fullPath !== undefined) return { fullPath: req.project.fullPath }
  throw new NotFoundError('')
}

/** gitlab.ci.v1.TriggerService */
export function triggerService(server: GrpcServer, deps: TriggerDeps): TriggerServiceServer {
  const store = deps.triggers
  return {
    listTriggers: server.unary(
      'ListTriggers',
      async (req: ListTriggersRequest): Promise<ListTriggersResponse> => {
        const caller = callerOf(req.caller)
        const { triggers, total } = await listTriggers(store, caller, req.projectId, req.page)
        return { triggers: triggers.map(toTriggerMessage), pageInfo: { total } }
      },
    ),

    getTrigger: server.unary(
      'GetTrigger',
      async (req: GetTriggerRequest): Promise<GetTriggerResponse> => ({
        trigger: toTriggerMessage(
          await getTrigger(store, callerOf(req.caller), req.projectId, req.id),
        ),
      }),
    ),

    createTrigger: server.unary(
      'CreateTrigger',
      async (req: CreateTriggerRequest): Promise<CreateTriggerResponse> => {
        const input = { description: req.description, expiresAt: req.expiresAt ?? null }
        const created = await createTrigger(
          store,
          callerOf(req.caller),
          req.projectId,
          input,
          deps.now(),
        )
        return { trigger: toTriggerMessage(created) }
      },
    ),

    updateTrigger: server.unary(
      'UpdateTrigger',
      async (req: UpdateTriggerRequest): Promise<UpdateTriggerResponse> => {
        const caller = callerOf(req.caller)
        const description = req.description ?? null
        const updated = await updateTrigger(store, caller, req.projectId, req.id, description)
        return { trigger: toTriggerMessage(updated) }
      },
    ),

    deleteTrigger: server.unary(
      'DeleteTrigger',
      async (req: DeleteTriggerRequest): Promise<DeleteTriggerResponse> => {
        await deleteTrigger(store, callerOf(req.caller), req.projectId, req.id)
        return {}
      },
    ),

    triggerPipeline: server.unary(
      'TriggerPipeline',
      async (req: TriggerPipelineRequest): Promise<TriggerPipelineResponse> => {
        const pipeline = await triggerPipeline(deps, {
          token: req.token,
          project: projectOf(req),
          ref: req.ref,
          variables: req.variables.map((variable) => [variable.key, variable.value] as const),
          inputs: inputsOf(req.inputs),
        })
        return { pipeline: toPipelineMessage(pipeline) }
      },
    ),
  }
}
