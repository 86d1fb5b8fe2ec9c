/**
 * GitLab's diff size limits (Gitlab::Git::DiffCollection and Gitlab::Git::Diff)
 * applied to a stream of file patches.
 */

/** What the caller asks for; a zero field takes GitLab's default. */
export interface DiffLimitsInput {
  maxFiles: number
  maxLines: number
  maxBytes: number
  collapseBytes: number
  maxPatchBytes: number
  unlimited: boolean
}

export type ResolvedLimits = Readonly<DiffLimitsInput>

/** ApplicationSetting diff_max_files, diff_max_lines and Gitlab::Git::Diff::DEFAULT_MAX_PATCH_BYTES. */
export const DEFAULT_MAX_FILES = 1_000
export const DEFAULT_MAX_LINES = 50_000
export const DEFAULT_MAX_PATCH_BYTES = 200 * 1024
/** DiffCollection: max_bytes = max_files * 5 KiB ("average 5 KB per file"). */
const BYTES_PER_FILE = 5 * 1024

/** Fills GitLab's defaults: collapse at a tenth of max_patch_bytes (patch_safe_limit_bytes). */
export function resolveLimits(input: Partial<DiffLimitsInput> | undefined): ResolvedLimits {
  const maxFiles = positive(input?.maxFiles) ?? DEFAULT_MAX_FILES
  const maxPatchBytes = positive(input?.maxPatchBytes) ?? DEFAULT_MAX_PATCH_BYTES
  return {
    maxFiles,
    maxLines: positive(input?.maxLines) ?? DEFAULT_MAX_LINES,
    maxBytes: positive(input?.maxBytes) ?? maxFiles * BYTES_PER_FILE,
    collapseBytes: positive(input?.collapseBytes) ?? Math.floor(maxPatchBytes / 10),
    maxPatchBytes,
    unlimited: input?.unlimited ?? false,
  }
}

function positive(value: number | undefined): number | undefined {
  return value !== undefined && value > 0 ? value : undefined
}

/** What becomes of one file's patch. */
export type PatchVerdict = 'shown' | 'collapsed' | 'too_large' | 'overflow'

/**
 * The running totals of a diff collection. A file over max_patch_bytes is
 * too_large and one over collapse_bytes collapsed (both pruned: they count
 * no lines or bytes); a collection of one file is never collapsed. The file
 * that reaches max_files, max_lines or max_bytes overflows the collection and
 * is left out with everything after it. `unlimited` lifts all but too_large.
 */
export class DiffBudget {
  private files = 0
  private lines = 0
  private bytes = 0
  private overflowed = false

  constructor(
    private readonly limits: ResolvedLimits,
    private readonly totalFiles: number,
  ) {}

  get overflow(): boolean {
    return this.overflowed
  }

  /** Judges the next file from its patch size in bytes and its line count. */
  admit(patchBytes: number, patchLines: number): PatchVerdict {
    const { limits } = this
    if (this.overflowed) return 'overflow'
    if (!limits.unlimited && this.files >= limits.maxFiles) return this.stop()
    let verdict: PatchVerdict = 'shown'
    if (patchBytes >= limits.maxPatchBytes) verdict = 'too_large'
    else if (!limits.unlimited && this.totalFiles > 1 && patchBytes >= limits.collapseBytes) {
      verdict = 'collapsed'
    }
    if (verdict === 'shown') {
      this.lines += patchLines
      this.bytes += patchBytes
    }
    if (!limits.unlimited && (this.lines >= limits.maxLines || this.bytes >= limits.maxBytes)) {
      return this.stop()
    }
    this.files += 1
    return verdict
  }

  private stop(): PatchVerdict {
    this.overflowed = true
    return 'overflow'
  }
}
