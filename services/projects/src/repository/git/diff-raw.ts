import type { Repo } from '../store/repository-store.js'

/** One changed file between two commits, as `git diff --raw` names it. */
export interface RawChange {
  oldPath: string
  newPath: string
  /** Octal modes as GitLab prints them ("100644"); "0" for a missing side. */
  aMode: string
  bMode: string
  newFile: boolean
  deletedFile: boolean
  renamedFile: boolean
}

/** What every patch we print shares: full blob ids, no colour, no external diff or textconv. */
export const PLAIN_DIFF_OPTIONS = ['--full-index', '--no-color', '--no-ext-diff', '--no-textconv']

/** Diff options both passes share, so that raw entries and patches line up one to one. */
export const DIFF_OPTIONS = ['-M', ...PLAIN_DIFF_OPTIONS]

/** "000000" -> "0", "100644" -> "100644": GitLab's `mode.to_s(8)`. */
function octalMode(mode: string): string {
  return (Number.parseInt(mode, 8) || 0).toString(8)
}

/**
 * Parses `git diff --raw -z` output. A type change (file <-> symlink) is two
 * entries, a deletion then an addition, because git prints it as two patches.
 */
export function parseRawDiff(output: string): RawChange[] {
  const fields = output.split('\0')
  const changes: RawChange[] = []
  let index = 0
  while (index < fields.length) {
    const header = fields[index] ?? ''
    index += 1
    if (!header.startsWith(':')) continue
    const [oldMode = '0', newMode = '0', , , status = ''] = header.slice(1).split(' ')
    const letter = status.charAt(0)
    const oldPath = fields[index] ?? ''
    index += 1
    let newPath = oldPath
    if (letter === 'R' || letter === 'C') {
      newPath = fields[index] ?? ''
      index += 1
    }
    const aMode = octalMode(oldMode)
    const bMode = octalMode(newMode)
    const base = { oldPath, newPath, newFile: false, deletedFile: false, renamedFile: false }
    if (letter === 'T') {
      changes.push({ ...base, aMode, bMode: '0', deletedFile: true })
      changes.push({ ...base, aMode: '0', bMode, newFile: true })
      continue
    }
    changes.push({
      ...base,
      aMode,
      bMode,
      newFile: letter === 'A',
      deletedFile: letter === 'D',
      renamedFile: letter === 'R',
    })
  }
  return changes
}

/** The changed files of base -> head (full commit ids), with rename detection. */
export async function rawChanges(repo: Repo, base: string, head: string): Promise<RawChange[]> {
  const { stdout } = await repo.run([
    'diff',
    '--raw',
    '-z',
    '--no-abbrev',
    ...DIFF_OPTIONS,
    '--end-of-options',
    base,
    head,
  ])
  return parseRawDiff(stdout.toString('utf8'))
}
