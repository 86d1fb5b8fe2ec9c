// scripts/proto-breaking.mjs on scratch repositories with a proto module of their own: a
// deleted field fails on main (against HEAD~1) and on a branch (against the merge base); a
// shallow clone is deepened, and fails loudly when it cannot be.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

const SCRIPT = join(process.cwd(), 'scripts', 'proto-breaking.mjs')
const THING = 'proto/acme/v1/thing.proto'
const PROTO = `syntax = "proto3";

package acme.v1;

message Thing {
  int64 id = 1;
  string name = 2;
}
`
const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  PROTO_BREAKING_AGAINST: '',
  PROTO_BREAKING_ALLOW_NO_BASE: '',
}

function git(cwd, ...args) {
  const result = spawnSync('git', args, { cwd, env: ENV, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`)
  return result.stdout.trim()
}

function run(cwd, env = {}) {
  const result = spawnSync(process.execPath, [SCRIPT], {
    cwd,
    env: { ...ENV, ...env },
    encoding: 'utf8',
  })
  return { status: result.status, output: result.stdout + result.stderr }
}

function commit(cwd, message, edit = () => {}) {
  edit()
  git(cwd, 'add', '-A')
  git(cwd, 'commit', '-q', '--allow-empty', '-m', message)
  return git(cwd, 'rev-parse', 'HEAD')
}

const dropName = (cwd) => () =>
  writeFileSync(
    join(cwd, THING),
    readFileSync(join(cwd, THING), 'utf8').replace(/.*name = 2;\n/, ''),
  )

describe('proto-breaking', () => {
  let dir
  let repo
  let first
  let second

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'proto-breaking-test-'))
    repo = join(dir, 'repo')
    mkdirSync(join(repo, 'proto', 'acme', 'v1'), { recursive: true })
    git(repo, 'init', '-q', '-b', 'main')
    first = commit(repo, 'the contract', () => {
      writeFileSync(join(repo, 'proto', 'buf.yaml'), 'version: v2\nbreaking:\n  use:\n    - FILE\n')
      writeFileSync(join(repo, THING), PROTO)
    })
    second = commit(repo, 'an unrelated landing')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('on main, compares with HEAD~1 and says so', () => {
    const { status, output } = run(repo)
    expect(output).toContain(`comparing proto/ with ${first} (HEAD~1`)
    expect(status).toBe(0)
  })

  it('on main, fails when the last landing deleted a field', () => {
    const clone = join(dir, 'landed')
    git(dir, 'clone', '-q', repo, clone)
    commit(clone, 'drop name', dropName(clone))
    const { status, output } = run(clone)
    expect(output).toContain(`comparing proto/ with ${second} (HEAD~1`)
    expect(output).toContain('was deleted')
    expect(status).toBe(1)
  })

  it('on a branch, compares with the merge base and fails on a deleted field', () => {
    git(repo, 'checkout', '-q', '-b', 'feature', first)
    commit(repo, 'drop name on a branch', dropName(repo))
    const { status, output } = run(repo)
    git(repo, 'checkout', '-q', 'main')
    expect(output).toContain(`comparing proto/ with ${first} (the merge base of HEAD with main)`)
    expect(output).toContain('was deleted')
    expect(status).toBe(1)
  })

  it('deepens a shallow clone to find HEAD~1', () => {
    const clone = join(dir, 'shallow')
    git(dir, 'clone', '-q', '--depth', '1', '--branch', 'main', `file://${repo}`, clone)
    const { status, output } = run(clone)
    expect(output).toContain(`comparing proto/ with ${first} (HEAD~1`)
    expect(status).toBe(0)
  })

  it('fails loudly when a shallow clone cannot be deepened, unless told to pass', () => {
    const clone = join(dir, 'offline')
    git(dir, 'clone', '-q', '--depth', '1', '--branch', 'main', `file://${repo}`, clone)
    git(clone, 'remote', 'set-url', 'origin', join(dir, 'nowhere'))
    const failed = run(clone)
    expect(failed.output).toContain('NO BASE TO COMPARE WITH')
    expect(failed.status).toBe(1)
    const allowed = run(clone, { PROTO_BREAKING_ALLOW_NO_BASE: '1' })
    expect(allowed.output).toContain('PASSING WITHOUT A CHECK')
    expect(allowed.status).toBe(0)
  })
})
