import { ConfigError } from './config-error.js'
import type { JobEntry } from './job-entry.js'
import type { SeededJob } from './job-seed.js'

/**
 * YamlProcessor's logical checks: each job's stage exists, and each need
 * names a visible job in the same or an earlier stage. The first error wins.
 */
export function validateJobGraph(entries: readonly JobEntry[], stages: readonly string[]): void {
  const byName = new Map(entries.map((e) => [e.name, e]))
  for (const entry of entries) {
    if (!stages.includes(entry.stage)) {
      throw new ConfigError(
        `${entry.name} job: chosen stage ${entry.stage} does not exist; available stages are ${stages.join(', ')}`,
      )
    }
  }
  for (const entry of entries) {
    const own = stages.indexOf(entry.stage)
    for (const need of entry.needs ?? []) {
      const needed = byName.get(need.job)
      if (!needed) throw new ConfigError(`${entry.name} job: undefined need: ${need.job}`)
      if (stages.indexOf(needed.stage) > own) {
        throw new ConfigError(
          `${entry.name} job: need ${need.job} is not defined in current or prior stages`,
        )
      }
    }
  }
}

/**
 * Seed-time needs: a required need whose job the rules left out is an error;
 * an optional one is dropped from the job's needs.
 */
export function checkSeededNeeds(seeded: SeededJob[]): string[] {
  const present = new Set(seeded.map((s) => s.job.name))
  const errors: string[] = []
  for (const s of seeded) {
    if (!s.needs) continue
    for (const need of s.needs) {
      if (present.has(need.job) || need.optional) continue
      errors.push(
        `'${s.job.name}' job needs '${need.job}' job, but '${need.job}' does not exist in the pipeline. ` +
          'This might be because of the only, except, or rules keywords. ' +
          'To need a job that sometimes does not exist in the pipeline, use needs:optional.',
      )
    }
    s.job.needs = s.needs.filter((n) => present.has(n.job)).map((n) => n.job)
  }
  return errors
}
