import type { Repo } from '../store/repository-store.js'

/** One `Key: value` trailer of a commit message, as git's trailer parser reads it. */
export interface GitTrailer {
  key: string
  value: string
}

// Separators that cannot occur in a unfolded trailer line's key (and practically not in values).
const TRAILER_SEP = '\x1e'
const KEY_VALUE_SEP = '\x1d'
const ID_SEP = '\x1f'

/** `git log` format: the id, then git's own trailer parsing (only trailers, unfolded). */
export const TRAILERS_FORMAT =
  '--format=%H%x1f%(trailers:only,unfold,separator=%x1e,key_value_separator=%x1d)'

/** Parses the `%(trailers:...)` text of one commit made with TRAILERS_FORMAT, in order. */
export function parseTrailers(text: string): GitTrailer[] {
  const trailers: GitTrailer[] = []
  for (const entry of text.split(TRAILER_SEP)) {
    const cut = entry.indexOf(KEY_VALUE_SEP)
    if (cut <= 0) continue
    trailers.push({ key: entry.slice(0, cut).trim(), value: entry.slice(cut + 1).trim() })
  }
  return trailers
}

/** Parses `git log -z` output made with TRAILERS_FORMAT: commit id -> its trailers. */
export function parseTrailerLog(output: string): Map<string, GitTrailer[]> {
  const byCommit = new Map<string, GitTrailer[]>()
  for (const record of output.split('\0')) {
    const cut = record.indexOf(ID_SEP)
    if (cut < 0) continue
    byCommit.set(record.slice(0, cut).trim(), parseTrailers(record.slice(cut + 1)))
  }
  return byCommit
}

/** The trailers of every commit in a revision range (already validated arguments). */
export async function loadTrailers(
  repo: Repo,
  revisions: readonly string[],
): Promise<Map<string, GitTrailer[]>> {
  const { stdout } = await repo.run([
    'log',
    '-z',
    TRAILERS_FORMAT,
    '--end-of-options',
    ...revisions,
  ])
  return parseTrailerLog(stdout.toString('utf8'))
}
