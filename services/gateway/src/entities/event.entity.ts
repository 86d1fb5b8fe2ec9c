import type { Event, PushData } from '@suite/proto'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { presentUserBasic, type UserBasicJson } from './user-basic.entity.js'

/** API::Entities::PushEventPayload */
export interface PushDataJson {
  commit_count: number
  action: string
  ref_type: string
  commit_from: string | null
  commit_to: string | null
  ref: string
  commit_title: string | null
  ref_count: number | null
}

/** API::Entities::Event */
export interface EventJson {
  id: number
  title: string | null
  project_id: number
  action_name: string
  target_id: number | null
  target_iid: number | null
  target_type: string | null
  author_id: number
  target_title: string | null
  created_at: string | null
  author?: UserBasicJson
  imported: boolean
  imported_from: string
  push_data?: PushDataJson
  note: null
  author_username: string | null
}

export function presentPushData(push: PushData): PushDataJson {
  return {
    commit_count: push.commitCount,
    action: push.action,
    ref_type: push.refType,
    commit_from: orNull(push.commitFrom),
    commit_to: orNull(push.commitTo),
    ref: push.ref,
    commit_title: orNull(push.commitTitle),
    // Set only for a bulk push of many refs (GitLab leaves single-ref pushes null).
    ref_count: push.refCount > 1 ? push.refCount : null,
  }
}

/**
 * One activity event. `author` is left out when the author no longer exists
 * (GitLab's `if: event.author`); `push_data` is there only on push events.
 * No events of notes or imports are recorded, so `note` is null, `imported`
 * false and `imported_from` "none".
 */
export function presentEvent(event: Event, ctx: PresentContext): EventJson {
  const author = ctx.users.get(event.authorId)
  return {
    id: event.id,
    title: null,
    project_id: event.projectId,
    action_name: event.actionName,
    target_id: orNull(event.targetId),
    target_iid: orNull(event.targetIid),
    target_type: orNull(event.targetType),
    author_id: event.authorId,
    target_title: orNull(event.targetTitle),
    created_at: isoTime(event.createdAt),
    ...(author ? { author: presentUserBasic(author, ctx) } : {}),
    imported: false,
    imported_from: 'none',
    ...(event.action === 'pushed' && event.pushData
      ? { push_data: presentPushData(event.pushData) }
      : {}),
    note: null,
    author_username: author ? author.username : null,
  }
}

/** The users an event refers to: its author. */
export function eventRelatedIds(event: Event): readonly number[] {
  return [event.authorId]
}
