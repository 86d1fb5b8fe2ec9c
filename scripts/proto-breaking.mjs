#!/usr/bin/env node
// `npm run proto:breaking`: buf breaking (FILE rules) of proto/ against the previous landed
// commit. Comparing with `main` itself, as this script replaced, compared a clean checkout of main
// with itself and could never fail. The base is:
// - PROTO_BREAKING_AGAINST, if set (any commit-ish: a sha, origin/main, a tag);
// - on a branch: its merge base with main (or origin/main), what the branch will land on;
// - on main itself (HEAD already in main's history): HEAD~1, the commit before the last landing
//   (its first parent, so a merge compares with main before the merge).
// It prints the commit it compared with. A shallow clone without that commit is deepened with
// `git fetch --deepen`; if the base still cannot be found (no main, no parent, fetch impossible
// offline) it fails loudly, and passes only when PROTO_BREAKING_ALLOW_NO_BASE=1 says so.
// The base's proto/ is read with `git archive` (works in worktrees and shallow clones alike).
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const BUF = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin', 'buf')
const MAIN_REFS = ['main', 'origin/main']
const FETCH_MAIN = 'refs/heads/main:refs/remotes/origin/main'
const DEEPEN_STEPS = [['--deepen=1'], ['--deepen=50'], ['--unshallow']]

function git(args, options = {}) {
  const result = spawnSync('git', args, { encoding: 'utf8', ...options })
  return result.status === 0 ? result.stdout.trim() : undefined
}

const top = git(['rev-parse', '--show-toplevel'])
if (top === undefined) fail('not inside a git repository')
const gitIn = (args) => git(['-C', top, ...args])

function commitOf(ref) {
  return gitIn(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])
}

function fail(message) {
  console.error(`proto:breaking: ${message}`)
  process.exit(1)
}

/** Without a base there is nothing to compare with: fail, unless explicitly allowed. */
function noBase(reason) {
  const banner = `NO BASE TO COMPARE WITH: ${reason}`
  if (process.env.PROTO_BREAKING_ALLOW_NO_BASE === '1') {
    console.error(`proto:breaking: ${banner}`)
    console.error('proto:breaking: PASSING WITHOUT A CHECK (PROTO_BREAKING_ALLOW_NO_BASE=1)')
    process.exit(0)
  }
  fail(
    `${banner}\n  fetch more history (git fetch --unshallow), set PROTO_BREAKING_AGAINST=<commit>, ` +
      'or set PROTO_BREAKING_ALLOW_NO_BASE=1 to pass without a check',
  )
}

function fetch(args) {
  const result = spawnSync('git', ['-C', top, 'fetch', '--quiet', ...args], { encoding: 'utf8' })
  return result.status === 0
    ? undefined
    : result.stderr.trim() || `git fetch exited ${result.status}`
}

const shallow = () => gitIn(['rev-parse', '--is-shallow-repository']) === 'true'

/** main, or origin/main; fetched from origin when the clone has neither (a CI clone of a branch). */
function findMain() {
  const local = MAIN_REFS.find((ref) => commitOf(ref) !== undefined)
  if (local !== undefined) return { main: local }
  const error = fetch([...(shallow() ? ['--depth=1'] : []), 'origin', FETCH_MAIN])
  if (error !== undefined) return { why: `git fetch of main failed: ${error}` }
  return { main: 'origin/main', fetched: true }
}

/** Deepens a shallow clone, step by step, until `found()` answers; says why it could not. */
function deepenUntil(found, alsoMain = false) {
  let answer = found()
  if (answer !== undefined || !shallow()) return { answer }
  for (const step of DEEPEN_STEPS) {
    const error =
      fetch(step) ?? (alsoMain && shallow() ? fetch([...step, 'origin', FETCH_MAIN]) : undefined)
    if (error !== undefined) return { why: `shallow clone, and git fetch ${step} failed: ${error}` }
    answer = found()
    if (answer !== undefined || !shallow()) return { answer }
  }
  return { why: 'not found after fetching the whole history' }
}

function pickBase() {
  const forced = process.env.PROTO_BREAKING_AGAINST
  if (forced !== undefined && forced !== '') {
    const { answer, why } = deepenUntil(() => commitOf(forced))
    if (answer === undefined)
      noBase(`PROTO_BREAKING_AGAINST=${forced} is not a commit here (${why ?? 'unknown ref'})`)
    return { sha: answer, how: `PROTO_BREAKING_AGAINST=${forced}` }
  }
  const head = commitOf('HEAD')
  if (head === undefined) noBase('HEAD has no commit')
  const { main, fetched, why: noMain } = findMain()
  if (main === undefined)
    noBase(`no ${MAIN_REFS.join(' or ')} to find the merge base with (${noMain})`)
  const { answer: mergeBase, why } = deepenUntil(
    () => gitIn(['merge-base', 'HEAD', main]),
    fetched === true,
  )
  if (mergeBase === undefined)
    noBase(`no merge base of HEAD and ${main} (${why ?? 'unrelated histories'})`)
  if (mergeBase !== head) return { sha: mergeBase, how: `the merge base of HEAD with ${main}` }
  const { answer: parent, why: noParent } = deepenUntil(() => commitOf('HEAD~1'))
  if (parent === undefined) {
    noBase(`HEAD is on ${main}'s history and has no parent commit (${noParent ?? 'root commit'})`)
  }
  return { sha: parent, how: `HEAD~1, the commit before ${main}'s last landing` }
}

const base = pickBase()
const subject = gitIn(['log', '-1', '--format=%h %s', base.sha])
console.log(`proto:breaking: comparing proto/ with ${base.sha} (${base.how}): ${subject}`)

if (gitIn(['cat-file', '-e', `${base.sha}:proto`]) === undefined) {
  console.log('proto:breaking: that commit has no proto/: nothing to break')
  process.exit(0)
}

const scratch = mkdtempSync(join(tmpdir(), 'proto-breaking-'))
let status
try {
  const archive = execFileSync('git', ['-C', top, 'archive', base.sha, 'proto'], {
    maxBuffer: 256 * 1024 * 1024,
  })
  execFileSync('tar', ['-x', '-C', scratch], { input: archive })
  status = spawnSync(BUF, ['breaking', 'proto', '--against', join(scratch, 'proto')], {
    cwd: top,
    stdio: 'inherit',
  }).status
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
if (status !== 0) fail(`breaking changes against ${base.sha} (${base.how})`)
console.log('proto:breaking: no breaking change')
