import { Counter, Histogram, type Registry } from '@suite/runtime'
import type { GitRun } from './git-command.js'

/** Git runs from milliseconds (rev-parse) to minutes (a large clone's pack). */
const GIT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120]

/**
 * The repository role's git metrics, fed by every git child it runs:
 * `git_command_duration_seconds{subcommand, status}` (status "ok", or "error"
 * for a non-zero exit or a signal: some exits are answers, such as
 * merge-base's 1, and count as errors here), and the business counters of
 * git over HTTP: `repository_pushes_total` (one receive-pack run per push) and
 * `repository_upload_packs_total` (clones and fetches; a protocol v2 client
 * makes two runs per fetch, ls-refs and fetch). A ref advertisement is neither.
 */
export function gitRunObserver(registry: Registry): (run: GitRun) => void {
  const duration = new Histogram({
    name: 'git_command_duration_seconds',
    help: 'Duration of git child processes of the repository role, by git subcommand',
    labelNames: ['subcommand', 'status'],
    buckets: GIT_BUCKETS,
    registers: [registry],
  })
  const pushes = new Counter({
    name: 'repository_pushes_total',
    help: 'Pushes over HTTP (git receive-pack runs), by status',
    labelNames: ['status'],
    registers: [registry],
  })
  const uploadPacks = new Counter({
    name: 'repository_upload_packs_total',
    help: 'Clones and fetches over HTTP (git upload-pack runs), by status',
    labelNames: ['status'],
    registers: [registry],
  })
  return ({ subcommand, args, seconds, exitCode }) => {
    const status = exitCode === 0 ? 'ok' : 'error'
    duration.observe({ subcommand, status }, seconds)
    if (args.includes('--advertise-refs')) return
    if (subcommand === 'receive-pack') pushes.inc({ status })
    else if (subcommand === 'upload-pack') uploadPacks.inc({ status })
  }
}
