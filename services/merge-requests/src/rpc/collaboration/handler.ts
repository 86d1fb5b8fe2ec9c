import type {
  CollaborationServiceService,
  Caller as CallerMessage,
  MergeRequestKey as KeyMessage,
} from '@suite/proto'
import type { Caller } from '../../domain/caller.js'
import type { MergeRequestsDeps } from '../../domain/ports.js'
import type { NoteableKey } from '../../domain/noteable.js'

type Definition = typeof CollaborationServiceService

/** An RPC of gitlab.merge_requests.v1.CollaborationService, by its generated name. */
export type CollaborationMethod = keyof Definition

/** Every request of the service names the caller and the merge request it is about. */
interface Addressed {
  caller: CallerMessage | undefined
  mergeRequest: KeyMessage | undefined
}

export type RequestOf<M extends CollaborationMethod> = ReturnType<
  Definition[M]['requestDeserialize']
> &
  Addressed

export type ResponseOf<M extends CollaborationMethod> = Parameters<
  Definition[M]['responseSerialize']
>[0]

/**
 * One RPC: decode what the request adds, call the domain, answer messages.
 * The caller and the merge request (or, for notes, issue) key arrive decoded.
 */
export type CollaborationHandler<M extends CollaborationMethod> = (
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  request: RequestOf<M>,
) => Promise<ResponseOf<M>>

/** The handlers of some RPCs of the service (of all of them by default), one per method. */
export type CollaborationHandlers<M extends CollaborationMethod = CollaborationMethod> = {
  [K in M]: CollaborationHandler<K>
}
