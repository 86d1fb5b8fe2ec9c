import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'

/** What every git child gets: no prompts, no user or system config, no hooks, a fixed locale. */
export interface GitEnvironment {
  /** PATH to find `git` in (config.ts reads it). */
  path: string
  /** Told how long each git child ran, by subcommand; see git-metrics.ts. */
  observe?: (run: GitRun) => void
}

/** Stdout larger than this is refused (listings of huge repositories are paged by the caller). */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024

export class GitCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args[0] ?? ''} exited with ${exitCode ?? 'a signal'}: ${stderr.slice(0, 500)}`)
  }
}

export interface GitResult {
  stdout: Buffer
  stderr: string
  exitCode: number
}

export interface RunOptions {
  input?: Buffer | string
  env?: Readonly<Record<string, string>>
  /** Exit codes that are answers rather than failures (e.g. 1 for "not found"). */
  okCodes?: readonly number[]
}

/** The environment of a git child: nothing of ours leaks in, nothing of the user's config is read. */
export function gitChildEnv(
  gitEnv: GitEnvironment,
  extra: Readonly<Record<string, string>> = {},
): NodeJS.ProcessEnv {
  return {
    PATH: gitEnv.path,
    HOME: '/nonexistent',
    LANG: 'C',
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    ...extra,
  }
}

/** Config given to every command: hooks off, no auto gc in request paths. */
const SAFE_CONFIG = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'gc.auto=0',
  '-c',
  'core.quotePath=false',
]

/** One finished git child, for metrics. */
export interface GitRun {
  subcommand: string
  args: readonly string[]
  seconds: number
  /** null when a signal ended it. */
  exitCode: number | null
}

/** The git subcommand of `args`: the first word after the `-c key=value` and `--option`s. */
export function gitSubcommand(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? ''
    if (arg === '-c' || arg === '-C') i++
    else if (!arg.startsWith('-')) return arg
  }
  return 'unknown'
}

/** Starts `git --git-dir=<dir> <args...>` without a shell; the caller drives the streams. */
export function spawnGit(
  gitEnv: GitEnvironment,
  gitDir: string,
  args: readonly string[],
  extraEnv: Readonly<Record<string, string>> = {},
): ChildProcessWithoutNullStreams {
  const started = process.hrtime.bigint()
  const child = spawn('git', [...SAFE_CONFIG, `--git-dir=${gitDir}`, ...args], {
    env: gitChildEnv(gitEnv, extraEnv),
    stdio: ['pipe', 'pipe', 'pipe'],
    shell: false,
  })
  const { observe } = gitEnv
  if (observe) {
    // Every git child of the role passes here: reads, writes and the pack streams of clones and pushes.
    child.once('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      observe({ subcommand: gitSubcommand(args), args, seconds, exitCode: code })
    })
  }
  return child
}

/** Runs git to completion, collecting stdout (bounded) and stderr. */
export function runGit(
  gitEnv: GitEnvironment,
  gitDir: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(gitEnv, gitDir, args, options.env)
    const chunks: Buffer[] = []
    let size = 0
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_OUTPUT_BYTES) {
        child.kill()
        return
      }
      chunks.push(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8')
    })
    child.on('error', reject)
    child.on('close', (code) => {
      const exitCode = code ?? -1
      if (size > MAX_OUTPUT_BYTES) {
        reject(new GitCommandError(args, exitCode, 'output too large'))
      } else if (exitCode === 0 || options.okCodes?.includes(exitCode)) {
        resolve({ stdout: Buffer.concat(chunks), stderr, exitCode })
      } else {
        reject(new GitCommandError(args, exitCode, stderr))
      }
    })
    // A child that exits before reading its input must not crash us with EPIPE.
    child.stdin.on('error', () => undefined)
    child.stdin.end(options.input ?? '')
  })
}

/** Runs git and returns trimmed stdout as text. */
export async function gitText(
  gitEnv: GitEnvironment,
  gitDir: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<string> {
  const { stdout } = await runGit(gitEnv, gitDir, args, options)
  return stdout.toString('utf8').trim()
}
