import type { MergeRequest, MergeRequestKey, Project } from '@suite/proto'
import type { MergeRequestsClients } from '../clients/merge-requests.client.js'
import { findPipeline } from '../clients/merge-request-lookups.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { requireField } from '../clients/require-field.js'
import type { MergeRequestDetail } from '../entities/merge-request.entity.js'
import { p } from '../params/coercions.js'

/** What the merge request routes call. */
export interface MergeRequestRouteDeps {
  projects: ProjectsClients
  mergeRequests: MergeRequestsClients
  pipelines: PipelinesClients
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
  return { projectId: project.id, iid }
}

/** A single-request answer: the request, its project and its head pipeline. */
export async function mergeRequestDetail(
  deps: Pick<MergeRequestRouteDeps, 'pipelines'>,
  mergeRequest: MergeRequest | undefined,
  project: Project,
  options: Pick<MergeRequestDetail, 'includeRebaseInProgress' | 'renderHtml'> = {},
): Promise<MergeRequestDetail> {
  const mr = requireField(mergeRequest, 'merge_request')
  return {
    mergeRequest: mr,
    project,
    base: { kind: 'project', project },
    headPipeline: await findPipeline(deps.pipelines, project.id, mr.headPipelineId),
    ...options,
  }
}
