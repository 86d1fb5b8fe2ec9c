import type { ForkProjectRequest, ProjectForkServiceServer } from '@suite/proto'
import { visibilityLevel, type GrpcServer, type Logger, type VisibilityName } from '@suite/runtime'
import type { RepositoryClient } from '../clients/repository.js'
import { forkProject } from '../domain/fork-project.js'
import type { Ports, ProjectStore } from '../domain/ports.js'
import { withUpstreams } from './forked-from.js'
import { toCaller } from './from-proto.js'
import { toProjectMessage } from './to-proto.js'

export interface ProjectForkRpcDeps {
  store: ProjectStore
  logger: Logger
  ports: Ports & { repository: Pick<RepositoryClient, 'info'> }
  /** Wakes the access facts relay after the fork's insert queued them. */
  onAccessFactsQueued: () => void
}

/** proto3's absent string arrives as undefined; an empty one means "not given" too. */
function presentString(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value
}

function visibilityOf(req: ForkProjectRequest): VisibilityName | undefined {
  const given = presentString(req.visibility)
  return given !== undefined && visibilityLevel(given) !== undefined
    ? (given as VisibilityName)
    : undefined
}

/** gitlab.projects.v1.ProjectForkService */
export function projectForkService(
  server: GrpcServer,
  deps: ProjectForkRpcDeps,
): ProjectForkServiceServer {
  return {
    forkProject: server.unary('ForkProject', async (req: ForkProjectRequest) => {
      const caller = toCaller(req.caller)
      const fork = await forkProject(
        deps.store,
        deps.ports,
        caller,
        req.projectId,
        {
          namespaceId: req.namespaceId,
          namespacePath: presentString(req.namespacePath),
          name: presentString(req.name),
          path: presentString(req.path),
          description: req.description,
          visibility: visibilityOf(req),
        },
        (step, err) => deps.logger.error({ err, step }, 'undoing a failed fork left something'),
      )
      deps.onAccessFactsQueued()
      const info = await deps.ports.repository.info([fork.project.id], { license: false })
      const [message] = await withUpstreams(
        [toProjectMessage(fork.project, fork, info.get(fork.project.id))],
        [fork],
        { store: deps.store, identity: deps.ports.identity },
        caller,
      )
      return { project: message }
    }),
  }
}
