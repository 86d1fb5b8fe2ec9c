import {
  ForbiddenError,
  InvalidError,
  RecordNotFoundError,
  UnauthenticatedError,
  pageWindow,
  type PageRequest,
} from '@suite/runtime'
import type { Caller } from './caller.js'
import { newTriggerToken, type TriggerStore } from './trigger.js'
import { viewTrigger, type TriggerView } from './trigger-view.js'

/**
 * How far ahead a token may expire: GitLab's instance maximum for token
 * lifetimes (365 days unless an administrator lowers it), checked on create.
 */
export const MAX_LIFETIME_DAYS = 365

const DAY_MS = 24 * 60 * 60 * 1000

/** CreateService / UpdateService refusals, verbatim after "403 Forbidden - ". */
export const NOT_ALLOWED_TO_UPDATE =
  'The current user is not authorized to update the pipeline trigger token'

/** The signed-in user acting; anonymous callers never reach here past the gateway. */
function userOf(caller: Caller): number {
  if (caller.userId === null) throw new UnauthenticatedError()
  return caller.userId
}

/**
 * :admin_build / :manage_trigger (Maintainer and up) in the project acted on;
 * abilities of another project do not count. 403 Forbidden otherwise.
 */
function canManageTriggers(caller: Caller, projectId: number): boolean {
  return caller.grant?.projectId === projectId && caller.grant.adminPipelineTriggers
}

function requireManageTriggers(caller: Caller, projectId: number): number {
  const userId = userOf(caller)
  if (!canManageTriggers(caller, projectId)) throw new ForbiddenError()
  return userId
}

/** GET /projects/:id/triggers: a page of the project's tokens, as this caller may see them. */
export async function listTriggers(
  store: TriggerStore,
  caller: Caller,
  projectId: number,
  page: PageRequest | undefined,
): Promise<{ triggers: TriggerView[]; total: number }> {
  const userId = requireManageTriggers(caller, projectId)
  const { triggers, total } = await store.list(projectId, pageWindow(page))
  return { triggers: triggers.map((trigger) => viewTrigger(trigger, userId)), total }
}

/** GET /projects/:id/triggers/:trigger_id; an unknown id is GitLab's find miss (404 Not found). */
export async function getTrigger(
  store: TriggerStore,
  caller: Caller,
  projectId: number,
  id: number,
): Promise<TriggerView> {
  const userId = requireManageTriggers(caller, projectId)
  const trigger = await store.find(projectId, id)
  if (!trigger) throw new RecordNotFoundError()
  return viewTrigger(trigger, userId)
}

export interface CreateTriggerInput {
  description: string
  expiresAt: Date | null
}

/** POST /projects/:id/triggers: a new token owned by the caller, shown to them in full. */
export async function createTrigger(
  store: TriggerStore,
  caller: Caller,
  projectId: number,
  input: CreateTriggerInput,
  now: Date,
): Promise<TriggerView> {
  const userId = requireManageTriggers(caller, projectId)
  const latest = new Date(now.getTime() + MAX_LIFETIME_DAYS * DAY_MS)
  if (input.expiresAt !== null && input.expiresAt.getTime() > latest.getTime()) {
    const errors = { expires_at: [`must be before ${latest.toISOString().slice(0, 10)}`] }
    // bad_request!(trigger.errors.to_json): the errors travel as text after the status.
    throw new InvalidError({}, `400 Bad request - ${JSON.stringify(errors)}`, 'trigger_invalid')
  }
  const trigger = await store.create({
    projectId,
    ownerId: userId,
    description: input.description,
    token: newTriggerToken(),
    expiresAt: input.expiresAt,
  })
  return viewTrigger(trigger, userId)
}

/**
 * PUT /projects/:id/triggers/:trigger_id: only the token's owner, while they
 * may manage triggers (:admin_trigger); the endpoint finds the token first.
 * An absent description clears it, as GitLab's declared params do.
 */
export async function updateTrigger(
  store: TriggerStore,
  caller: Caller,
  projectId: number,
  id: number,
  description: string | null,
): Promise<TriggerView> {
  const userId = userOf(caller)
  const trigger = await store.find(projectId, id)
  if (!trigger) throw new RecordNotFoundError()
  if (!canManageTriggers(caller, projectId) || trigger.ownerId !== userId) {
    throw new ForbiddenError(NOT_ALLOWED_TO_UPDATE)
  }
  const updated = await store.updateDescription(projectId, id, description)
  if (!updated) throw new RecordNotFoundError()
  return viewTrigger(updated, userId)
}

/** DELETE /projects/:id/triggers/:trigger_id (204). */
export async function deleteTrigger(
  store: TriggerStore,
  caller: Caller,
  projectId: number,
  id: number,
): Promise<void> {
  requireManageTriggers(caller, projectId)
  if (!(await store.delete(projectId, id))) throw new RecordNotFoundError()
}
