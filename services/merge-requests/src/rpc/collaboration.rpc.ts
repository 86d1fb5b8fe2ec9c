import { CollaborationServiceService, type CollaborationServiceServer } from '@suite/proto'
import { InvalidError, type GrpcServer } from '@suite/runtime'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { approvalHandlers } from './collaboration/approvals.rpc.js'
import { awardEmojiHandlers } from './collaboration/award-emoji.rpc.js'
import { blockHandlers } from './collaboration/blocks.rpc.js'
import { discussionHandlers } from './collaboration/discussions.rpc.js'
import type {
  CollaborationHandler,
  CollaborationHandlers,
  CollaborationMethod,
} from './collaboration/handler.js'
import { noteHandlers } from './collaboration/notes.rpc.js'
import { participationHandlers } from './collaboration/participation.rpc.js'
import { stateEventHandlers } from './collaboration/state-events.rpc.js'
import { timeTrackingHandlers } from './collaboration/time-tracking.rpc.js'
import type { NoteableKey } from '../domain/noteable.js'
import { toCaller, toMergeRequestKey } from './from-proto.js'

/** Every RPC of the service, by area; the type makes a missing one a compile error. */
const HANDLERS: CollaborationHandlers = {
  ...blockHandlers,
  ...participationHandlers,
  ...timeTrackingHandlers,
  ...approvalHandlers,
  ...awardEmojiHandlers,
  ...noteHandlers,
  ...discussionHandlers,
  ...stateEventHandlers,
}

/** The method's name as its generated definition carries it (`.../ListBlocks`), for metrics. */
function methodName(method: CollaborationMethod): string {
  const path = CollaborationServiceService[method].path
  return path.slice(path.lastIndexOf('/') + 1)
}

/** The note and discussion RPCs: they serve merge requests, issues and commits alike. */
const NOTE_METHODS: readonly CollaborationMethod[] = [
  'listNotes',
  'getNote',
  'createNote',
  'updateNote',
  'deleteNote',
  'listDiscussions',
  'getDiscussion',
  'createDiscussion',
  'replyToDiscussion',
]

/** The RPCs that serve issues as well as merge requests (the key's noteable_type Issue). */
const ISSUE_METHODS: ReadonlySet<CollaborationMethod> = new Set<CollaborationMethod>([
  ...NOTE_METHODS,
  'listAwardEmoji',
  'getAwardEmoji',
  'createAwardEmoji',
  'deleteAwardEmoji',
  'subscribe',
  'unsubscribe',
  'setTimeEstimate',
  'resetTimeEstimate',
  'addSpentTime',
  'resetSpentTime',
  'getTimeStats',
])

/** The RPCs that serve commits as well (the key's noteable_type Commit): notes and discussions. */
const COMMIT_METHODS: ReadonlySet<CollaborationMethod> = new Set(NOTE_METHODS)

/** The key with its noteable type; an issue or a commit only for the RPCs that serve them. */
function toNoteableKey(
  method: CollaborationMethod,
  key: Parameters<typeof toMergeRequestKey>[0],
): NoteableKey {
  const type = key?.noteableType ?? ''
  if (type === '' || type === 'MergeRequest') return toMergeRequestKey(key)
  if (type === 'Issue' && ISSUE_METHODS.has(method)) {
    return { ...toMergeRequestKey(key), noteableType: 'Issue' }
  }
  if (type === 'Commit' && COMMIT_METHODS.has(method)) {
    return { ...toMergeRequestKey(key), noteableType: 'Commit', commitSha: key?.commitSha ?? '' }
  }
  throw new InvalidError({}, `${methodName(method)} does not serve noteable_type ${type}`)
}

/** One handler as a grpc-js unary call: the caller and the merge request key decoded first. */
function bind<M extends CollaborationMethod>(
  server: GrpcServer,
  deps: MergeRequestsDeps,
  method: M,
  handle: CollaborationHandler<M>,
) {
  return server.unary(methodName(method), (request: Parameters<typeof handle>[3]) =>
    handle(deps, toCaller(request.caller), toNoteableKey(method, request.mergeRequest), request),
  )
}

/**
 * gitlab.merge_requests.v1.CollaborationService: blocks, subscriptions,
 * to-dos, time tracking, approvals, award emoji, notes, discussions and
 * state events, one handler table per area under collaboration/.
 */
export function collaborationService(
  server: GrpcServer,
  deps: MergeRequestsDeps,
): CollaborationServiceServer {
  const methods = Object.keys(HANDLERS) as CollaborationMethod[]
  return Object.fromEntries(
    methods.map((method) => [method, bind(server, deps, method, HANDLERS[method])]),
  ) as CollaborationServiceServer
}
