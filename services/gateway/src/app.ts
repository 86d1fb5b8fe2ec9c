import express, { type Express } from 'express'
import { tracingEnabled, type Logger, type Registry } from '@suite/runtime'
import { alertNotifyRoutes } from './alert-ingestion/alert-notify.routes.js'
import type { TokenCache } from './auth/token-cache.js'
import type { AlertingClients } from './clients/alerting.client.js'
import type { EventsClients } from './clients/events.client.js'
import type { IdentityClients } from './clients/identity.client.js'
import type { MergeRequestsClients } from './clients/merge-requests.client.js'
import type { PipelinesClients } from './clients/pipelines.client.js'
import type { ProjectsClients } from './clients/projects.client.js'
import type { RepositoryClients } from './clients/repository.client.js'
import { cachedAnswers } from './cache/cached-answers.js'
import type { ChangePublisher } from './cache/change-listener.js'
import type { ResponseCache } from './cache/response-cache.js'
import type { ReadModels } from './clients/read-models.js'
import { errorHandler } from './errors/error-handler.js'
import { gitHttpRoutes } from './git-http/git-http.routes.js'
import { openapiDocument } from './openapi/openapi.routes.js'
import { routeNotFound } from './errors/http-error.js'
import { accessLog } from './middleware/access-log.js'
import { requestTracing } from './middleware/request-tracing.js'
import { apiThrottles, type ApiThrottleDeps } from './middleware/api-throttles.js'
import { httpMetrics } from './middleware/metrics.js'
import { requestId } from './middleware/request-id.js'
import { apiBodyParsers, parseQueryString } from './middleware/request-parsers.js'
import { rejectNulParameters } from './params/nul-characters.js'
import { alertIntegrationRoutes } from './routes/alert-integrations.routes.js'
import { alertRoutes } from './routes/alerts.routes.js'
import { ApiRouter } from './routes/api-router.js'
import { eventRoutes } from './routes/events.routes.js'
import { groupRoutes } from './routes/groups.routes.js'
import { groupSharingRoutes } from './routes/group-sharing.routes.js'
import { groupUpdateRoutes } from './routes/group-updates.routes.js'
import { groupDeletionRoutes } from './routes/group-deletion.routes.js'
import { userDeletionRoutes } from './routes/user-deletion.routes.js'
import { healthRoutes, type ReadinessCheck } from './routes/health.routes.js'
import { metadataRoutes } from './routes/metadata.routes.js'
import { memberRoleRoutes } from './routes/member-roles.routes.js'
import { memberRoutes } from './routes/members.routes.js'
import { mergeRequestAreaRoutes } from './routes/merge-request-area.routes.js'
import { commitStatusRoutes } from './routes/commit-statuses.routes.js'
import { jobRoutes } from './routes/jobs.routes.js'
import { jobTokenScopeRoutes } from './routes/job-token-scope.routes.js'
import { applicationSettingsRoutes } from './routes/application-settings.routes.js'
import { projectHookRoutes } from './routes/project-hooks.routes.js'
import { protectedBranchRoutes } from './routes/protected-branches.routes.js'
import { runnerRoutes } from './routes/runners.routes.js'
import { runnerProtocolRoutes } from './routes/runner-protocol.routes.js'
import { personalAccessTokenRoutes } from './routes/personal-access-tokens.routes.js'
import { pipelineTriggerRoutes } from './routes/pipeline-triggers.routes.js'
import { ciVariableRoutes } from './routes/ci-variables.routes.js'
import { pipelineRoutes } from './routes/pipelines.routes.js'
import { projectRoutes } from './routes/projects.routes.js'
import { projectStarRoutes } from './routes/project-stars.routes.js'
import { projectTransferRoutes } from './routes/project-transfers.routes.js'
import { projectForkRoutes } from './routes/project-forks.routes.js'
import { projectDeletionRoutes } from './routes/project-deletion.routes.js'
import { repositoryBranchRoutes } from './routes/repository-branches.routes.js'
import { repositoryCommitChangeRoutes } from './routes/repository-commit-changes.routes.js'
import { repositoryCommitRoutes } from './routes/repository-commits.routes.js'
import { repositoryCompareRoutes } from './routes/repository-compare.routes.js'
import { repositoryFileRoutes } from './routes/repository-files.routes.js'
import { repositoryArchiveRoutes } from './routes/repository-archive.routes.js'
import { repositoryBlameRoutes } from './routes/repository-blame.routes.js'
import { repositoryBlobRoutes } from './routes/repository-blobs.routes.js'
import { repositoryTreeRoutes } from './routes/repository-tree.routes.js'
import { repositoryTagRoutes } from './routes/repository-tags.routes.js'
import { samlIdentityRoutes } from './routes/saml-identities.routes.js'
import { uploadRoutes } from './routes/uploads.routes.js'
import { impersonationTokenRoutes } from './routes/impersonation-tokens.routes.js'
import { userMembershipRoutes } from './routes/user-memberships.routes.js'
import { userStatusRoutes } from './routes/user-status.routes.js'
import { userRoutes } from './routes/users.routes.js'

