import type {
  Runner as RunnerMessage,
  RunnerInfo,
  RunnerJob,
  RunnerSettings as RunnerSettingsMessage,
} from '@suite/proto'
import { InvalidError } from '@suite/runtime'
import type { JobPayload } from '../domain/job-payload.js'
import {
  RUNNER_TYPES,
  runnerStatus,
  type Runner,
  type RunnerAccessLevel,
  type RunnerContact,
  type RunnerSettings,
  type RunnerType,
} from '../domain/runner.js'

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined

/** A domain runner as gitlab.ci.v1.Runner, with its status now. */
export function toRunnerMessage(runner: Runner, now: Date): RunnerMessage {
  const status = runnerStatus(runner, now)
  return {
    id: runner.id,
    description: runner.description,
    runnerType: runner.runnerType,
    paused: runner.paused,
    locked: runner.locked,
    runUntagged: runner.runUntagged,
    tagList: runner.tagList,
    maximumTimeout: orUndefined(runner.maximumTimeout),
    accessLevel: runner.accessLevel,
    contactedAt: orUndefined(runner.contactedAt),
    createdAt: runner.createdAt,
    version: orUndefined(runner.version),
    revision: orUndefined(runner.revision),
    platform: orUndefined(runner.platform),
    architecture: orUndefined(runner.architecture),
    ipAddress: orUndefined(runner.ipAddress),
    projectIds: runner.projectIds,
    groupId: orUndefined(runner.groupId),
    creatorId: orUndefined(runner.creatorId),
    maintenanceNote: orUndefined(runner.maintenanceNote),
    status,
    online: status === 'online',
    name: orUndefined(runner.name),
    executor: orUndefined(runner.executor),
    tokenExpiresAt: orUndefined(runner.tokenExpiresAt),
  }
}

/** A runner type as the request names it; anything else is 400. */
export function runnerTypeOf(text: string): RunnerType {
  if ((RUNNER_TYPES as readonly string[]).includes(text)) return text as RunnerType
  throw new InvalidError({}, 'runner_type does not have a valid value')
}

function accessLevelOf(text: string): RunnerAccessLevel {
  if (text === 'not_protected' || text === 'ref_protected') return text
  throw new InvalidError({}, 'access_level does not have a valid value')
}

/** Settings as the request gives them; absent ones stay absent. */
export function settingsOf(message: RunnerSettingsMessage | undefined): RunnerSettings {
  const settings: RunnerSettings = {}
  if (!message) return settings
  if (message.description !== undefined) settings.description = message.description
  if (message.paused !== undefined) settings.paused = message.paused
  if (message.locked !== undefined) settings.locked = message.locked
  if (message.runUntagged !== undefined) settings.runUntagged = message.runUntagged
  if (message.tagList !== undefined) settings.tagList = message.tagList.tags
  if (message.accessLevel !== undefined) settings.accessLevel = accessLevelOf(message.accessLevel)
  if (message.maximumTimeout !== undefined) settings.maximumTimeout = message.maximumTimeout
  if (message.maintenanceNote !== undefined) settings.maintenanceNote = message.maintenanceNote
  return settings
}

/** What the runner said of itself. */
export function contactOf(
  info: RunnerInfo | undefined,
  ipAddress: string,
  systemId: string,
): RunnerContact {
  return {
    name: info?.name,
    version: info?.version,
    revision: info?.revision,
    platform: info?.platform,
    architecture: info?.architecture,
    executor: info?.executor,
    ipAddress: ipAddress || undefined,
    systemId: systemId || undefined,
  }
}

const json = (value: unknown): string =>
  value === null || value === undefined ? '' : JSON.stringify(value)

/** A job payload as gitlab.ci.v1.RunnerJob. */
export function toRunnerJobMessage(payload: JobPayload): RunnerJob {
  const { job } = payload
  return {
    id: job.id,
    token: payload.token,
    projectId: job.projectId,
    projectName: payload.projectName,
    projectFullPath: payload.projectFullPath,
    pipelineId: job.pipelineId,
    name: job.name,
    stage: job.stage,
    ref: job.ref,
    sha: job.sha,
    beforeSha: payload.beforeSha,
    tag: job.tag,
    refspecs: payload.refspecs,
    depth: payload.depth,
    timeoutSeconds: payload.timeout,
    variables: payload.variables,
    steps: payload.steps,
    imageJson: json(payload.image),
    servicesJson: json(payload.services),
    artifactsJson: json(payload.artifacts),
    cacheJson: json(payload.cache),
    timeInQueueSeconds: payload.timeInQueueSeconds,
    protectedRef: payload.protectedRef,
    repoUrl: payload.repositoryUrl,
  }
}
