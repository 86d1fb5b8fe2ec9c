import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { pushOptionsFromHookEnv, PUSH_OPTIONS_ENV } from '../domain/push-options.js'
import { PUSH_RULES_ENV, refusalFor, type PushedRef, type PushRules } from '../domain/push-rules.js'

/**
 * git receive-pack's pre-receive hook: it reads the ref updates of the push
 * on stdin (`<old> <new> <ref>` per line) and refuses the whole push, with
 * GitLab's message on stderr (the client prints it as `remote: GitLab: ...`
 * and `! [remote rejected] ... (pre-receive hook declined)`), when one of them
 * moves a protected branch in a way the pusher may not. The rules and the
 * pusher come from the repository role, in the file the environment names. The new objects
 * are in receive-pack's quarantine, which the hook's git commands see. The
 * push's CI push options (git push -o ci.skip) are left in the file
 * PUSH_OPTIONS_ENV names, for the push's pipelines.
 */

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk))
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    process.stdin.on('error', reject)
  })
}

/** Not a fast-forward: the old commit is not an ancestor of the new one. */
function isForced(oldId: string, newId: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('git', ['merge-base', '--is-ancestor', oldId, newId], (error) => {
      resolve(error !== null)
    })
  })
}

function parseUpdates(text: string): PushedRef[] {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const [oldId = '', newId = '', ref = ''] = line.split(' ')
      return { oldId, newId, ref }
    })
}

async function main(): Promise<number> {
  const file = process.env[PUSH_RULES_ENV]
  if (!file) {
    process.stderr.write('GitLab: The push could not be checked.\n')
    return 1
  }
  const push = JSON.parse(await readFile(file, 'utf8')) as PushRules
  const optionsFile = process.env[PUSH_OPTIONS_ENV]
  if (optionsFile) await writeFile(optionsFile, JSON.stringify(pushOptionsFromHookEnv(process.env)))
  for (const update of parseUpdates(await readStdin())) {
    const refusal = await refusalFor(push, update, isForced)
    if (refusal) {
      process.stderr.write(`GitLab: ${refusal}\n`)
      return 1
    }
  }
  return 0
}

main().then(
  (code) => {
    process.exitCode = code
  },
  () => {
    process.stderr.write('GitLab: The push could not be checked.\n')
    process.exitCode = 1
  },
)
