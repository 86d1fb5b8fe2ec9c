import { PLAIN_DIFF_OPTIONS } from './diff-raw.js'
import { commitBySha } from './revisions.js'
import type { Repo } from '../store/repository-store.js'

/** RawDiff: the plain patch of base..head as `git diff --full-index --binary` prints it. */
export async function rawDiff(repo: Repo, baseSha: string, headSha: string): Promise<Buffer> {
  const base = await commitBySha(repo, baseSha, 'base_sha')
  const head = await commitBySha(repo, headSha, 'head_sha')
  const { stdout } = await repo.run([
    'diff',
    '--binary',
    ...PLAIN_DIFF_OPTIONS,
    '--end-of-options',
    base,
    head,
  ])
  return stdout
}
