/**
 * The CI/CD variables a job is given (Gitlab::Ci::Variables::Builder's
 * secret_instance_variables, secret_group_variables and
 * secret_project_variables): protected ones only on a protected ref, those
 * of the job's environment scope, in the runner's order where later ones
 * win: instance, then the groups from the top down (the closest group
 * wins), then the project; within an owner a wildcard scope before a
 * pattern before the exact environment name (HasEnvironmentScope's
 * priority).
 */
import type { PayloadVariable } from './job-payload.js'
import type { OwnedVariable, VariableOwner } from './variable.js'

/** What the job a runner took says about which variables it gets. */
export interface JobVariableContext {
  /** The groups above the project, top first. */
  groupIds: readonly number[]
  /** The job's environment name, or null without one (only `*` scopes apply). */
  environment: string | null
}

/** Whether `text` matches `pattern`, where `*` is any run of characters (Gitlab::SQL::Glob). */
export function globMatches(pattern: string, text: string): boolean {
  let p = 0
  let t = 0
  let star = -1
  let resume = 0
  // The two-pointer wildcard match: at most pattern × text steps, both at most 255 characters.
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p += 1
      t += 1
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p
      resume = t
      p += 1
    } else if (star >= 0) {
      p = star + 1
      resume += 1
      t = resume
    } else {
      return false
    }
  }
  while (p < pattern.length && pattern[p] === '*') p += 1
  return p === pattern.length
}

/** 0 for `*`, 2 for the exact name, 1 for a matching pattern; undefined when the scope does not apply. */
function scopePriority(scope: string, environment: string | null): number | undefined {
  if (scope === '*') return 0
  if (environment === null) return undefined
  if (scope === environment) return 2
  return globMatches(scope, environment) ? 1 : undefined
}

/** The job's environment name from its `environment:` keyword (a name or `{ name: ... }`). */
export function environmentOf(options: Readonly<Record<string, unknown>>): string | null {
  const entry = options['environment']
  if (typeof entry === 'string') return entry
  if (typeof entry === 'object' && entry !== null) {
    const name = (entry as Record<string, unknown>)['name']
    if (typeof name === 'string') return name
  }
  return null
}

function ownerRank(owner: VariableOwner, groupIds: readonly number[]): number {
  if (owner.kind === 'instance') return 0
  if (owner.kind === 'project') return groupIds.length + 1
  return groupIds.indexOf(owner.id) + 1
}

/** The stored variables that apply to the job, as the runner gets them, in precedence order. */
export function jobSecretVariables(
  variables: readonly OwnedVariable[],
  context: JobVariableContext,
): PayloadVariable[] {
  const applicable: { rank: number; priority: number; id: number; entry: PayloadVariable }[] = []
  for (const { owner, variable } of variables) {
    const priority = scopePriority(variable.environmentScope, context.environment)
    if (priority === undefined) continue
    if (owner.kind === 'group' && !context.groupIds.includes(owner.id)) continue
    applicable.push({
      rank: ownerRank(owner, context.groupIds),
      priority,
      id: variable.id,
      entry: {
        key: variable.key,
        value: variable.value,
        public: false,
        masked: variable.masked,
        file: variable.variableType === 'file',
        raw: variable.raw,
      },
    })
  }
  applicable.sort((a, b) => a.rank - b.rank || a.priority - b.priority || a.id - b.id)
  return applicable.map(({ entry }) => entry)
}

/** What replaces a masked value in a job log, as the runner writes it. */
export const MASKED = '[MASKED]'

/** At most this many values are hidden in one log: the work stays linear in its size. */
export const MASKED_VALUES_LIMIT = 100

/**
 * The log with every occurrence of the masked values replaced by [MASKED]:
 * one indexOf scan of the log per value (longest first, so that a value
 * inside another does not split it), for at most MASKED_VALUES_LIMIT values.
 */
export function maskTrace(trace: Buffer, values: readonly string[]): Buffer {
  const needles = [...new Set(values)]
    .filter((value) => value.length > 0)
    .sort((a, b) => b.length - a.length)
    .slice(0, MASKED_VALUES_LIMIT)
    .map((value) => Buffer.from(value))
  const mask = Buffer.from(MASKED)
  let text = trace
  for (const needle of needles) {
    let at = text.indexOf(needle)
    if (at < 0) continue
    const parts: Buffer[] = []
    let from = 0
    while (at >= 0) {
      parts.push(text.subarray(from, at), mask)
      from = at + needle.length
      at = text.indexOf(needle, from)
    }
    parts.push(text.subarray(from))
    text = Buffer.concat(parts)
  }
  return text
}
