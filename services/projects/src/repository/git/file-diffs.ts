import { spawnGit } from './git-command.js'
import { gitExit } from './git-process.js'
import { DIFF_OPTIONS, rawChanges, type RawChange } from './diff-raw.js'
import { DiffBudget, type PatchVerdict, type ResolvedLimits } from '../domain/diff-limits.js'
import { generatedPaths } from './generated-files.js'
import { PatchSplitter, type FilePatch } from './patch-splitter.js'
import type { Repo } from '../store/repository-store.js'

/** One file diff as GitLab's Diff entity shows it. */
export interface GitDiffFile extends RawChange {
  diff: string
  generatedFile: boolean
  collapsed: boolean
  tooLarge: boolean
  binary: boolean
  addedLines: number
  removedLines: number
}

/** The file diffs of base -> head under GitLab's limits, with the whole diff's patch id. */
export interface DiffCollection {
  diffs: GitDiffFile[]
  overflow: boolean
  /** Changed files before any limit. */
  realSize: number
  /** `git patch-id --stable` of the whole diff; '' for an empty diff. */
  patchId: string
}

function diffFileOf(change: RawChange, patch: FilePatch, verdict: PatchVerdict): GitDiffFile {
  const shown = verdict === 'shown' && !patch.binary
  return {
    ...change,
    diff: shown ? (patch.text ?? '') : '',
    generatedFile: false,
    collapsed: verdict === 'collapsed',
    tooLarge: verdict === 'too_large',
    binary: patch.binary,
    addedLines: patch.added,
    removedLines: patch.removed,
  }
}

/**
 * Streams `git diff base head` once: each file's patch is judged against the
 * limits as it completes (at most max_patch_bytes of it is held), while the
 * same bytes flow into `git patch-id --stable`. After an overflow the rest is
 * only fed to patch-id. generated_file comes from the head's .gitattributes.
 */
export async function collectDiffs(
  repo: Repo,
  base: string,
  head: string,
  limits: ResolvedLimits,
): Promise<DiffCollection> {
  const changes = await rawChanges(repo, base, head)
  const budget = new DiffBudget(limits, changes.length)
  const diffs: GitDiffFile[] = []
  let index = 0
  const splitter = new PatchSplitter(limits.maxPatchBytes, (patch) => {
    const change = changes[index]
    index += 1
    if (!change) return
    const bytes = patch.binary ? 0 : patch.bytes
    const verdict = budget.admit(bytes, patch.binary ? 0 : patch.lines)
    if (verdict === 'overflow') splitter.stop()
    else diffs.push(diffFileOf(change, patch, verdict))
  })
  const diffArgs = ['diff', ...DIFF_OPTIONS, '--end-of-options', base, head]
  const diff = spawnGit(repo.gitEnv, repo.gitDir, diffArgs)
  const patchIdArgs = ['patch-id', '--stable']
  const patchId = spawnGit(repo.gitEnv, repo.gitDir, patchIdArgs)
  diff.stdout.on('data', (chunk: Buffer) => splitter.push(chunk))
  diff.stdout.pipe(patchId.stdin)
  const [, patchIdOut] = await Promise.all([
    gitExit(diff, diffArgs),
    gitExit(patchId, patchIdArgs, true),
  ])
  splitter.end()
  const generated = await generatedPaths(repo, base, head, diffs)
  for (const file of diffs) file.generatedFile = generated.has(file.newPath)
  return {
    diffs,
    overflow: budget.overflow,
    realSize: changes.length,
    patchId: patchIdOut.trim().split(/\s+/)[0] ?? '',
  }
}
