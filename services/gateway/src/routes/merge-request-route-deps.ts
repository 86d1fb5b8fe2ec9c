import type { MergeRequest, MergeRequestKey, Project } from '@suite/proto'
import type { MergeRequestsClients } from '../clients/merge-requests.client.js'
import { loadPipelines, loadProjects } from '../clients/merge-request-lookups.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import type { RepositoryClients } from '../clients/repository.client.js'
import { requireField } from '../clients/require-field.js'
import type { MergeRequestDetail } from '../entities/merge-request.entity.js'
import type { PipelineItem } from '../entities/pipeline.entity.js'
import { p } from '../params/coercions.js'

/** What the merge request routes call. */
export interface MergeRequestRouteDeps {
  projects: ProjectsClients
  mergeRequests: MergeRequestsClients
  pipelines: PipelinesClients
  /** The repository role, for the routes that name a commit; they are left out without it. */
  repository?: RepositoryClients | undefined
}

/** `:id/merge_requests/:merge_request_iid` of every single-request path. */
export const mergeRequestPathParams = {
  id: p.string().required(),
  merge_request_iid: p.iid().required(),
}

/**
 * The merge request named by the path. The routes that read it declare
 * `projectAbility: 'readMergeRequest'`; the service checks the request itself.
 */
export function mergeRequestKey(project: Project, iid: number): MergeRequestKey {
  return { projectId: project.id, iid, noteableType: '', commitSha: '' }
}

/**
 * Pipelines by id with the project each ran in (a fork's request has
 * pipelines in the fork), in the order of `ids`; `project` is known already.
 */
export async function loadPipelineItems(
  deps: Pick<MergeRequestRouteDeps, 'pipelines' | 'projects'>,
  ids: readonly number[],
  project: Project,
): Promise<PipelineItem[]> {
  const pipelines = await loadPipelines(deps.pipelines, ids)
  const others = pipelines.flatMap((pipeline) =>
    pipeline.projectId === project.id ? [] : [pipeline.projectId],
  )
  const projects = await loadProjects(deps.projects, others)
  return pipelines.map((pipeline) => ({
    pipeline,
    project: pipeline.projectId === project.id ? project : projects.get(pipeline.projectId),
  }))
}

/** A single-request answer: the request, its project and its head pipeline. */
export async function mergeRequestDetail(
  deps: Pick<MergeRequestRouteDeps, 'pipelines' | 'projects'>,
  mergeRequest: MergeRequest | undefined,
  project: Project,
  options: Pick<MergeRequestDetail, 'includeRebaseInProgress' | 'renderHtml'> = {},
): Promise<MergeRequestDetail> {
  const mr = requireField(mergeRequest, 'merge_request')
  const [head] =
    mr.headPipelineId === undefined
      ? []
      : await loadPipelineItems(deps, [mr.headPipelineId], project)
  return {
    mergeRequest: mr,
    project,
    base: { kind: 'project', project },
    headPipeline: head?.pipeline,
    headPipelineProject: head?.project,
    ...options,
  }
}
