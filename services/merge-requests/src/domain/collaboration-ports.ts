/**
 * How the domain reaches the collaboration data of merge requests (blocks,
 * approvals, award emoji, notes, subscriptions, to-dos, time logs); store/
 * implements these.
 */
import type {
  Approval,
  AwardEmoji,
  Block,
  CommitLine,
  NewTodo,
  Note,
  NoteableRef,
  NoteTarget,
  NoteType,
  SpendTime,
  Todo,
} from './collaboration-records.js'
import type { DiffPosition } from './diff-position.js'
import type { TrackedTimes } from './time-stats.js'

/** A page of rows: how many, after how many. */
export interface Window {
  limit: number
  offset: number
}

/** A note list's order: GitLab's order_by (created_at, updated_at) and sort. */
export interface NoteOrder {
  by: 'created_at' | 'updated_at'
  direction: 'asc' | 'desc'
}

/** A note to write. */
export interface NewNote {
  noteable: NoteTarget
  projectId: number
  authorId: number
  body: string
  system: boolean
  internal: boolean
  createdAt: Date | null
  /** A reply's discussion; a new one otherwise. */
  discussionId?: string
  type?: NoteType
  resolvable?: boolean
  position?: DiffPosition | null
  /** A commit comment's diff line. */
  commitLine?: CommitLine | null
}

export interface BlocksPort {
  /** Blocks where the merge request is the blocked one (blocks_as_blockee), oldest first. */
  listAsBlockee(id: number): Promise<Block[]>
  /** Blocks where the merge request is the blocking one (blocks_as_blocker), oldest first. */
  listAsBlocker(id: number): Promise<Block[]>
  /** The block `blockId` when it blocks `blockedId`. */
  findOfBlockee(blockedId: number, blockId: number): Promise<Block | undefined>
  /** Whether `blockingId` already blocks `blockedId`. */
  exists(blockingId: number, blockedId: number): Promise<boolean>
  /** How many merge requests the request blocks. */
  countBlocking(mergeRequestId: number): Promise<number>
  /** How many merge requests block the request. */
  countBlockedBy(mergeRequestId: number): Promise<number>
  /** Stores a block; a duplicate raises PostgreSQL's unique_violation. */
  insert(blockingId: number, blockedId: number): Promise<Block>
  /** Removes a block. */
  delete(blockId: number): Promise<void>
  /** Which of the requests an open request blocks. */
  findBlocked(ids: readonly number[]): Promise<Set<number>>
}

export interface ApprovalsPort {
  /** The merge request's approvals, oldest first. */
  list(mergeRequestId: number): Promise<Approval[]>
  /** Stores an approval; false when the user had already approved. */
  insert(mergeRequestId: number, userId: number): Promise<boolean>
  /** Removes the user's approval; false when there was none. */
  delete(mergeRequestId: number, userId: number): Promise<boolean>
  /** Number of approvals of each request. */
  countFor(ids: readonly number[]): Promise<Map<number, number>>
}

export interface AwardEmojiPort {
  /** One page of the awardable's award emoji, by id. */
  list(
    awardable: NoteableRef,
    window: Window,
  ): Promise<{
    awards: AwardEmoji[]
    total: number
  }>
  /** The award `awardId` when it is on the awardable. */
  find(awardable: NoteableRef, awardId: number): Promise<AwardEmoji | undefined>
  /** Whether the user already awarded that emoji to the awardable. */
  exists(awardable: NoteableRef, userId: number, name: string): Promise<boolean>
  /**
   * Awards an emoji: the award, the vote count and, on a merge request, the
   * user's pending to-dos marked done (GitLab's TodoService#new_award_emoji).
   * A duplicate raises PostgreSQL's unique_violation.
   */
  insert(awardable: NoteableRef, userId: number, name: string): Promise<AwardEmoji>
  /** Removes an award and the vote it counted. */
  delete(award: AwardEmoji): Promise<void>
}

export interface NotesPort {
  /**
   * One page of the request's notes in `order`, ties by id. Without
   * `withInternal` internal notes are left out of the page and the total.
   */
  list(
    noteable: NoteTarget,
    window: Window,
    order: NoteOrder,
    withInternal: boolean,
  ): Promise<{
    notes: Note[]
    total: number
  }>
  /** The project's newest note a user wrote in the open (not a system or internal one). */
  newestUserNote(projectId: number): Promise<Note | undefined>
  /** One note of the noteable; an internal one only `withInternal`. */
  find(noteable: NoteTarget, noteId: number, withInternal: boolean): Promise<Note | undefined>
  insert(note: NewNote): Promise<Note>
  /** Whether the request has the pushed-commits note of this push. */
  hasPushNote(mergeRequestId: number, pushKey: string): Promise<boolean>
  /**
   * Writes a push's pushed-commits system note once: false when the request
   * has that push's note already (a retried job).
   */
  insertPushNote(
    note: {
      mergeRequestId: number
      projectId: number
      authorId: number
      body: string
    },
    pushKey: string,
  ): Promise<boolean>
  updateBody(note: Note, body: string): Promise<Note>
  delete(note: Note): Promise<void>
  /**
   * One page of the request's discussion ids, in the order of their first
   * notes (Noteable#discussion_ids_relation), and how many there are.
   */
  listDiscussionIds(
    noteable: NoteTarget,
    window: Window,
    withInternal: boolean,
  ): Promise<{
    ids: string[]
    total: number
  }>
  /** The notes of these discussions, oldest first (GitLab's `fresh`); internal ones only `withInternal`. */
  listInDiscussions(
    noteable: NoteTarget,
    discussionIds: string[],
    withInternal: boolean,
  ): Promise<Note[]>
  /** Replying to an individual note makes it a DiscussionNote (Note#to_discussion + convert). */
  convertToDiscussionNote(note: Note, resolvable: boolean): Promise<void>
  /** Resolves (resolver given) or unresolves these notes; only resolvable ones change. */
  setResolved(noteIds: number[], resolvedById: number | null): Promise<void>
  /** Whether any resolvable note of the request is still unresolved (to_be_resolved?). */
  hasUnresolved(mergeRequestId: number): Promise<boolean>
  /** The issues, of these, on which the user wrote a note (not a system note). */
  issuesCommentedBy(issueIds: readonly number[], userId: number): Promise<Set<number>>
}

export interface SubscriptionsPort {
  /** The user's explicit subscription choice for a request or issue, if any. */
  find(ref: NoteableRef, userId: number): Promise<boolean | undefined>
  /** The user's explicit choices for these issues, by issue id. */
  findForIssues(issueIds: readonly number[], userId: number): Promise<Map<number, boolean>>
  /** Sets the user's subscription state, creating the row when there is none. */
  save(ref: NoteableRef, userId: number, subscribed: boolean): Promise<void>
}

export interface TodosPort {
  /** Whether the user has a pending to-do (of any action) for the merge request. */
  hasPending(mergeRequestId: number, userId: number): Promise<boolean>
  /** Stores a pending to-do. */
  insert(todo: NewTodo): Promise<Todo>
  /** Marks the user's pending to-dos for the merge request done. */
  markPendingDone(mergeRequestId: number, userId: number): Promise<void>
}

export interface TimelogsPort {
  /** Sets the estimate (seconds) of a request or issue and answers its times. */
  saveTimeEstimate(trackable: NoteableRef, seconds: number): Promise<TrackedTimes>
  /**
   * Logs spent time and moves total_time_spent with it in one transaction,
   * with the request's or issue's row locked so that concurrent logs add up.
   */
  spendTime(spend: SpendTime): Promise<TrackedTimes>
}
