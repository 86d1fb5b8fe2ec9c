import type { RunnerJob } from '@suite/proto'
import { RUNNER_FAILURE_REASONS } from '@suite/runtime'

function parsed(json: string): unknown {
  if (json === '') return null
  try {
    return JSON.parse(json) as unknown
  } catch {
    return null
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `image:` as a string or a hash, in the runner's shape; null when the job has none. */
function imageOf(value: unknown): Record<string, unknown> | null {
  if (typeof value === 'string') return { name: value }
  return isRecord(value) && typeof value['name'] === 'string' ? value : null
}

/** `services:` entries (strings or hashes) in the runner's shape. */
function servicesOf(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return []
  return (value as unknown[]).flatMap((entry): Record<string, unknown>[] => {
    const service = imageOf(entry)
    return service ? [service] : []
  })
}

/** `cache:` (a hash or a list of them) as the runner's list; the cache lives on the runner. */
function cacheOf(value: unknown): Record<string, unknown>[] {
  const entries: unknown[] = Array.isArray(value) ? value : value === null ? [] : [value]
  return entries.filter(isRecord).map((entry) => {
    const key = entry['key']
    return {
      key: typeof key === 'string' ? key : 'default',
      untracked: entry['untracked'] === true,
      paths: Array.isArray(entry['paths']) ? entry['paths'].map(String) : [],
      policy: typeof entry['policy'] === 'string' ? entry['policy'] : 'pull-push',
      when: typeof entry['when'] === 'string' ? entry['when'] : 'on_success',
      fallback_keys: Array.isArray(entry['fallback_keys'])
        ? entry['fallback_keys'].map(String)
        : [],
    }
  })
}

/**
 * The job a runner is given (Ci::BuildRunnerPresenter and the
 * API::Entities::Ci::JobRequest entities). Artifacts and dependencies are
 * empty: this suite stores no artifacts, so a runner is never asked to
 * upload or download any; image, services and cache pass through.
 */
export function presentRunnerJob(job: RunnerJob): Record<string, unknown> {
  return {
    id: job.id,
    token: job.token,
    allow_git_fetch: true,
    job_info: {
      id: job.id,
      name: job.name,
      stage: job.stage,
      project_id: job.projectId,
      project_name: job.projectName,
      project_full_path: job.projectFullPath,
      pipeline_id: job.pipelineId,
      time_in_queue_seconds: job.timeInQueueSeconds,
      project_jobs_running_on_instance_runners_count: '+Inf',
    },
    git_info: {
      repo_url: job.repoUrl,
      repo_object_format: 'sha1',
      ref: job.ref,
      sha: job.sha,
      before_sha: job.beforeSha,
      ref_type: job.tag ? 'tag' : 'branch',
      refspecs: job.refspecs,
      depth: job.depth,
      protected: job.protectedRef,
    },
    runner_info: { timeout: job.timeoutSeconds, runner_session_url: null },
    variables: job.variables.map((variable) => ({
      key: variable.key,
      value: variable.value,
      public: variable.public,
      ...(variable.file ? { file: true } : {}),
      ...(variable.masked ? { masked: true } : {}),
      ...(variable.raw ? { raw: true } : {}),
    })),
    steps: job.steps.map((step) => ({
      name: step.name,
      script: step.script,
      timeout: step.timeout,
      when: step.when,
      allow_failure: step.allowFailure,
    })),
    image: imageOf(parsed(job.imageJson)),
    services: servicesOf(parsed(job.servicesJson)),
    artifacts: [],
    cache: cacheOf(parsed(job.cacheJson)),
    credentials: [],
    dependencies: [],
    features: { trace_sections: true, failure_reasons: RUNNER_FAILURE_REASONS },
  }
}