export const API_PREFIX = '/api/v4'

export interface AppDeps {
  externalUrl: string
  logger: Logger
  registry: Registry
  identity: IdentityClients
  projects: ProjectsClients
  events: EventsClients
  /** The projects repository role (tags, branches, commits, git over HTTP); routes left out without it. */
  repository?: RepositoryClients
  /** The merge-requests service and ci-triggers' pipelines; merge request routes left out without them. */
  mergeRequests?: MergeRequestsClients
  pipelines?: PipelinesClients
  /** The alerting service: integrations, alerts and ingestion; their routes left out without it. */
  alerting?: AlertingClients
  tokenCache: TokenCache
  readiness: readonly ReadinessCheck[]
  /** Cached GET answers and the change events that keep them current; off without them. */
  responseCache?: ResponseCache
  changes?: ChangePublisher
  readModels?: ReadModels
  /** Express's `trust proxy`: whose X-Forwarded-For names the client; nobody's by default. */
  trustProxy?: number | string[] | false
  /** Set when /metrics is served on its own port (see metricsRoutes) instead of this one. */
  metricsPort?: number
  /** The commit this build came from, for /version and /metadata; "unknown" without it. */
  revision?: string
  /** How long POST /jobs/request waits for the queue to change; none: 50 s. */
  runnerLongPollMs?: number
  /** Long polls one runner may hold at once on this gateway. */
  runnerLongPollsPerRunner?: number
  /** GitLab's user and IP rate limits for /api, counted in Redis; off without it. */
  throttles?: Pick<ApiThrottleDeps, 'settings' | 'redis'>
}

