import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { git } from './git'
import {
  RUNNER_REVISION,
  RUNNER_VERSION,
  sleep,
  type JobPayload,
  type PatchResult,
  type RunnerClient,
  type UpdateResult,
} from './runner-client'

/**
 * What gitlab-runner's shell executor does with a job it took (executors/shell,
 * shells/bash.go, network/trace.go), for real: git, bash, the job log streamed.
 */

/** The trace checksum the runner reports: CRC-32 of the whole log, `crc32:%08x`. */
export function traceChecksum(log: Buffer): string {
  return `crc32:${crc32(log).toString(16).padStart(8, '0')}`
}

/** A value as one bash word: single-quoted, with embedded quotes closed and escaped. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

export interface ShellJobResult {
  /** The log as sent to GitLab (masked). */
  output: string
  /** The script's exit code; -1 when it never ran or was killed. */
  exitCode: number
  state: 'success' | 'failed'
  failureReason?: string
  /** The job was aborted because GitLab answered 403 or Job-Status canceled/failed. */
  aborted: boolean
  /** Status and Job-Status of the final PUT (undefined when aborted before it). */
  final?: UpdateResult
  /** Every PATCH answer, in order. */
  patches: PatchResult[]
}

export interface ShellJobOptions {
  /** How often the log is sent while the script runs (the runner: X-GitLab-Trace-Update-Interval). */
  patchIntervalMs?: number
  /** Upper bound on the script's run time, below runner_info.timeout for tests. */
  timeoutMs?: number
  /** Called once the job script has started, with the job's build directory. */
  onStarted?: (buildDir: string) => void | Promise<void>
}

/**
 * Runs a job the way the shell executor does: a build directory, the sources
 * fetched with git using the job's repo_url (gitlab-ci-token:<job token>) and
 * refspecs and checked out at git_info.sha, then each step's lines written to a
 * script run with `bash <file>` under the job's variables, the output streamed to
 * the job log with PATCH as it comes, and the result reported with a final PUT
 * (success, or failed with script_failure and the exit code).
 */
