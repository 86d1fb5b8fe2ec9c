import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import { HookEvent as HookEventMessage } from '@suite/proto'
import { createDurableProducer } from './durable-producer.js'
import type { OutboxRoute } from './outbox-relay.js'
import type { OutboxCodec } from './outbox-store.js'

/**
 * The queue every service reports webhook events to (a push, a merge request
 * change, a note, a pipeline status); the projects worker drains it, finds the
 * project's hooks that want the event and queues one delivery per hook.
 */
export const HOOK_EVENTS_QUEUE = 'projects.hook-events'

/** GitLab's hook scopes, by the flag a project hook turns them on with. */
export const HOOK_KINDS = {
  push_hooks: { flag: 'push_events', header: 'Push Hook' },
  tag_push_hooks: { flag: 'tag_push_events', header: 'Tag Push Hook' },
  merge_request_hooks: { flag: 'merge_requests_events', header: 'Merge Request Hook' },
  issue_hooks: { flag: 'issues_events', header: 'Issue Hook' },
  // Confidential issues go only to hooks that ask for them (Issue#hooks_scope).
  confidential_issue_hooks: {
    flag: 'confidential_issues_events',
    header: 'Confidential Issue Hook',
  },
  note_hooks: { flag: 'note_events', header: 'Note Hook' },
  // Internal notes go only to hooks that ask for them (Notes::PostProcessService).
  confidential_note_hooks: { flag: 'confidential_note_events', header: 'Confidential Note Hook' },
  pipeline_hooks: { flag: 'pipeline_events', header: 'Pipeline Hook' },
} as const

export type HookKind = keyof typeof HOOK_KINDS

/** Every *_events flag a project hook has, with its default (lib/api/project_hooks.rb). */
export const PROJECT_HOOK_EVENT_FLAGS = {
  push_events: true,
  issues_events: false,
  confidential_issues_events: false,
  merge_requests_events: false,
  tag_push_events: false,
  note_events: false,
  confidential_note_events: false,
  job_events: false,
  pipeline_events: false,
  wiki_page_events: false,
  deployment_events: false,
  feature_flag_events: false,
  releases_events: false,
  milestone_events: false,
  emoji_events: false,
  resource_access_token_events: false,
  resource_deploy_token_events: false,
  vulnerability_events: false,
  repository_update_events: false,
} as const satisfies Record<string, boolean>

export type ProjectHookEventFlag = keyof typeof PROJECT_HOOK_EVENT_FLAGS

/** The triggers POST /projects/:id/hooks/:hook_id/test/:trigger takes (ProjectHook's). */
export const PROJECT_HOOK_TRIGGERS = [
  'push_events',
  'tag_push_events',
  'issues_events',
  'confidential_issues_events',
  'note_events',
  'confidential_note_events',
  'merge_requests_events',
  'job_events',
  'pipeline_events',
  'wiki_page_events',
  'deployment_events',
  'feature_flag_events',
  'releases_events',
  'emoji_events',
  'resource_access_token_events',
] as const

/**
 * One event as its owner reports it: gitlab.projects.v1.HookEvent
 * (proto/gitlab/projects/v1/hook_events.proto, the contract on the queue),
 * with its kind one of HOOK_KINDS and its payload present, as decodeHookEvent
 * checks. The payload is the part the owner of the object builds
 * (object_attributes, commits, ...); the projects worker adds the `project`
 * and `repository` blocks, and the `user` block of `userId`, from what it
 * owns or asks identity for. `projectBlocks` may be left out (proto3 maps
 * cannot say "absent"; the queue's JSON never needed it).
 */
export type HookEvent = Omit<HookEventMessage, 'kind' | 'projectBlocks' | 'payload'> & {
  kind: HookKind
  projectBlocks?: HookEventMessage['projectBlocks']
  payload: Record<string, unknown>
}

/**
 * A job's data on `projects.hook-events`: the message's JSON form, which
 * carries the same keys and values as the event itself (what jobs queued
 * before the message existed carry).
 */
export function hookEventJobData(event: HookEvent): unknown {
  return HookEventMessage.toJSON({ ...event, projectBlocks: event.projectBlocks ?? {} })
}

/**
 * A time as GitLab's asynchronous webhook payloads carry it (Ruby's Time#to_s
 * in UTC after Sidekiq's serialisation): "2016-08-12 15:23:28 UTC".
 */
export function hookTime(date: Date): string
export function hookTime(date: Date | null): string | null
export function hookTime(date: Date | null): string | null {
  if (date === null) return null
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

/** A new event of the kind, with its own uuid. */
export function hookEvent(spec: Omit<HookEvent, 'uuid'>): HookEvent {
  return { uuid: randomUUID(), ...spec }
}

const isKind = (value: unknown): value is HookKind =>
  typeof value === 'string' && Object.hasOwn(HOOK_KINDS, value)

/** A job's payload as a HookEvent, or undefined when it is not a usable one. */
export function decodeHookEvent(data: unknown): HookEvent | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const event = data as Partial<HookEvent>
  if (typeof event.uuid !== 'string' || event.uuid === '') return undefined
  if (typeof event.projectId !== 'number' || !Number.isSafeInteger(event.projectId)) {
    return undefined
  }
  if (!isKind(event.kind)) return undefined
  if (typeof event.payload !== 'object' || event.payload === null) return undefined
  return event as HookEvent
}

/**
 * Events in a schema's `hook_event_outbox`, written with the change that
 * caused them. The payload is kept as JSON text there: jsonb would reorder
 * its keys, and receivers see GitLab's order.
 */
export const HOOK_EVENT_OUTBOX: OutboxCodec<HookEvent> = {
  table: 'hook_event_outbox',
  toJSON: (event) => ({ ...event, payload: JSON.stringify(event.payload) }),
  // The worker checks each job with decodeHookEvent; a bad row must not stop the relay.
  fromJSON: (row) => {
    const event = row as Omit<HookEvent, 'payload'> & { payload: unknown }
    let payload = event.payload
    if (typeof payload === 'string') {
      try {
        payload = JSON.parse(payload) as unknown
      } catch {
        payload = undefined
      }
    }
    return { ...event, payload } as HookEvent
  },
  keyOf: (event) => event.uuid,
}

/** The outbox and its queue, for startServiceOutboxRelay. */
export const HOOK_EVENT_ROUTE: OutboxRoute<HookEvent> = {
  outbox: HOOK_EVENT_OUTBOX,
  createPublisher: (connection: Redis) =>
    createDurableProducer(connection, {
      queue: HOOK_EVENTS_QUEUE,
      jobName: 'hook-event',
      toData: hookEventJobData,
      jobId: (event) => `hook_event_${event.uuid}`,
    }),
}
