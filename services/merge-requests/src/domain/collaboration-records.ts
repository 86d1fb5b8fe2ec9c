/** The records people leave on a merge request: blocks, approvals, award emoji, to-dos, timelogs. */
import type { DiffPosition } from './diff-position.js'

/** One merge request blocking another (EE's MergeRequestBlock). */
export interface Block {
  id: number
  blockingMergeRequestId: number
  blockedMergeRequestId: number
  createdAt: Date
}

/** A user's approval (CE: one per user). */
export interface Approval {
  mergeRequestId: number
  userId: number
  createdAt: Date
}

/** An emoji a user awarded to a merge request. */
export interface AwardEmoji {
  id: number
  mergeRequestId: number
  userId: number
  name: string
  createdAt: Date
  updatedAt: Date
}

/** A to-do of a user on a merge request. */
export interface Todo {
  id: number
  userId: number
  authorId: number
  projectId: number
  mergeRequestId: number
  action: string
  /** pending, done */
  state: string
  body: string
  createdAt: Date
  updatedAt: Date
}

export interface NewTodo {
  userId: number
  authorId: number
  projectId: number
  mergeRequestId: number
  action: string
}

/** Spent time to log on a merge request. */
export interface SpendTime {
  mergeRequestId: number
  userId: number
  summary?: string | undefined
  /**
   * The seconds to log given the total spent so far (read under a row lock);
   * it may throw to refuse, and 0 logs nothing.
   */
  seconds: (totalTimeSpent: number) => number
}

/** Assignees or reviewers. */
export type PersonRole = 'assignees' | 'reviewers'

/** A note on a merge request (GitLab's Note, noteable_type MergeRequest). */
export interface Note {
  id: number
  mergeRequestId: number
  mergeRequestIid: number
  projectId: number
  authorId: number
  body: string
  system: boolean
  internal: boolean
  resolvable: boolean
  resolvedAt: Date | null
  resolvedById: number | null
  createdAt: Date
  updatedAt: Date
  /** 40 hex digits; a plain note is its own individual discussion. */
  discussionId: string
  type: NoteType
  /** A DiffNote's place in the diff. */
  position: DiffPosition | null
}

/** GitLab's note classes: a plain Note (null), a DiscussionNote, a DiffNote. */
export type NoteType = null | 'DiscussionNote' | 'DiffNote'
