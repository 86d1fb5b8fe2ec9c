import type { Job, Pipeline, Project } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { loadCommits } from '../clients/commit-lookups.js'
import { findPipeline } from '../clients/merge-request-lookups.js'
import { requireField } from '../clients/require-field.js'
import { jobUserIds, presentJob, type JobItem } from '../entities/job.entity.js'
import { p } from '../params/coercions.js'
import { jobScope } from '../params/pipeline-filters.js'
import type { ApiRouter } from './api-router.js'
import { pipelineItem, pipelinePathParams, type PipelineRouteDeps } from './pipeline-route-deps.js'

/** Jobs with their pipeline, project and commit; one commit lookup per distinct sha. */
async function jobItems(
  deps: PipelineRouteDeps,
  project: Project,
  pipeline: Pipeline | undefined,
  jobs: readonly Job[],
): Promise<JobItem[]> {
  const commits = await loadCommits(
    deps.repository,
    project.id,
    jobs.map((job) => job.sha),
  )
  return jobs.map((job) => ({ job, pipeline, project, commit: commits.get(job.sha) }))
}

/**
 * GET .../pipelines/:pipeline_id/jobs (lib/api/ci/pipelines.rb) and GET
 * /projects/:id/jobs/:job_id (lib/api/ci/jobs.rb, signed-in callers only).
 */
export function jobRoutes(api: ApiRouter, deps: PipelineRouteDeps): void {
  const read = deps.pipelines.pipelines

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
        items: await jobItems(deps, project, pipeline, answer.jobs),
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
      const job = requireField(answer.job, 'job')
      const pipeline = await findPipeline(deps.pipelines, project.id, job.pipelineId)
      const [shown] = await jobItems(deps, project, pipeline, [job])
      return requireField(shown, 'job')
    },
    present: presentJob,
    related: jobUserIds,
  })
}
