import { BLANK_SHA } from './pipeline.js'
import type { PipelineRequest } from './pipeline-request.js'
import type { CommitFacts, ProjectFacts, ResolvedRef } from './ports.js'

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

/** Time#xmlschema of a UTC time: ISO 8601 to the second ("2026-11-28T12:00:00Z"). */
export function xmlSchemaTime(time: Date): string {
  return `${time.toISOString().slice(0, 19)}Z`
}

/**
 * Commit#description: the message after its title line, or all of it when
 * the title line is too long to be shown whole.
 */
function commitDescription(message: string): string {
  if (message.trim() === '') return 'No commit message'
  const newline = message.indexOf('\n')
  const fullTitle = message.split(/[\r\n]/, 1)[0] ?? ''
  if (fullTitle.length >= 100) return message
  if (newline === -1) return ''
  return message.slice(newline + 1).replace(/\r?\n$|\r$/, '')
}

/** CI_COMMIT_MESSAGE, _TITLE, _DESCRIPTION, _AUTHOR and _TIMESTAMP of a known commit. */
export function commitVariables(commit: CommitFacts, committedAt: Date | null) {
  const variables: Record<string, string> = {
    CI_COMMIT_MESSAGE: commit.message,
    CI_COMMIT_TITLE: commit.title,
    CI_COMMIT_DESCRIPTION: commitDescription(commit.message),
    CI_COMMIT_AUTHOR: `${commit.authorName} <${commit.authorEmail}>`,
  }
  if (committedAt) variables.CI_COMMIT_TIMESTAMP = xmlSchemaTime(committedAt)
  return variables
}

/** The CI_PROJECT_* variables of a project. */
export function projectVariables(project: ProjectFacts, externalUrl: string) {
  return {
    CI_PROJECT_ID: String(project.id),
    CI_PROJECT_PATH: project.fullPath,
    CI_PROJECT_NAME: project.fullPath.split('/').pop() ?? '',
    CI_PROJECT_NAMESPACE: project.fullPath.split('/').slice(0, -1).join('/'),
    CI_PROJECT_URL: `${externalUrl}/${project.fullPath}`,
  }
}

/**
 * The predefined variables a pipeline's rules can read (GitLab's
 * Gitlab::Ci::Variables::Builder at pipeline creation): the commit, the
 * project, the source, and the merge request of a merge request pipeline.
 * CI_COMMIT_BRANCH is set for branch pipelines only, CI_COMMIT_TAG for tags.
 */
export function predefinedVariables(facts: VariableFacts): Record<string, string> {
  const { request, project, commit, externalUrl } = facts
  const mergeRequest = request.mergeRequest
  const refName = mergeRequest ? mergeRequest.sourceBranch : request.ref
  const variables: Record<string, string> = {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER: 'yes',
    CI_SERVER_URL: externalUrl,
    CI_API_V4_URL: `${externalUrl}/api/v4`,
    ...projectVariables(project, externalUrl),
    CI_PIPELINE_SOURCE: request.source,
    CI_COMMIT_SHA: commit.sha,
    CI_COMMIT_SHORT_SHA: commit.sha.slice(0, 8),
    CI_COMMIT_BEFORE_SHA: request.beforeSha ?? BLANK_SHA,
    CI_COMMIT_REF_NAME: refName,
    CI_COMMIT_REF_SLUG: refSlug(refName),
    CI_COMMIT_REF_PROTECTED: String(commit.protected),
    ...(commit.commit ? commitVariables(commit.commit, commit.committedAt) : {}),
  }
  if (project.defaultBranch) variables.CI_DEFAULT_BRANCH = project.defaultBranch
  if (request.caller.userId !== null) variables.GITLAB_USER_ID = String(request.caller.userId)
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
      CI_MERGE_REQUEST_PROJECT_ID: String(mergeRequest.targetProjectId),
      CI_MERGE_REQUEST_SOURCE_PROJECT_ID: String(mergeRequest.sourceProjectId),
      CI_MERGE_REQUEST_EVENT_TYPE: 'detached',
      // MergeRequest#ref_path, also when a fork's pipeline runs in the fork on its branch.
      CI_MERGE_REQUEST_REF_PATH: `refs/merge-requests/${mergeRequest.iid}/head`,
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

/** The stored CI_COMMIT_REF_PROTECTED: what protected runners and the job payload go by. */
export function refProtected(variables: Readonly<Record<string, string>>): boolean {
  return variables['CI_COMMIT_REF_PROTECTED'] === 'true'
}
