import type { Caller } from './caller.js'
import type { PipelineSource, PipelineUpstream } from './pipeline.js'
import type { ResolvedRef } from './resolved-ref.js'

/** A variable given with a pipeline request (GitLab's Ci::PipelineVariable). */
export interface RequestVariable {
  key: string
  value: string
  /** env_var or file. */
  variableType: 'env_var' | 'file'
}

/** A typed value for one of the configuration's spec:inputs. */
export type InputValue = string | number | boolean | unknown[]

/** The merge request a merge_request_event pipeline is for (CI_MERGE_REQUEST_* variables). */
export interface MergeRequestContext {
  id: number
  iid: number
  title: string
  sourceBranch: string
  targetBranch: string
  /** The request's project; a fork's request may run its pipeline in its source project. */
  targetProjectId: number
  sourceProjectId: number
  sourceBranchSha: string
  targetBranchSha: string
  labels: string[]
}

/**
 * What asks for a pipeline built from the repository's .gitlab-ci.yml: the
 * API, a merge request, or a trigger token (then `caller` is the token's
 * owner, with the abilities the projects service answered for them).
 */
export interface PipelineRequest {
  caller: Caller
  projectId: number
  /** A branch or tag name, or refs/merge-requests/<iid>/head. */
  ref: string
  /** Null: resolve `ref` as a branch, then a tag ("Reference not found" otherwise). */
  sha: string | null
  source: PipelineSource
  variables: RequestVariable[]
  inputs: Record<string, InputValue>
  mergeRequest: MergeRequestContext | null
  /** The trigger token that started it. */
  triggerId: number | null
  /** Retries with the same key answer the pipeline of the first one. */
  idempotencyKey: string | null
  /** The running job whose token asks (a multi-project pipeline, source `pipeline`). */
  upstream?: PipelineUpstream | null
  /** A push's: the ref's commit before it (CI_COMMIT_BEFORE_SHA); the blank sha otherwise. */
  beforeSha?: string
  /** A push's: the commit it brought, already resolved (instead of `sha` or the ref's). */
  commit?: ResolvedRef
  /** Store it skipped, without jobs ([skip ci], git push -o ci.skip). */
  skipped?: boolean
}
