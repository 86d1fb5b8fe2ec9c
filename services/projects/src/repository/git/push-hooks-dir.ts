import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * A directory with the `pre-receive` hook for core.hooksPath of receive-pack:
 * a two-line script that runs pre-receive-hook.js with this process's node.
 * Both paths are this process's own (quoted for sh), nothing of a request.
 * Made once when the role starts (its registration is synchronous).
 */
export function createPushHooksDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'suite-push-hooks-'))
  const script = fileURLToPath(new URL('./pre-receive-hook.js', import.meta.url))
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`
  const hook = join(dir, 'pre-receive')
  writeFileSync(hook, `#!/bin/sh\nexec ${quote(process.execPath)} ${quote(script)}\n`)
  chmodSync(hook, 0o755)
  return dir
}
