import { ConfigError, isHash } from './config-error.js'
import { isTruthful, parseOrFail } from './expression.js'
import { JOB_VARIABLE_DATA, normalizeVariables } from './variables.js'

type Statement = ReturnType<typeof parseOrFail>

/** One parsed `rules:` entry. `changes` and `exists` are approximated as always true. */
export interface Rule {
  condition: Statement | null
  when: string | null
  allowFailure: boolean | null
  variables: Record<string, string>
  needs: unknown
  startIn: unknown
  interruptible: boolean | null
}

export const JOB_RULE_KEYS = [
  'if',
  'changes',
  'exists',
  'when',
  'start_in',
  'allow_failure',
  'variables',
  'needs',
  'interruptible',
]
export const WORKFLOW_RULE_KEYS = ['if', 'changes', 'exists', 'when', 'variables', 'auto_cancel']
export const JOB_RULE_WHEN = ['on_success', 'on_failure', 'always', 'never', 'manual', 'delayed']
export const WORKFLOW_RULE_WHEN = ['always', 'never']

/** Rules may nest arrays of rules (from !reference) up to ten levels. */
function flatten(raw: unknown[], depth: number, arrayMessage: string): unknown[] {
  if (depth > 10) throw new ConfigError(arrayMessage)
  return raw.flatMap((item) =>
    Array.isArray(item) ? flatten(item, depth + 1, arrayMessage) : [item],
  )
}

/**
 * Parse `rules:` at `location` (e.g. "jobs:test" or "workflow") with
 * Entry::Rules' validations and messages.
 */
export function parseRules(
  raw: unknown,
  location: string,
  allowedKeys: readonly string[],
  allowedWhen: readonly string[],
): Rule[] {
  const arrayMessage = `${location} rules should be an array containing hashes and arrays of hashes`
  if (!Array.isArray(raw)) throw new ConfigError(arrayMessage)
  const at = `${location}:rules:rule`
  return flatten(raw, 1, arrayMessage).map((entry) => {
    if (!isHash(entry)) throw new ConfigError(`${at} config should be a hash`)
    const unknown = Object.keys(entry).filter((k) => !allowedKeys.includes(k))
    if (unknown.length > 0)
      throw new ConfigError(`${at} config contains unknown keys: ${unknown.join(', ')}`)
    const when = entry.when ?? null
    if (when !== null && (typeof when !== 'string' || !allowedWhen.includes(when))) {
      throw new ConfigError(
        `${at} when unknown value: ${typeof when === 'string' ? when : JSON.stringify(when)}`,
      )
    }
    const allowFailure = entry.allow_failure ?? null
    if (allowFailure !== null && typeof allowFailure !== 'boolean') {
      throw new ConfigError(`${at} allow_failure should be a boolean value`)
    }
    const interruptible = entry.interruptible ?? null
    if (interruptible !== null && typeof interruptible !== 'boolean') {
      throw new ConfigError(`${at} interruptible should be a boolean value`)
    }
    const condition =
      entry.if === undefined ? null : parseOrFail(entry.if, `${at} if invalid expression syntax`)
    return {
      condition,
      when,
      allowFailure,
      variables: normalizeVariables(entry.variables, `${at}:variables`, JOB_VARIABLE_DATA),
      needs: entry.needs,
      startIn: entry.start_in,
      interruptible,
    }
  })
}

/** The first rule whose clauses all hold; `changes`/`exists` count as holding. */
export function firstMatchingRule(
  rules: readonly Rule[],
  scope: Readonly<Record<string, string>>,
): Rule | null {
  return rules.find((rule) => rule.condition === null || isTruthful(rule.condition, scope)) ?? null
}
