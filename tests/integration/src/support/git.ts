import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { baseUrl } from './suite-state'

export interface GitResult {
  code: number
  stdout: string
  stderr: string
}

/**
 * The real git client, never through a shell: no prompts, no credential helper,
 * no system or user configuration, a fixed identity.
 */
export function git(
  args: string[],
  cwd: string,
  extraEnv: Record<string, string> = {},
  timeoutMs = 15_000,
): Promise<GitResult> {
  const env: NodeJS.ProcessEnv = {
    ...extraEnv,
    PATH: process.env.PATH,
    HOME: cwd,
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    LANG: 'C',
    LC_ALL: 'C',
  }
  const fixed = [
    '-c',
    'credential.helper=',
    '-c',
    'user.name=Integration Tester',
    '-c',
    'user.email=integration@example.com',
    '-c',
    'init.defaultBranch=main',
    '-c',
    'protocol.version=2',
  ]
  return new Promise((resolve) => {
    execFile(
      'git',
      [...fixed, ...args],
      { cwd, env, timeout: timeoutMs, maxBuffer: 10 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        const killed = error?.killed ? `\n(git killed after ${timeoutMs} ms without finishing)` : ''
        resolve({ code, stdout: String(stdout), stderr: `${String(stderr)}${killed}` })
      },
    )
  })
}

/** Like git(), but throws with git's output when it fails. */
export async function gitOk(
  args: string[],
  cwd: string,
  extraEnv: Record<string, string> = {},
): Promise<string> {
  const result = await git(args, cwd, extraEnv)
  if (result.code !== 0) {
    throw new Error(`git ${args.join(' ')} failed (${result.code}): ${result.stderr}`)
  }
  return result.stdout
}

/** The clone URL of a project, with `user:token@` when credentials are given. */
export function cloneUrl(fullPath: string, credentials?: { username: string; token: string }) {
  const url = new URL(`${baseUrl()}/${fullPath}.git`)
  if (credentials) {
    url.username = encodeURIComponent(credentials.username)
    url.password = encodeURIComponent(credentials.token)
  }
  return url.toString()
}

const liveDirs = new Set<string>()
// A test that times out leaves its work running; the worker's exit still cleans up.
process.once('exit', () => {
  for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true })
})

/** Runs `work` in a fresh temporary directory that is removed afterwards. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'it-git-'))
  liveDirs.add(dir)
  try {
    return await work(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
    liveDirs.delete(dir)
  }
}

/**
 * Writes a file in a working tree and commits it (at `date`, an ISO time, when
 * given, as author and committer date); returns the new HEAD SHA.
 */
export async function commitFile(
  workTree: string,
  file: string,
  content: string,
  message: string,
  date?: string,
): Promise<string> {
  writeFileSync(join(workTree, file), content)
  await gitOk(['add', file], workTree)
  const env: Record<string, string> = date
    ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }
    : {}
  await gitOk(['commit', '-q', '-m', message], workTree, env)
  return (await gitOk(['rev-parse', 'HEAD'], workTree)).trim()
}
