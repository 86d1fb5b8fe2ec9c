import type { Commit, DiffFile } from '@suite/proto'
import { presentCommit, type ProjectLink } from './commit.entity.js'
import { presentDiff } from './diff.entity.js'

/** A comparison as the compare route assembled it. */
export interface Comparison {
  /** Oldest first, as Gitlab::Git::Compare lists them. */
  commits: Commit[]
  diffs: DiffFile[]
  overflow: boolean
  sameRef: boolean
  /** The compare page's from and to (the merge base unless straight). */
  fromSha: string
  toSha: string
  link: ProjectLink
}

/** API::Entities::Compare. */
export function presentCompare(compare: Comparison) {
  const { link } = compare
  const last = compare.commits[compare.commits.length - 1]
  return {
    commit: last ? presentCommit(last, link) : null,
    commits: compare.commits.map((commit) => presentCommit(commit, link)),
    diffs: compare.diffs.map(presentDiff),
    compare_timeout: compare.overflow,
    compare_same_ref: compare.sameRef,
    web_url: `${link.webUrl}/-/compare/${compare.fromSha}...${compare.toSha}`,
  }
}
