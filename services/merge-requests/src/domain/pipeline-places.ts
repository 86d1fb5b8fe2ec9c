/**
 * Where a merge request's pipelines are, and where a new one runs, for a
 * request from a fork as for one within a project. GitLab's
 * Ci::PipelinesForMergeRequestFinder lists the request's own pipelines in
 * whichever project they ran and the source project's branch pipelines at
 * the request's commits; MergeRequests::CreatePipelineService runs a new one
 * in the target project (on refs/merge-requests/<iid>/head) when the user
 * may create pipelines there and, for a fork, the target lets fork
 * pipelines run in it (ci_allow_fork_pipelines_to_run_in_parent_project);
 * otherwise in the source project, on the source branch.
 */
import type { Caller } from './caller.js'
import { isForkRequest } from './fork-collaboration.js'
import type { MergeRequest } from './merge-request.js'
import { canCreatePipeline, canReadPipelines } from './policy.js'
import type { MergeRequestsDeps, RequestPipelinesScope } from './ports.js'

/** The ref of a request's detached pipelines in its target project (MergeRequest#ref_path). */
export function mergeRequestRefPath(iid: number): string {
  return `refs/merge-requests/${iid}/head`
}

/** The caller as they are in the request's source project (a fork's: asked for). */
async function callerInSource(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  caller: Caller,
  mergeRequest: MergeRequest,
): Promise<Caller> {
  if (!isForkRequest(mergeRequest)) return caller
  const grants =
    caller.userId === undefined
      ? undefined
      : await deps.ports.projects.findGrants(
          { ...caller, project: undefined },
          mergeRequest.sourceProjectId,
        )
  return { ...caller, project: grants }
}

/**
 * The request's pipelines the caller may read (read_pipeline in the target,
 * the source, or both); undefined when neither. `shas` are the commits whose
 * source branch pipelines count. A system read (the suite's own) sees all.
 */
export async function requestPipelinesScope(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  caller: Caller | 'system',
  mergeRequest: MergeRequest,
  shas: readonly string[],
): Promise<RequestPipelinesScope | undefined> {
  const target = mergeRequest.targetProjectId
  const source = mergeRequest.sourceProjectId
  const readsTarget = caller === 'system' || canReadPipelines(caller, target)
  const readsSource =
    source === target
      ? readsTarget
      : caller === 'system' ||
        canReadPipelines(await callerInSource(deps, caller, mergeRequest), source)
  const projectIds = [
    ...(readsTarget ? [target] : []),
    ...(readsSource && source !== target ? [source] : []),
  ]
  const [first, ...others] = projectIds
  if (first === undefined) return undefined
  return {
    mergeRequestId: mergeRequest.id,
    projectIds: [first, ...others],
    branch:
      readsSource && shas.length > 0
        ? { projectId: source, branch: mergeRequest.sourceBranch, shas }
        : undefined,
  }
}

/** Where a new merge request pipeline runs, and the caller as they are there. */
export interface PipelinePlace {
  projectId: number
  ref: string
  caller: Caller
}

/** MergeRequests::CreatePipelineService#pipeline_project_and_ref for `caller` (target grants). */
export async function pipelinePlace(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  caller: Caller,
  mergeRequest: MergeRequest,
): Promise<PipelinePlace> {
  const inTarget = {
    projectId: mergeRequest.targetProjectId,
    ref: mergeRequestRefPath(mergeRequest.iid),
    caller,
  }
  if (!isForkRequest(mergeRequest)) return inTarget
  if (canCreatePipeline(caller, mergeRequest.targetProjectId)) {
    // Read for the caller: the setting as it is now, not as held.
    const [target] = await deps.ports.projects.findProjects([mergeRequest.targetProjectId], caller)
    if (target?.flags['ci_allow_fork_pipelines_to_run_in_parent_project'] ?? true) return inTarget
  }
  return {
    projectId: mergeRequest.sourceProjectId,
    ref: mergeRequest.sourceBranch,
    caller: await callerInSource(deps, caller, mergeRequest),
  }
}
