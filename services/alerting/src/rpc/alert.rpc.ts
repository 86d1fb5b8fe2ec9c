import type {
  AlertServiceServer,
  GetAlertRequest,
  GetAlertResponse,
  ListAlertsRequest,
  ListAlertsResponse,
  UpdateAlertRequest,
  UpdateAlertResponse,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { getAlert, listAlerts, updateAlert } from '../domain/alerts.js'
import type { AlertStore } from '../domain/ports.js'
import { callerOf } from './from-proto.js'
import { toAlertMessage } from './to-proto.js'

/** gitlab.alerting.v1.AlertService */
export function alertService(server: GrpcServer, store: AlertStore): AlertServiceServer {
  return {
    listAlerts: server.unary(
      'ListAlerts',
      async (req: ListAlertsRequest): Promise<ListAlertsResponse> => {
        const { alerts, total } = await listAlerts(store, callerOf(req.caller), req.projectId, {
          status: req.status,
          severity: req.severity,
          search: req.search,
          sort: req.sort || undefined,
          page: req.page,
        })
        return { alerts: alerts.map(toAlertMessage), pageInfo: { total } }
      },
    ),
    getAlert: server.unary('GetAlert', async (req: GetAlertRequest): Promise<GetAlertResponse> => ({
      alert: toAlertMessage(await getAlert(store, callerOf(req.caller), req.projectId, req.iid)),
    })),
    updateAlert: server.unary(
      'UpdateAlert',
      async (req: UpdateAlertRequest): Promise<UpdateAlertResponse> => ({
        alert: toAlertMessage(
          await updateAlert(store, callerOf(req.caller), req.projectId, req.iid, {
            status: req.status,
            assigneeIds: req.setAssignees ? req.assigneeIds : undefined,
          }),
        ),
      }),
    ),
  }
}
