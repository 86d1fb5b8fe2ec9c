import { randomBytes } from 'node:crypto'
import type { Window } from './ports.js'

/** GitLab's Ci::Trigger::TRIGGER_TOKEN_PREFIX. */
export const TRIGGER_TOKEN_PREFIX = 'glptt-'

/** How many characters of someone else's token a Maintainer sees (Ci::Trigger#short_token). */
export const SHORT_TOKEN_LENGTH = 4

/** A pipeline trigger token of a project (GitLab's ci_triggers row), token in clear. */
export interface Trigger {
  id: number
  projectId: number
  ownerId: number
  /** Null after an update that gave none (GitLab sets what was declared). */
  description: string | null
  token: string
  createdAt: Date
  updatedAt: Date
  /** When the token last started a pipeline. */
  lastUsed: Date | null
  /** Null: never expires. */
  expiresAt: Date | null
}

export interface NewTrigger {
  projectId: number
  ownerId: number
  description: string
  token: string
  expiresAt: Date | null
}

/** How the domain reaches stored trigger tokens; the store seals and digests tokens. */
export interface TriggerStore {
  create(trigger: NewTrigger): Promise<Trigger>
  /** Oldest first (GitLab's default order of project.triggers), with the count of all. */
  list(projectId: number, window: Window): Promise<{ triggers: Trigger[]; total: number }>
  find(projectId: number, id: number): Promise<Trigger | undefined>
  /** By the keyed digest of the token: never a scan. */
  findByToken(token: string): Promise<Trigger | undefined>
  updateDescription(
    projectId: number,
    id: number,
    description: string | null,
  ): Promise<Trigger | undefined>
  /** False when there was none. */
  delete(projectId: number, id: number): Promise<boolean>
  /** Sets last_used. */
  markUsed(id: number, at: Date): Promise<void>
}

/** `glptt-` and 40 hex characters (20 random bytes). */
export function newTriggerToken(): string {
  return `${TRIGGER_TOKEN_PREFIX}${randomBytes(20).toString('hex')}`
}

/** Whether a token has expired at `now` (Expirable#expired?). */
export function isExpired(trigger: Pick<Trigger, 'expiresAt'>, now: Date): boolean {
  return trigger.expiresAt !== null && trigger.expiresAt.getTime() <= now.getTime()
}
