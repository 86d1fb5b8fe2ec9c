/**
 * Pipelines of pushes (GitLab's Git::BranchPushService and Git::TagPushService
 * calling Ci::CreatePipelineService with source `push`): every branch or tag a
 * push creates or moves gets a pipeline on its new commit, run as the pusher,
 * with the ref's old commit as before_sha. Deleted refs get none, and neither
 * do the changes of a push past its first PIPELINE_PROCESS_LIMIT.
 */
import { createHash } from 'node:crypto'
import { InvalidError, RateLimitedError } from '@suite/runtime'
import type { Pipeline } from './pipeline.js'
import type { RequestVariable } from './pipeline-request.js'
import type { AccessPort, PipelineCreator, ResolvedRef } from './ports.js'
import { messageSkipsCi } from './skip-ci.js'

/** Git::ProcessRefChangesService::PIPELINE_PROCESS_LIMIT: changes of one push that get pipelines. */
export const PIPELINE_PROCESS_LIMIT = 4

/** A branch or tag change of a push, as the repository role reports it. */
export interface RefUpdate {
  projectId: number
  /** The branch's or tag's name. */
  ref: string
  tag: boolean
  /** All zeros for a created ref. */
  before: string
  /** All zeros for a deleted ref. */
  after: string
  /** The pusher; null when unknown. */
  userId: number | null
  /** The push's CI push options (`ci.skip`, `ci.variable=KEY=value`). */
  pushOptions: readonly string[]
  /** Its place among its push's changes, from 0. */
  changeIndex: number
}

/** How a push reaches the commit it brought. */
export interface PushedCommitPort {
  /**
   * The commit `sha` as the pipeline of a push to `ref` keeps it: its
   * message and dates, and whether a protected branch rule applies to `ref`;
   * undefined when the commit is gone.
   */
  pushedCommit(
    projectId: number,
    ref: { name: string; tag: boolean },
    sha: string,
  ): Promise<ResolvedRef | undefined>
}

export interface PushPipelineDeps {
  access: Pick<AccessPort, 'callerFor'>
  commits: PushedCommitPort
  pipelines: PipelineCreator
}

export type PushPipelineOutcome =
  { kind: 'created'; pipeline: Pipeline } | { kind: 'none'; reason: string }

/** What the push options ask of the pipeline (Gitlab::PushOptions, namespace `ci`). */
export interface CiPushOptions {
  skip: boolean
  variables: RequestVariable[]
}

/** Ci::PipelineVariable's key format, at most 255 characters. */
const VARIABLE_KEY = /^[A-Za-z0-9_]{1,255}$/

/** `ci.skip`, and `ci.variable=KEY=value` as pipeline variables (env_var), in order. */
export function ciPushOptions(options: readonly string[]): CiPushOptions {
  const parsed: CiPushOptions = { skip: false, variables: [] }
  for (const option of options) {
    if (option === 'ci.skip' || option.startsWith('ci.skip=')) parsed.skip = true
    if (!option.startsWith('ci.variable=')) continue
    const definition = option.slice('ci.variable='.length)
    const equals = definition.indexOf('=')
    const key = equals === -1 ? definition : definition.slice(0, equals)
    if (!VARIABLE_KEY.test(key)) continue
    const value = equals === -1 ? '' : definition.slice(equals + 1)
    parsed.variables.push({ key, value, variableType: 'env_var' })
  }
  return parsed
}

/** One pipeline per push of a ref: the job that reports the push may run twice. */
export function pushIdempotencyKey(update: RefUpdate): string {
  const kind = update.tag ? 'tag' : 'branch'
  const identity = JSON.stringify([update.projectId, kind, update.ref, update.before, update.after])
  return `push:${createHash('sha256').update(identity).digest('hex')}`
}

const isBlank = (sha: string) => /^0+$/.test(sha)

/** The pipeline of one ref change of a push, or why it has none. */
export async function createPushPipeline(
  deps: PushPipelineDeps,
  update: RefUpdate,
): Promise<PushPipelineOutcome> {
  if (isBlank(update.after)) return { kind: 'none', reason: 'ref deleted' }
  if (update.changeIndex >= PIPELINE_PROCESS_LIMIT) {
    return { kind: 'none', reason: 'past the pipeline limit of a push' }
  }
  if (update.userId === null) return { kind: 'none', reason: 'no pusher' }
  const owner = await deps.access.callerFor(update.userId, { id: update.projectId })
  if (!owner) return { kind: 'none', reason: 'pusher cannot read the project' }
  const ref = { name: update.ref, tag: update.tag }
  const commit = await deps.commits.pushedCommit(update.projectId, ref, update.after)
  if (!commit) return { kind: 'none', reason: 'commit not found' }
  const options = ciPushOptions(update.pushOptions)
  try {
    const pipeline = await deps.pipelines.create({
      caller: owner.caller,
      projectId: update.projectId,
      ref: update.ref,
      sha: commit.sha,
      source: 'push',
      variables: options.variables,
      inputs: {},
      mergeRequest: null,
      triggerId: null,
      idempotencyKey: pushIdempotencyKey(update),
      beforeSha: update.before,
      commit,
      skipped: options.skip || messageSkipsCi(commit.commit?.message ?? ''),
    })
    return { kind: 'created', pipeline }
  } catch (error) {
    // What GitLab would not persist (no configuration, workflow rules, no
    // permission, over the rate limit) stays without a pipeline: a retry changes nothing.
    if (error instanceof InvalidError) {
      return { kind: 'none', reason: Object.values(error.fieldErrors).flat().join('; ') }
    }
    if (error instanceof RateLimitedError) return { kind: 'none', reason: error.message }
    throw error
  }
}
