/** A value given for a `spec:inputs` input by a trigger or API call. */
export type InputValue = string | number | boolean | unknown[]

/** What the pipeline being created knows before its configuration is read. */
export interface CiConfigContext {
  /**
   * Predefined and pipeline variables (CI_PIPELINE_SOURCE, CI_COMMIT_BRANCH,
   * CI_COMMIT_TAG, CI_COMMIT_REF_NAME, ...) and user-given variables; these
   * win over yaml `variables:` of the same name, as in GitLab's precedence.
   */
  variables: Readonly<Record<string, string>>
  /** Given inputs (trigger/API `inputs`), checked against `spec:inputs`. */
  inputs: Readonly<Record<string, InputValue>>
  /** The pipeline source: push, web, trigger, api, merge_request_event, ... */
  source: string
  /** Branch or tag name, or refs/merge-requests/N/head for a merge request pipeline. */
  ref: string
  tag: boolean
}

export type JobWhen = 'on_success' | 'on_failure' | 'always' | 'manual' | 'delayed'

export interface PlannedJob {
  name: string
  stage: string
  /** Index of the stage in the pipeline's stages (.pre first, .post last). */
  stageIdx: number
  when: JobWhen
  allowFailure: boolean
  /** null: no `needs:` (stage order); []: needs nothing. Names of jobs. */
  needs: string[] | null
  script: string[]
  beforeScript: string[]
  afterScript: string[]
  /** Yaml variables of the job: global (as inherited), workflow rule, job and rule variables. */
  variables: Record<string, string>
  tags: string[]
  /** Raw pass-through for the runner (image, services, artifacts, ...), JSON-serialisable. */
  options: Record<string, unknown>
}

export type CiConfigOutcome =
  | {
      kind: 'pipeline'
      stages: string[]
      jobs: PlannedJob[]
      name: string | null
      variables: Record<string, string>
    }
  /** GitLab persists a failed pipeline (failure_reason config_error); yaml_errors is errors[0]. */
  | { kind: 'invalid'; errors: string[] }
  /** GitLab persists nothing and answers 400 with these as `base` errors. */
  | { kind: 'rejected'; errors: string[] }
