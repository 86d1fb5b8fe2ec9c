import type {
  Branch,
  Commit,
  DiffFile,
  GetRepositoryInfoResponse,
  License,
  Tag,
} from '@suite/proto'
import type { BranchProtection } from '../domain/branch-rules.js'
import type { GitBranch } from '../git/branches.js'
import { commitTitle, type GitCommit } from '../git/commit-log.js'
import type { GitDiffFile } from '../git/file-diffs.js'
import type { GitTrailer } from '../git/trailers.js'
import type { KnownLicense } from '../domain/licenses.js'
import type { RepositoryInfo } from '../git/repository-info.js'
import type { GitTag } from '../git/tags.js'

/** A commit as GitLab's Commit entity; trailers only where the caller read them (CompareCommits). */
export function commitToProto(commit: GitCommit & { trailers?: GitTrailer[] }): Commit {
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
    trailers: commit.trailers?.map((trailer) => ({ key: trailer.key, value: trailer.value })) ?? [],
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

export function branchToProto(branch: GitBranch, protection: BranchProtection): Branch {
  return {
    name: branch.name,
    commit: commitToProto(branch.commit),
    merged: branch.merged,
    default: branch.isDefault,
    ...protection,
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

/** A repository's facts for the project entity. */
export function repositoryInfoToProto(info: RepositoryInfo): GetRepositoryInfoResponse {
  return { ...info, license: info.license ? licenseToProto(info.license) : undefined }
}

/** A file diff as GitLab's Diff entity. */
export function diffFileToProto(file: GitDiffFile): DiffFile {
  return {
    oldPath: file.oldPath,
    newPath: file.newPath,
    aMode: file.aMode,
    bMode: file.bMode,
    diff: file.diff,
    newFile: file.newFile,
    renamedFile: file.renamedFile,
    deletedFile: file.deletedFile,
    generatedFile: file.generatedFile,
    collapsed: file.collapsed,
    tooLarge: file.tooLarge,
    binary: file.binary,
    addedLines: file.addedLines,
    removedLines: file.removedLines,
  }
}
