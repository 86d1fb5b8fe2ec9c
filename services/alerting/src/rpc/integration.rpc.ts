import type {
  AlertIntegrationServiceServer,
  CreateIntegrationRequest,
  CreateIntegrationResponse,
  DeleteIntegrationRequest,
  DeleteIntegrationResponse,
  GetIntegrationRequest,
  GetIntegrationResponse,
  ListIntegrationsRequest,
  ListIntegrationsResponse,
  ResetIntegrationTokenRequest,
  ResetIntegrationTokenResponse,
  UpdateIntegrationRequest,
  UpdateIntegrationResponse,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import {
  createIntegration,
  deleteIntegration,
  getIntegration,
  listIntegrations,
  resetIntegrationToken,
  updateIntegration,
} from '../domain/integrations.js'
import type { IntegrationStore } from '../domain/ports.js'
import { callerOf, mappingsOf } from './from-proto.js'
import { toIntegrationMessage } from './to-proto.js'

/** gitlab.alerting.v1.AlertIntegrationService */
export function integrationService(
  server: GrpcServer,
  store: IntegrationStore,
): AlertIntegrationServiceServer {
  return {
    listIntegrations: server.unary(
      'ListIntegrations',
      async (req: ListIntegrationsRequest): Promise<ListIntegrationsResponse> => ({
        integrations: (await listIntegrations(store, callerOf(req.caller), req.projectId)).map(
          toIntegrationMessage,
        ),
      }),
    ),
    getIntegration: server.unary(
      'GetIntegration',
      async (req: GetIntegrationRequest): Promise<GetIntegrationResponse> => ({
        integration: toIntegrationMessage(
          await getIntegration(store, callerOf(req.caller), req.projectId, req.id),
        ),
      }),
    ),
    createIntegration: server.unary(
      'CreateIntegration',
      async (req: CreateIntegrationRequest): Promise<CreateIntegrationResponse> => ({
        integration: toIntegrationMessage(
          await createIntegration(store, callerOf(req.caller), req.projectId, {
            name: req.name,
            type: req.type,
            active: req.active,
            payloadAttributeMappings: mappingsOf(req.payloadAttributeMappings),
          }),
        ),
      }),
    ),
    updateIntegration: server.unary(
      'UpdateIntegration',
      async (req: UpdateIntegrationRequest): Promise<UpdateIntegrationResponse> => ({
        integration: toIntegrationMessage(
          await updateIntegration(store, callerOf(req.caller), req.projectId, req.id, {
            name: req.name,
            active: req.active,
            payloadAttributeMappings: req.setMappings
              ? mappingsOf(req.payloadAttributeMappings)
              : undefined,
          }),
        ),
      }),
    ),
    resetIntegrationToken: server.unary(
      'ResetIntegrationToken',
      async (req: ResetIntegrationTokenRequest): Promise<ResetIntegrationTokenResponse> => ({
        integration: toIntegrationMessage(
          await resetIntegrationToken(store, callerOf(req.caller), req.projectId, req.id),
        ),
      }),
    ),
    deleteIntegration: server.unary(
      'DeleteIntegration',
      async (req: DeleteIntegrationRequest): Promise<DeleteIntegrationResponse> => {
        await deleteIntegration(store, callerOf(req.caller), req.projectId, req.id)
        return {}
      },
    ),
  }
}