/** The gateway's Express application: probes, metrics and GitLab's /api/v4. */
export function createApp(deps: AppDeps): Express {
  const app = express()
  app.disable('x-powered-by')
  // `a[]=1&a[]=2` arrays and `h[k]=v` hashes in query strings, nested at most 32 deep.
  app.set('query parser', parseQueryString)
  app.set('trust proxy', deps.trustProxy ?? false)

  app.use(requestId())
  if (tracingEnabled()) app.use(requestTracing())
  app.use(accessLog(deps.logger))
  app.use(httpMetrics(deps.registry))
  // With a metrics port, /metrics is served there only (kept off the Ingress).
  app.use(healthRoutes(deps.readiness, deps.registry, { metrics: !deps.metricsPort }))
  const { authenticatedApi, unauthenticatedApi } = deps.throttles?.settings ?? {}
  if (deps.throttles && (authenticatedApi?.enabled || unauthenticatedApi?.enabled)) {
    // Before the cached answers: a request answered from memory counts too.
    app.use(apiThrottles({ ...deps, ...deps.throttles }))
  }
  if (deps.responseCache) {
    app.use(cachedAnswers(API_PREFIX, deps.responseCache, deps.tokenCache))
  }

  const routeDeps = {
    identity: deps.identity,
    projects: deps.projects,
    tokenCache: deps.tokenCache,
    externalUrl: deps.externalUrl,
    responseCache: deps.responseCache,
    changes: deps.changes,
    readModels: deps.readModels,
  }
  const api = new ApiRouter(API_PREFIX, routeDeps)
  metadataRoutes(api, deps.revision)
  userRoutes(api, deps.identity)
  userMembershipRoutes(api, deps.identity, deps.projects)
  userStatusRoutes(api, deps.identity)
  personalAccessTokenRoutes(api, deps.identity, deps.tokenCache)
  impersonationTokenRoutes(api, deps.identity, deps.tokenCache)
  groupRoutes(api, deps.identity, deps.projects)
  groupSharingRoutes(api, deps.identity)
  groupUpdateRoutes(api, deps.identity)
  groupDeletionRoutes(api, deps.identity)
  userDeletionRoutes(api, deps.identity)
  memberRoutes(api, deps.identity)
  memberRoleRoutes(api, deps.identity)
  samlIdentityRoutes(api, deps.identity)
  projectRoutes(api, deps.identity, deps.projects)
  projectStarRoutes(api, deps.identity, deps.projects)
  projectTransferRoutes(api, deps.projects)
  projectForkRoutes(api, deps.projects)
  projectDeletionRoutes(api, deps.projects)
  projectHookRoutes(api, {
    projects: deps.projects,
    samples:
      deps.mergeRequests && deps.pipelines
        ? { mergeRequests: deps.mergeRequests.mergeRequests, pipelines: deps.pipelines.pipelines }
        : undefined,
  })
  applicationSettingsRoutes(api, deps.projects)
  protectedBranchRoutes(api, deps.projects)
  eventRoutes(api, deps.events, deps.identity)
  if (deps.repository) {
    repositoryTagRoutes(api, deps.repository, deps.externalUrl)
    repositoryBranchRoutes(api, deps.repository, deps.externalUrl)
    repositoryCommitRoutes(api, deps.repository, deps.externalUrl)
    repositoryCommitChangeRoutes(api, deps.repository, deps.externalUrl)
    repositoryTreeRoutes(api, deps.repository)
    repositoryFileRoutes(api, deps.repository)
    repositoryBlameRoutes(api, deps.repository, deps.externalUrl)
    repositoryBlobRoutes(api, deps.repository, deps.externalUrl)
    repositoryArchiveRoutes(api, deps.repository)
    repositoryCompareRoutes(api, deps.repository, deps.externalUrl)
  }
  if (deps.mergeRequests && deps.pipelines) {
    mergeRequestAreaRoutes(api, {
      projects: deps.projects,
      mergeRequests: deps.mergeRequests,
      pipelines: deps.pipelines,
      repository: deps.repository,
    })
  }
  if (deps.pipelines) {
    const pipelineDeps = {
      pipelines: deps.pipelines,
      identity: deps.identity,
      repository: deps.repository,
      externalUrl: deps.externalUrl,
    }
    pipelineRoutes(api, pipelineDeps)
    jobRoutes(api, { ...pipelineDeps, projects: deps.projects })
    commitStatusRoutes(api, deps.pipelines)
    pipelineTriggerRoutes(api, { ...routeDeps, pipelines: deps.pipelines })
    runnerRoutes(api, { ...routeDeps, pipelines: deps.pipelines })
    jobTokenScopeRoutes(api, { ...routeDeps, pipelines: deps.pipelines })
    ciVariableRoutes(api, deps.pipelines)
    runnerProtocolRoutes(api, {
      pipelines: deps.pipelines,
      longPollMs: deps.runnerLongPollMs ?? 50_000,
      longPollsPerRunner: deps.runnerLongPollsPerRunner ?? 2,
    })
  }
  if (deps.alerting) {
    alertIntegrationRoutes(api, deps.alerting)
    alertRoutes(api, deps.alerting)
  }
  api.router.get(
    '/openapi.json',
    openapiDocument(() => app, deps.externalUrl),
  )
  api.router.use(api.fallback())

  app.use(uploadRoutes(deps))
  if (deps.alerting) {
    // Alert ingestion at /<full_path>/alerts/notify..., reading its own body (1 MB at most).
    app.use(alertNotifyRoutes({ alerting: deps.alerting }))
  }
  if (deps.repository) {
    // Git over HTTP at /<full_path>.git/..., outside /api/v4 and its body parsers.
    app.use(gitHttpRoutes({ ...deps, repository: deps.repository }))
  }
  app.use(API_PREFIX, ...apiBodyParsers(), rejectNulParameters(), api.router)
  app.use(() => {
    throw routeNotFound()
  })
  app.use(errorHandler(deps.logger))
  return app
}
