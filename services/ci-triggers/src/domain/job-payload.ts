/**
 * What a runner is given with a job (GitLab's Ci::BuildRunnerPresenter and
 * the JobRequest entities): its variables in the order the runner exports
 * them (predefined, then the configuration's, then the instance's, groups'
 * and project's CI/CD variables, then the pipeline's, later ones winning),
 * its steps, and how to fetch the code.
 */
import parseDuration from 'parse-duration'
import type { Job } from './job.js'
import { refProtected, refSlug } from './predefined-variables.js'
import type { Runner } from './runner.js'
import type { ClaimedJob } from './runner-ports.js'

/** Ci::Build's default timeout when neither the project nor the job sets one (one hour). */
export const DEFAULT_JOB_TIMEOUT_SECONDS = 3600

/** ci_default_git_depth for new projects. */
export const DEFAULT_GIT_DEPTH = 20

export interface PayloadVariable {
  key: string
  value: string
  public: boolean
  masked: boolean
  file: boolean
  raw: boolean
}

export interface PayloadStep {
  name: 'script' | 'after_script'
  script: string[]
  timeout: number
  when: 'on_success' | 'always'
  allowFailure: boolean
}

export interface JobPayload {
  job: Job
  token: string
  projectFullPath: string
  projectName: string
  beforeSha: string
  refspecs: string[]
  depth: number
  timeout: number
  variables: PayloadVariable[]
  steps: PayloadStep[]
  image: unknown
  services: unknown
  artifacts: unknown
  cache: unknown
  timeInQueueSeconds: number
  repositoryUrl: string
  /** The pipeline's ref is protected (the runner's git_info / job `protected`). */
  protectedRef: boolean
}

/** A job's `timeout:` keyword in seconds (ChronicDuration's words), or null when absent or unreadable. */
export function jobTimeoutSeconds(job: Pick<Job, 'options'>): number | null {
  const value = job.options['timeout']
  if (typeof value === 'number' && value > 0) return Math.floor(value)
  if (typeof value !== 'string' || value.trim() === '') return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const seconds = parseDuration(value, 's')
  return seconds !== null && seconds !== undefined && seconds > 0 ? Math.floor(seconds) : null
}

/** The job's timeout: its own or the default, capped by the runner's maximum_timeout. */
export function effectiveTimeout(
  job: Pick<Job, 'options'>,
  runner: Pick<Runner, 'maximumTimeout'>,
): number {
  const own = jobTimeoutSeconds(job) ?? DEFAULT_JOB_TIMEOUT_SECONDS
  return runner.maximumTimeout === null ? own : Math.min(own, runner.maximumTimeout)
}

function lines(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (!Array.isArray(value)) return []
  // Nested arrays (YAML anchors) are flattened, as GitLab's script entry does.
  return value.flat(10).map((line) => String(line))
}

/** before_script and script run as one `script` step; after_script always runs after it. */
export function stepsOf(job: Job, timeout: number): PayloadStep[] {
  const steps: PayloadStep[] = [
    {
      name: 'script',
      script: [...lines(job.options['before_script']), ...lines(job.options['script'])],
      timeout,
      when: 'on_success',
      allowFailure: false,
    },
  ]
  const after = lines(job.options['after_script'])
  if (after.length > 0) {
    steps.push({
      name: 'after_script',
      script: after,
      timeout,
      when: 'always',
      allowFailure: false,
    })
  }
  return steps
}

/**
 * The refs the runner fetches (Ci::BuildRunnerPresenter#refspecs): the
 * persistent pipeline ref first, then the branch or tag the job runs on (a
 * merge request pipeline's ref is no branch: its pipeline ref alone). Without
 * the pipeline ref (it could not be written) the ref itself stands in.
 */
export function refspecsOf(
  job: Pick<Job, 'ref' | 'tag' | 'pipelineId'>,
  pipelineRef: boolean,
): string[] {
  const specs: string[] = []
  if (pipelineRef) {
    specs.push(`+refs/pipelines/${job.pipelineId}:refs/pipelines/${job.pipelineId}`)
  }
  if (job.ref.startsWith('refs/')) return pipelineRef ? specs : [`+${job.ref}:${job.ref}`]
  specs.push(
    job.tag
      ? `+refs/tags/${job.ref}:refs/tags/${job.ref}`
      : `+refs/heads/${job.ref}:refs/remotes/origin/${job.ref}`,
  )
  return specs
}

export interface PayloadContext {
  claimed: ClaimedJob
  /** The instance's, groups' and project's variables for the job, in precedence order. */
  secretVariables: readonly PayloadVariable[]
  /** Project#name; null when the project could not be read (the path stands in). */
  projectName: string | null
  /** refs/pipelines/<id> was written: the runner fetches it. */
  pipelineRef: boolean
  runner: Runner
  token: string
  externalUrl: string
  now: Date
}

