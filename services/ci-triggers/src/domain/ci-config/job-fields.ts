import { ConfigError, isHash } from './config-error.js'

/** Entry::Commands: a string or nested arrays (ten levels) of strings, flattened. */
export function commandsOf(raw: unknown, at: string): string[] {
  const message = `${at} config should be a string or a nested array of strings up to 10 levels deep`
  const out: string[] = []
  const walk = (node: unknown, depth: number): void => {
    if (depth > 10) throw new ConfigError(message)
    if (typeof node === 'string') out.push(node)
    else if (Array.isArray(node)) node.forEach((n) => walk(n, depth + 1))
    else throw new ConfigError(message)
  }
  if (raw === null || raw === undefined) return out
  walk(raw, 0)
  return out
}

/** One `needs:` entry on another job of this pipeline. */
export interface Need {
  job: string
  optional: boolean
  artifacts: boolean
}

/** GitLab's ci_needs_size_limit default. */
const MAX_NEEDS = 50

/**
 * Entry::Needs: strings or `{job, optional, artifacts}`. Cross-project and
 * parent-pipeline needs (`project:`/`pipeline:`) are left to options.
 */
export function parseNeeds(raw: unknown, at: string): Need[] {
  const list = Array.isArray(raw) ? raw : isHash(raw) ? [raw] : null
  if (!list) throw new ConfigError(`${at}:needs config can only be a hash or an array`)
  const needs: Need[] = []
  for (const entry of list.flat(1)) {
    if (typeof entry === 'string') needs.push({ job: entry, optional: false, artifacts: true })
    else if (
      isHash(entry) &&
      typeof entry.job === 'string' &&
      entry.project === undefined &&
      entry.pipeline === undefined
    ) {
      needs.push({
        job: entry.job,
        optional: entry.optional === true,
        artifacts: entry.artifacts !== false,
      })
    } else if (!(isHash(entry) && (entry.project !== undefined || entry.pipeline !== undefined))) {
      throw new ConfigError(`${at}:needs:need config must be a string or a hash with a job`)
    }
  }
  if (needs.length > MAX_NEEDS) {
    throw new ConfigError(`${at}:needs config must not contain more than ${MAX_NEEDS} needs`)
  }
  const seen = new Set<string>()
  const duplicated = needs.filter((n) => (seen.has(n.job) ? true : (seen.add(n.job), false)))
  if (duplicated.length > 0) {
    throw new ConfigError(
      `${at} has the following needs duplicated: ${duplicated.map((n) => n.job).join(', ')}.`,
    )
  }
  return needs
}
