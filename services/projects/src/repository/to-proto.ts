import type { Branch, Commit, License, Tag } from '@suite/proto'
import type { GitBranch } from './branches.js'
import { commitTitle, type GitCommit } from './commit-log.js'
import type { KnownLicense } from './licenses.js'
import type { GitTag } from './tags.js'

export function commitToProto(commit: GitCommit): Commit {
  return {
    id: commit.id,
    shortId: commit.id.slice(0, 8),
    title: commitTitle(commit.message),
    message: commit.message,
    authorName: commit.authorName,
    authorEmail: commit.authorEmail,
    authoredDate: commit.authoredDate,
    committerName: commit.committerName,
    committerEmail: commit.committerEmail,
    committedDate: commit.committedDate,
    parentIds: commit.parentIds,
    trailers: [],
  }
}

export function tagToProto(tag: GitTag): Tag {
  return {
    name: tag.name,
    message: tag.message,
    target: tag.target,
    commit: commitToProto(tag.commit),
    createdAt: tag.createdAt,
    annotated: tag.message !== undefined,
  }
}

export function branchToProto(branch: GitBranch): Branch {
  return {
    name: branch.name,
    commit: commitToProto(branch.commit),
    merged: branch.merged,
    default: branch.isDefault,
  }
}

export function licenseToProto(license: KnownLicense): License {
  return {
    key: license.key,
    name: license.name,
    nickname: license.nickname,
    htmlUrl: license.htmlUrl,
    sourceUrl: license.sourceUrl,
  }
}
