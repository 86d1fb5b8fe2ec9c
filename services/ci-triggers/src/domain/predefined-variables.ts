import type { PipelineRequest } from './pipeline-request.js'
import type { ProjectFacts, ResolvedRef } from './ports.js'

/** What the predefined variables are made of. */
export interface VariableFacts {
  request: PipelineRequest
  project: ProjectFacts
  commit: ResolvedRef
  externalUrl: string
}

/** GitLab's CI_COMMIT_REF_SLUG: lowercased, non-alphanumerics to `-`, at most 63 characters. */
export function refSlug(ref: string): string {
  return ref
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '')
}

/**
 * The predefined variables a pipeline's rules can read (GitLab's
 * Gitlab::Ci::Variables::Builder at pipeline creation): the commit, the
 * project, the source, and the merge request of a merge request pipeline.
 * CI_COMMIT_BRANCH is set for branch pipelines only, CI_COMMIT_TAG for tags.
 */
export function predefinedVariables(facts: VariableFacts): Record<string, string> {
  const { request, project, commit, externalUrl } = facts
  const projectUrl = `${externalUrl}/${project.fullPath}`
  const namespace = project.fullPath.split('/').slice(0, -1).join('/')
  const mergeRequest = request.mergeRequest
  const refName = mergeRequest ? mergeRequest.sourceBranch : request.ref
  const variables: Record<string, string> = {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER: 'yes',
    CI_SERVER_URL: externalUrl,
    CI_API_V4_URL: `${externalUrl}/api/v4`,
    CI_PROJECT_ID: String(project.id),
    CI_PROJECT_PATH: project.fullPath,
    CI_PROJECT_NAME: project.fullPath.split('/').pop() ?? '',
    CI_PROJECT_NAMESPACE: namespace,
    CI_PROJECT_URL: projectUrl,
    CI_PIPELINE_SOURCE: request.source,
    CI_COMMIT_SHA: commit.sha,
    CI_COMMIT_SHORT_SHA: commit.sha.slice(0, 8),
    CI_COMMIT_REF_NAME: refName,
    CI_COMMIT_REF_SLUG: refSlug(refName),
  }
  if (project.defaultBranch) variables.CI_DEFAULT_BRANCH = project.defaultBranch
  if (request.actor.userId !== null) variables.GITLAB_USER_ID = String(request.actor.userId)
  if (request.triggerId !== null) variables.CI_PIPELINE_TRIGGERED = 'true'
  if (mergeRequest) {
    Object.assign(variables, {
      CI_MERGE_REQUEST_ID: String(mergeRequest.id),
      CI_MERGE_REQUEST_IID: String(mergeRequest.iid),
      CI_MERGE_REQUEST_TITLE: mergeRequest.title,
      CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: mergeRequest.sourceBranch,
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: mergeRequest.targetBranch,
      CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: mergeRequest.sourceBranchSha,
      CI_MERGE_REQUEST_TARGET_BRANCH_SHA: mergeRequest.targetBranchSha,
      CI_MERGE_REQUEST_PROJECT_ID: String(request.projectId),
      CI_MERGE_REQUEST_SOURCE_PROJECT_ID: String(mergeRequest.sourceProjectId),
      CI_MERGE_REQUEST_EVENT_TYPE: 'detached',
      CI_MERGE_REQUEST_REF_PATH: request.ref,
    })
    if (mergeRequest.labels.length > 0) {
      variables.CI_MERGE_REQUEST_LABELS = mergeRequest.labels.join(',')
    }
  } else if (commit.tag) {
    variables.CI_COMMIT_TAG = request.ref
  } else {
    variables.CI_COMMIT_BRANCH = request.ref
  }
  return variables
}
