/**
 * Diff versions (GitLab's merge_request_diffs): what a comparison of the
 * source head with the merge-base found, kept with its commits and files.
 */

/** A stored version, without its commits and files. */
export interface DiffVersion {
  id: number
  mergeRequestId: number
  headCommitSha: string
  /** The merge-base, null when the branches share no history. */
  baseCommitSha: string | null
  /** The target head the version was compared against. */
  startCommitSha: string
  /** collected, empty, overflow */
  state: string
  /** The file count, with "+" when the limits cut it. */
  realSize: string | null
  filesCount: number
  overflow: boolean
  patchIdSha: string | null
  createdAt: Date
}

/** One file of a diff, as the repository compares it and the version keeps it. */
export interface DiffFile {
  oldPath: string
  newPath: string
  aMode: string
  bMode: string
  diff: string
  newFile: boolean
  renamedFile: boolean
  deletedFile: boolean
  generatedFile: boolean
  collapsed: boolean
  tooLarge: boolean
  binary: boolean
  /** Line counts come with a comparison; a stored version does not keep them (0). */
  addedLines: number
  removedLines: number
}

export interface CommitTrailer {
  key: string
  value: string
}

/** A commit as the repository describes it. */
export interface Commit {
  id: string
  shortId: string
  title: string
  message: string
  authorName: string
  authorEmail: string
  authoredDate: Date | undefined
  committerName: string
  committerEmail: string
  committedDate: Date | undefined
  parentIds: string[]
  /** Git trailers of the message in order ("Signed-off-by: ..."). */
  trailers: CommitTrailer[]
}

/** A version to record, with its commits (newest first) and files. */
export interface NewDiffVersion {
  mergeRequestId: number
  headCommitSha: string
  baseCommitSha: string | null
  startCommitSha: string
  state: string
  realSize: string
  filesCount: number
  overflow: boolean
  patchIdSha: string | null
  commits: readonly Commit[]
  files: readonly DiffFile[]
}
