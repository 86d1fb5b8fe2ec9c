import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { createRegistry } from '@suite/runtime'
import { gitSubcommand, runGit } from './git-command.js'
import { gitRunObserver } from './git-metrics.js'
import { RepositoryStore } from '../store/repository-store.js'
import { FLUSH_PKT, infoRefs, runService } from './smart-http.js'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'git-metrics-test-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** One sample's value from the registry's text format, or undefined. */
async function sample(registry: ReturnType<typeof createRegistry>, line: RegExp) {
  const text = await registry.metrics()
  const found = text.split('\n').find((l) => line.test(l))
  return found === undefined ? undefined : Number(found.split(' ').pop())
}

describe('git metrics', () => {
  it('names the subcommand after -c options and other flags', () => {
    expect(gitSubcommand(['-c', 'a=b', '--no-pager', 'upload-pack', '--stateless-rpc'])).toBe(
      'upload-pack',
    )
    expect(gitSubcommand(['rev-parse', 'HEAD'])).toBe('rev-parse')
  })

  it('times every git child by subcommand and counts upload-pack runs, not advertisements', async () => {
    const registry = createRegistry('projects')
    const gitEnv = {
      path: process.env['PATH'] ?? '/usr/bin:/bin',
      observe: gitRunObserver(registry),
    }
    const store = new RepositoryStore(root, gitEnv)
    await store.create(1, 'main')
    const repo = store.repo(1)

    await infoRefs(repo, 'upload-pack', '')
    const sink = new PassThrough()
    sink.resume()
    await runService(repo, 'upload-pack', '', Readable.from([FLUSH_PKT]), sink)
    await expect(runGit(gitEnv, repo.gitDir, ['rev-parse', '--verify', 'nope'])).rejects.toThrow()

    expect(
      await sample(
        registry,
        /^git_command_duration_seconds_count\{.*subcommand="upload-pack",status="ok"/,
      ),
    ).toBe(2)
    expect(
      await sample(
        registry,
        /^git_command_duration_seconds_count\{.*subcommand="rev-parse",status="error"/,
      ),
    ).toBe(1)
    expect(await sample(registry, /^repository_upload_packs_total\{.*status="ok"/)).toBe(1)
    expect(await sample(registry, /^repository_pushes_total\{/)).toBeUndefined()
  })
})
