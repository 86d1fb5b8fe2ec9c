import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { spawnGit } from './git-command.js'
import type { Repo } from '../store/repository-store.js'

export type GitService = 'upload-pack' | 'receive-pack'

/** GIT_PROTOCOL as git's http-backend passes it on: only `version=N` and key=value words. */
export function gitProtocolEnv(gitProtocol: string): Record<string, string> {
  return /^[A-Za-z0-9=:._-]{1,100}$/.test(gitProtocol) ? { GIT_PROTOCOL: gitProtocol } : {}
}

/** One pkt-line (length in four hex digits, length included). */
export function pktLine(text: string): Buffer {
  const body = Buffer.from(text, 'utf8')
  return Buffer.concat([Buffer.from((body.length + 4).toString(16).padStart(4, '0')), body])
}

export const FLUSH_PKT = Buffer.from('0000')

/** Server options of every smart HTTP command. */
const SERVICE_CONFIG = [
  '-c',
  'uploadpack.allowFilter=true',
  '-c',
  'uploadpack.allowAnySHA1InWant=false',
  // git push -o ci.skip: the options reach the pre-receive hook (GIT_PUSH_OPTION_*).
  '-c',
  'receive.advertisePushOptions=true',
  '-c',
  'receive.fsckObjects=true',
]

/**
 * git's own push size limit: index-pack stops reading at the limit and
 * receive-pack reports `fatal: pack exceeds maximum allowed size` on the
 * side band and `unpacker error` for every ref, so the git client shows why
 * (as Gitaly passes GitLab's receive_max_input_size).
 */
function inputLimit(service: GitService, maxInputBytes: number): string[] {
  if (service !== 'receive-pack' || maxInputBytes <= 0) return []
  return ['-c', `receive.maxInputSize=${maxInputBytes}`]
}

/**
 * GET info/refs: the ref advertisement, with the `# service=` header that
 * git's http-backend sends for protocol v0/v1 (v2 clients get none).
 */
export async function infoRefs(
  repo: Repo,
  service: GitService,
  gitProtocol: string,
): Promise<Buffer> {
  const { stdout } = await repo.run(
    [...SERVICE_CONFIG, service, '--stateless-rpc', '--advertise-refs', repo.gitDir],
    { env: gitProtocolEnv(gitProtocol) },
  )
  if (gitProtocol.includes('version=2')) return stdout
  return Buffer.concat([pktLine(`# service=git-${service}\n`), FLUSH_PKT, stdout])
}

/** Hooks receive-pack runs: core.hooksPath and the environment they read. */
export interface ServiceHooks {
  dir: string
  env: Record<string, string>
}

/**
 * Streams the request body into git. git may finish with input unread (a
 * pack over receive.maxInputSize): the rest is then read and dropped, so that
 * the client's upload ends and it hears git's answer instead of a stream that
 * stalls on backpressure. Resolves when the body has ended or failed.
 */
function feed(input: Readable, child: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((resolve) => {
    input.once('end', resolve)
    input.once('close', resolve)
    input.once('error', () => {
      // The client is gone: git gets the end of its input and finishes.
      child.stdin.destroy()
      resolve()
    })
    child.once('close', () => {
      input.unpipe(child.stdin)
      input.resume()
    })
    input.pipe(child.stdin)
  })
}

/**
 * POST git-upload-pack / git-receive-pack: the request body streams into
 * `git <service> --stateless-rpc`, its output streams back. Nothing is buffered whole.
 */
export async function runService(
  repo: Repo,
  service: GitService,
  gitProtocol: string,
  input: Readable,
  output: Writable,
  /** receive-pack: the largest pack accepted, in bytes (GitLab's receive_max_input_size); 0: any. */
  maxInputBytes = 0,
  hooks?: ServiceHooks,
): Promise<void> {
  const hookConfig = hooks ? ['-c', `core.hooksPath=${hooks.dir}`] : []
  const child = spawnGit(
    repo.gitEnv,
    repo.gitDir,
    [
      ...SERVICE_CONFIG,
      ...hookConfig,
      ...inputLimit(service, maxInputBytes),
      service,
      '--stateless-rpc',
      repo.gitDir,
    ],
    { ...gitProtocolEnv(gitProtocol), ...hooks?.env },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 16 * 1024) stderr += chunk.toString('utf8')
  })
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve(code ?? -1))
  })
  child.stdin.on('error', () => undefined)
  const feeding = feed(input, child)
  // The output is ended (and flushed) when git's stdout ends.
  const draining = pipeline(child.stdout, output)
  const [code] = await Promise.all([exited, draining, feeding])
  if (code !== 0) throw new Error(`git ${service} exited with ${code}: ${stderr.slice(0, 500)}`)
}
