import { newSecretToken, secretDigest } from '@suite/runtime'

/** Where a runner takes jobs from. */
export type RunnerType = 'instance_type' | 'group_type' | 'project_type'

export const RUNNER_TYPES: readonly RunnerType[] = ['instance_type', 'group_type', 'project_type']

/** A protected-refs-only runner, or one for every ref. */
export type RunnerAccessLevel = 'not_protected' | 'ref_protected'

/** A runner (GitLab's ci_runners row), as the domain sees it. */
export interface Runner {
  id: number
  runnerType: RunnerType
  description: string
  paused: boolean
  locked: boolean
  runUntagged: boolean
  tagList: string[]
  accessLevel: RunnerAccessLevel
  maximumTimeout: number | null
  maintenanceNote: string | null
  groupId: number | null
  /** A group runner's group path: it runs the jobs of the projects under it. */
  groupPath: string | null
  creatorId: number | null
  projectIds: number[]
  createdAt: Date
  tokenExpiresAt: Date | null
  contactedAt: Date | null
  name: string | null
  version: string | null
  revision: string | null
  platform: string | null
  architecture: string | null
  executor: string | null
  ipAddress: string | null
}

/** What a runner is created with, or what an update changes (absent: unchanged). */
export interface RunnerSettings {
  description?: string
  paused?: boolean
  locked?: boolean
  runUntagged?: boolean
  tagList?: string[]
  accessLevel?: RunnerAccessLevel
  maximumTimeout?: number | null
  maintenanceNote?: string | null
}

/** What gitlab-runner tells of itself on every request. */
export interface RunnerContact {
  name?: string
  version?: string
  revision?: string
  platform?: string
  architecture?: string
  executor?: string
  ipAddress?: string
  systemId?: string
}

/** GitLab's prefixes: runner authentication tokens and CI job tokens. */
export const RUNNER_TOKEN_PREFIX = 'glrt-'
export const JOB_TOKEN_PREFIX = 'glcbt-'

/** A new secret token with `prefix` (160 random bits). */
export function newToken(prefix: string): string {
  return newSecretToken(prefix, 20)
}

/** What is stored of a token: its SHA-256, never the token. */
export const tokenDigest = secretDigest

/** Ci::Runner::ONLINE_CONTACT_TIMEOUT and STALE_TIMEOUT. */
const ONLINE_SECONDS = 2 * 60 * 60
const STALE_SECONDS = 7 * 24 * 60 * 60

export type RunnerStatus = 'online' | 'offline' | 'stale' | 'never_contacted'

/** Ci::Runner#status: online within two hours of contact, stale after a week without. */
export function runnerStatus(runner: Runner, now: Date): RunnerStatus {
  const ageOf = (date: Date) => (now.getTime() - date.getTime()) / 1000
  if (runner.contactedAt === null) {
    return ageOf(runner.createdAt) > STALE_SECONDS ? 'stale' : 'never_contacted'
  }
  const age = ageOf(runner.contactedAt)
  if (age <= ONLINE_SECONDS) return 'online'
  return age > STALE_SECONDS ? 'stale' : 'offline'
}

/** Ci::Runner's tag_list: trimmed, unique, in order; a comma-separated string also works. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  for (const tag of tags.flatMap((item) => item.split(','))) {
    const trimmed = tag.trim()
    if (trimmed !== '') seen.add(trimmed)
  }
  return [...seen]
}
