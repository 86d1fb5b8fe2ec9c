import type { Commit, CommitStats } from '@suite/proto'
import { isoTime } from './present-context.js'

/** GitLab's Entities::Commit. */
export interface CommitJson {
  id: string
  short_id: string
  created_at: string | null
  parent_ids: string[]
  title: string
  message: string
  author_name: string
  author_email: string
  authored_date: string | null
  committer_name: string
  committer_email: string
  committed_date: string | null
  trailers: Record<string, string>
  extended_trailers: Record<string, string[]>
  web_url: string
}

/** The project's web URL, for links to its commits, branches and tags. */
export interface ProjectLink {
  webUrl: string
}

export function presentCommit(commit: Commit, project: ProjectLink): CommitJson {
  return {
    id: commit.id,
    short_id: commit.shortId,
    created_at: isoTime(commit.committedDate),
    parent_ids: commit.parentIds,
    title: commit.title,
    message: commit.message,
    author_name: commit.authorName,
    author_email: commit.authorEmail,
    authored_date: isoTime(commit.authoredDate),
    committer_name: commit.committerName,
    committer_email: commit.committerEmail,
    committed_date: isoTime(commit.committedDate),
    trailers: {},
    extended_trailers: {},
    web_url: `${project.webUrl}/-/commit/${commit.id}`,
  }
}

/** Entities::CommitDetail: the commit plus stats, status, project_id and last_pipeline. */
export function presentCommitDetail(
  commit: Commit,
  stats: CommitStats | undefined,
  project: ProjectLink & { id: number },
) {
  return {
    ...presentCommit(commit, project),
    stats: stats
      ? { additions: stats.additions, deletions: stats.deletions, total: stats.total }
      : null,
    status: null,
    project_id: project.id,
    last_pipeline: null,
  }
}
