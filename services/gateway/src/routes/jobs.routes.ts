import type { Caller, Job, Pipeline, Project } from '@suite/proto'
import type { Request, Response } from 'express'
import { accessDeniedMessage } from '../auth/access-denied.js'
import { ANONYMOUS, callerOf } from '../auth/principal.js'
import { findProject } from '../clients/project-lookups.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { loadUsersThrough } from '../clients/read-models.js'
import { forbidden, notFound, unauthorized } from '../errors/http-error.js'
import { sendJson } from '../middleware/json-response.js'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { loadCommits } from '../clients/commit-lookups.js'
import { findPipeline } from '../clients/merge-request-lookups.js'
import { requireField } from '../clients/require-field.js'
import { jobUserIds, presentJob, type JobItem } from '../entities/job.entity.js'
import { p } from '../params/coercions.js'
import { jobScope } from '../params/pipeline-filters.js'
import type { ApiRouter } from './api-router.js'
import { pipelineItem, pipelinePathParams, type PipelineRouteDeps } from './pipeline-route-deps.js'

/** What the job routes call: the pipeline routes' clients and projects (for GET /job). */
export type JobRouteDeps = PipelineRouteDeps & { projects: Pick<ProjectsClients, 'projects'> }

/**
 * Jobs with their pipeline, project, commit and runner: one commit lookup per
 * distinct sha, one batch call for the runners.
 */
async function jobItems(
  deps: PipelineRouteDeps,
  caller: Caller | undefined,
  project: Project,
  pipeline: Pipeline | undefined,
  jobs: readonly Job[],
): Promise<JobItem[]> {
  const runnerIds = [...new Set(jobs.flatMap((job) => job.runnerId ?? []))]
  const [commits, runners] = await Promise.all([
    loadCommits(
      deps.repository,
      caller,
      project.id,
      jobs.map((job) => job.sha),
    ),
    runnerIds.length === 0
      ? { runners: [] }
      : deps.pipelines.runners.batchGetRunners({ ids: runnerIds }),
  ])
  const byId = new Map(runners.runners.map((runner) => [runner.id, runner]))
  return jobs.map((job) => ({
    job,
    pipeline,
    project,
    commit: commits.get(job.sha),
    runner: job.runnerId === undefined ? undefined : byId.get(job.runnerId),
  }))
}

/**
 * GET .../pipelines/:pipeline_id/jobs (lib/api/ci/pipelines.rb) and GET
 * /projects/:id/jobs/:job_id (lib/api/ci/jobs.rb, signed-in callers only).
 */
export function jobRoutes(api: ApiRouter, deps: JobRouteDeps): void {
  const read = deps.pipelines.pipelines
  const write = deps.pipelines.pipelineWrites

  /** One job of the project, presented with its pipeline and commit. */
  const jobItem = async (caller: Caller | undefined, project: Project, job: Job | undefined) => {
    const found = requireField(job, 'job')
    const pipeline = await findPipeline(deps.pipelines, project.id, found.pipelineId)
    const [shown] = await jobItems(deps, caller, project, pipeline, [found])
    return requireField(shown, 'job')
  }
  const jobPath = { id: p.string().required(), job_id: p.int().required() }

  api.get('/projects/:id/jobs/:job_id/trace', {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readBuild',
    params: jobPath,
    contentType: 'text/plain',
    handle: async ({ caller, project, params }) => {
      const { content } = await read.getJobTrace({
        caller,
        projectId: project.id,
        jobId: params.job_id,
      })
      return Buffer.from(content).toString('utf8')
    },
    present: (text) => text,
  })

  // lib/api/ci/jobs.rb: play answers 200 (status :ok), cancel and retry 201.
  for (const [action, statusCode] of [
    ['play', 200],
    ['cancel', 201],
    ['retry', 201],
  ] as const) {
    api.post(`/projects/:id/jobs/:job_id/${action}`, {
      ability: AUTHENTICATED,
      resolve: 'project',
      projectAbility: 'updateBuild',
      params: jobPath,
      status: statusCode,
      handle: async ({ caller, project, params }) => {
        const request = { caller, projectId: project.id, jobId: params.job_id }
        const answer =
          action === 'play'
            ? await write.playJob(request)
            : action === 'cancel'
              ? await write.cancelJob(request)
              : await write.retryJob(request)
        return jobItem(caller, project, answer.job)
      },
      present: presentJob,
      related: jobUserIds,
    })
  }

  // GET /job: the running job its JOB-TOKEN (or job_token) names; any other token is 401.
  api.router.get('/job', async (req: Request, res: Response) => {
    res.locals['route'] = `${req.baseUrl}/job`
    const header = req.get('job-token')
    const query = typeof req.query['job_token'] === 'string' ? req.query['job_token'] : undefined
    const token = header ?? query ?? ''
    // Another kind of token finds no job (GitLab's 404 Job Not Found); none is 401.
    if (token === '') {
      if (req.get('private-token') || req.get('authorization')) throw notFound('Job')
      throw unauthorized()
    }
    const answer = await deps.pipelines.jobTokens.authenticateJobToken({ token })
    if (!answer.running || !answer.job) throw unauthorized()
    const job = answer.job
    // While its job runs, the token acts as the job's user (as for a CI clone): the
    // repository role answers the job's commit if that user may read the project's code.
    // A user who may no longer use the API (blocked, banned) is GitLab's 403 with the reason.
    const access = await deps.identity.userAccess.read.checkUserAccess({ userId: answer.userId })
    const user = access.user
    if (!user) throw unauthorized()
    if (!access.allowed) throw forbidden(accessDeniedMessage(access.denial, deps.externalUrl))
    const jobUser = { user, token: undefined, sudo: false }
    const project = await findProject(deps.projects, callerOf(jobUser), String(job.projectId))
    const caller = callerOf(jobUser, { project: project.abilities })
    const item = await jobItem(caller, project, job)
    const users = await loadUsersThrough(undefined, deps.identity, jobUserIds(item))
    const ctx = { externalUrl: deps.externalUrl, principal: ANONYMOUS, abilities: {}, users }
    sendJson(res, 200, presentJob(item, ctx))
  })

  api.list('/projects/:id/pipelines/:pipeline_id/jobs', {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readPipeline',
    params: {
      ...pipelinePathParams,
      include_retried: p.bool().default(false),
      scope: jobScope(),
    },
    handle: async ({ caller, project, params, page }) => {
      const pipelineId = params.pipeline_id
      // Both answer 404 Not found for a pipeline the project does not have.
      const [found, answer] = await Promise.all([
        read.getPipeline({ caller, projectId: project.id, id: pipelineId }),
        read.listPipelineJobs({
          caller,
          projectId: project.id,
          pipelineId,
          scope: params.scope ?? [],
          includeRetried: params.include_retried,
          page,
        }),
      ])
      const { pipeline } = pipelineItem(found.pipeline, project)
      return {
        items: await jobItems(deps, caller, project, pipeline, answer.jobs),
        total: answer.pageInfo?.total ?? answer.jobs.length,
      }
    },
    present: presentJob,
    related: jobUserIds,
  })

  api.get('/projects/:id/jobs/:job_id', {
    // `before { authenticate! }`: anonymous callers are 401 even in public projects.
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readBuild',
    params: { id: p.string().required(), job_id: p.int().required() },
    handle: async ({ caller, project, params }) => {
      const answer = await read.getJob({ caller, projectId: project.id, id: params.job_id })
      return jobItem(caller, project, answer.job)
    },
    present: presentJob,
    related: jobUserIds,
  })
}
