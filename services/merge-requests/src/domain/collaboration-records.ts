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

/** An emoji a user awarded to a merge request or an issue. */
export interface AwardEmoji {
  id: number
  awardable: NoteableRef
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
  /** The merge request or issue the time is logged on. */
  trackable: NoteableRef
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

/** What a note is on (GitLab's noteable_type; notes.rb's noteable types). */
export type NoteableType = 'MergeRequest' | 'Issue'

/** A noteable by its global id. */
export interface NoteableRef {
  type: NoteableType
  id: number
}

/** A commit of a project's repository, by its full SHA (GitLab keeps no row for it). */
export interface CommitRef {
  type: 'Commit'
  projectId: number
  commitId: string
}

/** What a note can be on: a merge request, an issue or a commit. */
export type NoteTarget = NoteableRef | CommitRef

/** A commit comment's diff line (lib/api/commits.rb's path, line and line_type). */
export interface CommitLine {
  path: string
  line: number
  lineType: 'new' | 'old'
}

/** A note on a merge request, an issue or a commit (GitLab's Note). */
export interface Note {
  id: number
  noteableType: NoteTarget['type']
  /** The merge request's or issue's global id and iid (0 for a commit's note). */
  noteableId: number
  noteableIid: number
  /** A commit note's commit; null otherwise. */
  commitId: string | null
  /** A commit comment's diff line (a LegacyDiffNote), when the commit's diff had it. */
  commitLine: CommitLine | null
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

/**
 * GitLab's note classes: a plain Note (null), a DiscussionNote, a DiffNote,
 * and a commit comment on a diff line (LegacyDiffNote).
 */
export type NoteType = null | 'DiscussionNote' | 'DiffNote' | 'LegacyDiffNote'
