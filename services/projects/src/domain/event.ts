/** One stored activity event, as the events domain works on it. */
export interface ActivityEvent {
  id: number
  projectId: number
  authorId: number
  /** The stored action: created, pushed, merged, joined, ... */
  action: string
  targetType: string | null
  targetId: number | null
  targetIid: number | null
  targetTitle: string | null
  createdAt: Date
  push: PushPayload | null
}

/** GitLab's push_event_payloads row. */
export interface PushPayload {
  commitCount: number
  /** created, removed, pushed */
  action: string
  /** branch, tag */
  refType: string
  commitFrom: string | null
  commitTo: string | null
  ref: string
  commitTitle: string | null
  refCount: number | null
}
