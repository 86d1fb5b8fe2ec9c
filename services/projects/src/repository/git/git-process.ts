import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { GitCommandError } from './git-command.js'

/**
 * Resolves with stdout (as text) when a streaming git child exits 0; rejects
 * with GitCommandError otherwise. stdout is collected only when `collect` is set.
 */
export function gitExit(
  child: ChildProcessWithoutNullStreams,
  args: readonly string[],
  collect = false,
): Promise<string> {
  let stderr = ''
  const stdout: Buffer[] = []
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 16 * 1024) stderr += chunk.toString('utf8')
  })
  if (collect) child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
  child.stdin.on('error', () => undefined)
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(stdout).toString('utf8'))
      else reject(new GitCommandError(args, code, stderr))
    })
  })
}
