/** The domain's diff versions, files and commits as messages. */
import type {
  Commit as CommitMessage,
  DiffFile as DiffFileMessage,
  DiffVersion as DiffVersionMessage,
} from '@suite/proto'
import type { DiffVersionDetail } from '../domain/diff-reads.js'
import type { Commit, DiffFile, DiffVersion } from '../domain/diff-version.js'

export function toDiffFileMessage(file: DiffFile): DiffFileMessage {
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

export function toCommitMessage(commit: Commit): CommitMessage {
  return {
    id: commit.id,
    shortId: commit.shortId,
    title: commit.title,
    message: commit.message,
    authorName: commit.authorName,
    authorEmail: commit.authorEmail,
    authoredDate: commit.authoredDate,
    committerName: commit.committerName,
    committerEmail: commit.committerEmail,
    committedDate: commit.committedDate,
    parentIds: [...commit.parentIds],
    trailers: commit.trailers.map((trailer) => ({ key: trailer.key, value: trailer.value })),
  }
}

/** A version without its commits and files; null shas and sizes travel as GitLab shows them. */
export function toDiffVersionMessage(version: DiffVersion): DiffVersionMessage {
  return {
    id: version.id,
    headCommitSha: version.headCommitSha,
    baseCommitSha: version.baseCommitSha ?? '',
    startCommitSha: version.startCommitSha,
    createdAt: version.createdAt,
    mergeRequestId: version.mergeRequestId,
    state: version.state,
    realSize: version.realSize ?? '0',
    patchIdSha: version.patchIdSha ?? '',
    commits: [],
    diffs: [],
  }
}

export function toDiffVersionDetailMessage(version: DiffVersionDetail): DiffVersionMessage {
  return {
    ...toDiffVersionMessage(version),
    commits: version.commits.map(toCommitMessage),
    diffs: version.diffs.map(toDiffFileMessage),
  }
}
