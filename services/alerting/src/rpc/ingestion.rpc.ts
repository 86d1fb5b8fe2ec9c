import type {
  AlertIngestionServiceServer,
  NotifyAlertsRequest,
  NotifyAlertsResponse,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { INTEGRATION_TYPES } from '../domain/integration.js'
import { notifyAlerts, type NotifyDeps } from '../domain/notify.js'

/** What ingestion reports to metrics around each request. */
export interface IngestionObserver {
  /** Starts timing a request; the returned function ends it. */
  start: (type: string) => () => void
  rejected: (type: string) => void
}

/** gitlab.alerting.v1.AlertIngestionService */
export function ingestionService(
  server: GrpcServer,
  deps: NotifyDeps,
  observer: IngestionObserver,
): AlertIngestionServiceServer {
  return {
    notifyAlerts: server.unary(
      'NotifyAlerts',
      async (req: NotifyAlertsRequest): Promise<NotifyAlertsResponse> => {
        const type = INTEGRATION_TYPES.find((candidate) => candidate === req.type) ?? 'http'
        const done = observer.start(type)
        try {
          const alerts = await notifyAlerts(deps, {
            projectFullPath: req.projectFullPath,
            type,
            endpointIdentifier: req.endpointIdentifier,
            key: req.key,
            payloadJson: req.payloadJson,
          })
          return { alerts }
        } catch (error) {
          observer.rejected(type)
          throw error
        } finally {
          done()
        }
      },
    ),
  }
}