function plain(key: string, value: string, masked = false): PayloadVariable {
  return { key, value, public: !masked, masked, file: false, raw: false }
}

/** The job's own predefined variables (Ci::BuildVariables / Gitlab::Ci::Variables::Builder#predefined_variables). */
function jobVariables(context: PayloadContext, repositoryUrl: string): PayloadVariable[] {
  const { claimed, runner, token, externalUrl } = context
  const { job, pipeline } = claimed
  const projectPath = claimed.predefinedVariables['CI_PROJECT_PATH'] ?? ''
  const url = new URL(externalUrl)
  return [
    plain('CI_JOB_ID', String(job.id)),
    plain('CI_JOB_URL', `${externalUrl}/${projectPath}/-/jobs/${job.id}`),
    plain('CI_JOB_NAME', job.name),
    // Gitlab::Utils.slugify, as CI_COMMIT_REF_SLUG.
    plain('CI_JOB_NAME_SLUG', refSlug(job.name)),
    plain('CI_JOB_STAGE', job.stage),
    plain(
      'CI_JOB_STARTED_AT',
      (job.startedAt ?? context.now).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    ),
    plain('CI_JOB_TOKEN', token, true),
    plain('CI_JOB_TIMEOUT', String(job.timeout ?? DEFAULT_JOB_TIMEOUT_SECONDS)),
    plain('CI_BUILD_TOKEN', token, true),
    plain('CI_REPOSITORY_URL', repositoryUrl, true),
    plain('CI_PIPELINE_ID', String(pipeline.id)),
    plain('CI_PIPELINE_IID', String(pipeline.iid)),
    plain('CI_PIPELINE_URL', `${externalUrl}/${projectPath}/-/pipelines/${pipeline.id}`),
    plain('CI_PIPELINE_CREATED_AT', pipeline.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z')),
    plain('CI_RUNNER_ID', String(runner.id)),
    plain('CI_RUNNER_DESCRIPTION', runner.description),
    plain('CI_RUNNER_TAGS', JSON.stringify(runner.tagList)),
    plain('CI_SERVER_HOST', url.hostname),
    plain('CI_SERVER_PORT', url.port || (url.protocol === 'https:' ? '443' : '80')),
    plain('CI_SERVER_PROTOCOL', url.protocol.replace(':', '')),
    plain('CI_SERVER_NAME', 'GitLab'),
    plain('CI_NODE_TOTAL', '1'),
  ]
}

/** The clone URL with the job token as gitlab-ci-token's password. */
export function repositoryUrlOf(
  externalUrl: string,
  projectFullPath: string,
  token: string,
): string {
  const url = new URL(`${externalUrl}/${projectFullPath}.git`)
  url.username = 'gitlab-ci-token'
  url.password = token
  return url.toString()
}

/** The payload of a job a runner just took. */
export function jobPayload(context: PayloadContext): JobPayload {
  const { claimed, token, now } = context
  const { job, pipeline } = claimed
  const projectFullPath = claimed.predefinedVariables['CI_PROJECT_PATH'] ?? ''
  const repositoryUrl = repositoryUrlOf(context.externalUrl, projectFullPath, token)
  const timeout = job.timeout ?? DEFAULT_JOB_TIMEOUT_SECONDS
  const variables = [
    ...Object.entries(claimed.predefinedVariables).map(([key, value]) => plain(key, value)),
    ...jobVariables(context, repositoryUrl),
    ...Object.entries(job.yamlVariables).map(([key, value]) => plain(key, String(value))),
    // Instance < groups < project: above the configuration's, below the pipeline's.
    ...context.secretVariables,
    ...claimed.pipelineVariables.map((variable) => ({
      ...plain(variable.key, variable.value),
      public: false,
      file: variable.variableType === 'file',
    })),
  ]
  const queued = job.queuedAt ?? job.createdAt
  return {
    job,
    token,
    projectFullPath,
    projectName: context.projectName ?? claimed.predefinedVariables['CI_PROJECT_NAME'] ?? '',
    beforeSha: pipeline.beforeSha,
    refspecs: refspecsOf(job, context.pipelineRef),
    depth: DEFAULT_GIT_DEPTH,
    timeout,
    variables,
    steps: stepsOf(job, timeout),
    image: job.options['image'] ?? null,
    services: job.options['services'] ?? null,
    artifacts: job.options['artifacts'] ?? null,
    cache: job.options['cache'] ?? null,
    timeInQueueSeconds: Math.max(0, Math.round((now.getTime() - queued.getTime()) / 1000)),
    repositoryUrl,
    protectedRef: refProtected(claimed.predefinedVariables),
  }
}