export async function runShellJob(
  runner: RunnerClient,
  job: JobPayload,
  options: ShellJobOptions = {},
): Promise<ShellJobResult> {
  const patchIntervalMs = options.patchIntervalMs ?? 400
  const root = mkdtempSync(join(tmpdir(), 'it-runner-'))
  const buildDir = join(root, 'builds', String(job.job_info.project_id))
  const tmpDir = join(root, 'tmp')
  mkdirSync(buildDir, { recursive: true })
  mkdirSync(tmpDir, { recursive: true })

  // The trace buffer masks masked variables (8+ characters) before anything is sent.
  const masked = job.variables
    .filter((v) => v.masked && v.value.length >= 8)
    .map((v) => v.value)
    .sort((a, b) => b.length - a.length)
  const mask = (text: string) =>
    masked.reduce((acc, secret) => acc.split(secret).join('[MASKED]'), text)

  let log = Buffer.alloc(0)
  let sent = 0
  let aborted = false
  let child: ReturnType<typeof spawn> | undefined
  const patches: PatchResult[] = []
  const write = (text: string) => {
    log = Buffer.concat([log, Buffer.from(mask(text))])
  }

  const abort = () => {
    aborted = true
    child?.kill('SIGKILL')
  }

  let sending: Promise<void> = Promise.resolve()
  const sendPatch = async (): Promise<void> => {
    if (aborted || sent === log.length) return
    const chunk = log.subarray(sent)
    const result = await runner.patchTrace(job.id, job.token, chunk, sent)
    patches.push(result)
    if (result.status === 403 || result.jobStatus === 'canceled' || result.jobStatus === 'failed') {
      abort()
      return
    }
    if (result.status === 202) sent += chunk.length
    else if (result.status === 416 && result.range) {
      // The runner resends from the size GitLab says it holds.
      sent = Number(result.range.split('-')[1] ?? 0)
    }
  }
  const timer = setInterval(() => {
    // A network error is a failed patch: the runner logs it and tries again later.
    sending = sending.then(sendPatch).catch((error: unknown) => {
      patches.push({
        status: -1,
        range: null,
        jobStatus: null,
        updateInterval: null,
        text: String(error),
      })
    })
  }, patchIntervalMs)

  let exitCode = -1
  let failureReason: string | undefined
  try {
    write(`Running with gitlab-runner ${RUNNER_VERSION} (${RUNNER_REVISION})\n`)
    write(`Preparing the "shell" executor\nUsing Shell (bash) executor...\n`)
    write(`Getting source from Git repository\n`)
    write(`Fetching changes with git depth set to ${job.git_info.depth}...\n`)

    const fetchArgs = ['fetch', 'origin', '--prune', '--quiet', ...job.git_info.refspecs]
    if (job.git_info.depth > 0) fetchArgs.push('--depth', String(job.git_info.depth))
    const sources: string[][] = [
      ['init', '-q', buildDir],
      ['remote', 'add', 'origin', job.git_info.repo_url],
      fetchArgs,
      ['checkout', '-f', '-q', job.git_info.sha],
      ['clean', '-ffdx'],
    ]
    let sourcesOk = true
    for (const args of sources) {
      const result = await git(args, args[0] === 'init' ? root : buildDir, {}, 30_000)
      if (result.stderr.trim() !== '')
        write(result.stderr.endsWith('\n') ? result.stderr : `${result.stderr}\n`)
      if (result.code !== 0) {
        write(`ERROR: git ${args[0]} failed with exit code ${result.code}\n`)
        sourcesOk = false
        break
      }
    }
    if (sourcesOk)
      write(
        `Checking out ${job.git_info.sha.slice(0, 8)} as detached HEAD (ref is ${job.git_info.ref})...\n`,
      )

    if (!sourcesOk) {
      failureReason = 'runner_system_failure'
    } else {
      const env = jobEnvironment(job, buildDir, tmpDir)
      for (const step of job.steps) {
        if (aborted) break
        const failed = failureReason !== undefined
        if (step.when === 'on_success' && failed) continue
        if (step.when === 'on_failure' && !failed) continue
        write(`Executing "step_${step.name}" stage of the job script\n`)
        const file = join(tmpDir, `step_${step.name}.sh`)
        writeFileSync(file, stepScript(step.script))
        const started = runStep(file, buildDir, env, write, (spawned) => {
          child = spawned
        })
        if (options.onStarted && step.name === 'script') await options.onStarted(buildDir)
        const timeoutMs = Math.min(
          options.timeoutMs ?? 60_000,
          (job.runner_info.timeout || 3600) * 1000,
        )
        const killer = setTimeout(() => child?.kill('SIGKILL'), timeoutMs)
        const code = await started
        clearTimeout(killer)
        // after_script's exit code never decides the job.
        if (step.name === 'after_script') continue
        exitCode = code
        if (code !== 0) failureReason = 'script_failure'
      }
    }
    if (aborted) {
      write('ERROR: Job failed: canceled\n')
    } else if (failureReason) {
      write(`ERROR: Job failed: exit code ${exitCode}\n`)
    } else {
      write('Job succeeded\n')
    }
  } finally {
    clearInterval(timer)
    await sending
    rmSync(root, { recursive: true, force: true })
  }

  const state: 'success' | 'failed' = failureReason || aborted ? 'failed' : 'success'
  if (aborted) return { output: log.toString(), exitCode, state, failureReason, aborted, patches }

  // finalUpdate: all of the log first, then the state until GitLab stops answering 202.
  for (let attempt = 0; sent < log.length && attempt < 20 && !aborted; attempt += 1) {
    await sendPatch()
  }
  if (aborted) return { output: log.toString(), exitCode, state, failureReason, aborted, patches }
  let final: UpdateResult | undefined
  for (let attempt = 0; attempt < 20; attempt += 1) {
    final = await runner.updateJob(job.id, job.token, state, {
      failureReason,
      exitCode: exitCode > 0 ? exitCode : undefined,
      checksum: traceChecksum(log),
      bytesize: log.length,
    })
    if (final.status !== 202) break
    await sleep(500)
  }
  return { output: log.toString(), exitCode, state, failureReason, aborted, patches, final }
}

/**
 * The job's variables as the shell executor exports them: file variables are
 * written to files and the variable holds the path; plus what the runner adds.
 */
function jobEnvironment(job: JobPayload, buildDir: string, tmpDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: tmpDir,
    LANG: 'C.UTF-8',
    CI_PROJECT_DIR: buildDir,
    CI_BUILDS_DIR: join(buildDir, '..'),
    CI_RUNNER_VERSION: RUNNER_VERSION,
    CI_RUNNER_REVISION: RUNNER_REVISION,
    CI_RUNNER_EXECUTABLE_ARCH: 'linux/amd64',
    CI_RUNNER_SHORT_TOKEN: '',
    CI_SERVER_TLS_CA_FILE: '',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
  }
  for (const variable of job.variables) {
    if (variable.file) {
      const file = join(tmpDir, variable.key)
      writeFileSync(file, variable.value)
      env[variable.key] = file
    } else {
      env[variable.key] = variable.value
    }
  }
  return env
}

/** The bash script of one step: errexit, each line echoed as `$ line` then run. */
function stepScript(lines: string[]): string {
  const body = lines.map((line) => `echo ${shellQuote(`$ ${line}`)}\n${line}\n`).join('')
  return `set -eo pipefail\nset +o noclobber\n${body}`
}

/** `bash <file>` in the build directory, stdout and stderr both into the log. */
function runStep(
  file: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  write: (text: string) => void,
  spawned: (child: ReturnType<typeof spawn>) => void,
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('bash', [file], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    spawned(child)
    child.stdout.on('data', (chunk: Buffer) => write(chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => write(chunk.toString()))
    child.on('error', (error) => {
      write(`${error.message}\n`)
      resolve(-1)
    })
    child.on('close', (code) => resolve(code ?? -1))
  })
}
