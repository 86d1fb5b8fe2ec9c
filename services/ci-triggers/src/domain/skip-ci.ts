/** `[ci skip]`, `[skip ci]` and their `-` and `_` spellings are this long. */
const MARK_LENGTH = 9

/** Gitlab::Ci::Pipeline::Chain::Skip's SKIP_PATTERN, on exactly one MARK_LENGTH slice. */
const MARK = /^\[(?:ci[ _-]skip|skip[ _-]ci)\]$/

/**
 * True when a commit message asks not to run CI: `[ci skip]` or `[skip ci]`
 * in any case, with a space, `-` or `_` between the words (GitLab's
 * SKIP_PATTERN). One pass over the message: each `[` is checked against the
 * fixed-length mark that may start there.
 */
export function messageSkipsCi(message: string): boolean {
  for (let at = message.indexOf('['); at !== -1; at = message.indexOf('[', at + 1)) {
    if (MARK.test(message.slice(at, at + MARK_LENGTH).toLowerCase())) return true
  }
  return false
}
