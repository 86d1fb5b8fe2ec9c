import { ConfigError, isHash } from './config-error.js'
import { isTruthful, parseOrFail } from './expression.js'
import { compileUntrustedRegex, parseSlashPattern, safeMatch } from './safe-regex.js'
import type { CiConfigContext } from './types.js'

type Statement = ReturnType<typeof parseOrFail>

/** A parsed `only:`/`except:` policy; each present part must hold (Build::Policy specs). */
export interface Policy {
  refs: string[] | null
  variables: Statement[] | null
  /** `changes:` is approximated as always true; `kubernetes: active` as false (no cluster). */
  changes: boolean
  kubernetes: boolean
}

const POLICY_KEYS = ['refs', 'variables', 'changes', 'kubernetes']
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string')

/** Entry::Policy for `location` ("jobs:x:only"); `only` without refs defaults to branches and tags. */
export function parsePolicy(raw: unknown, location: string, isOnly: boolean): Policy {
  const defaultRefs = isOnly ? ['branches', 'tags'] : null
  if (Array.isArray(raw)) {
    if (!isStringArray(raw))
      throw new ConfigError(
        `${location} config should be an array of strings or regular expressions`,
      )
    return { refs: raw, variables: null, changes: false, kubernetes: false }
  }
  if (!isHash(raw) || Object.keys(raw).length === 0) {
    throw new ConfigError(`${location} has to be either an array of conditions or a hash`)
  }
  const unknown = Object.keys(raw).filter((k) => !POLICY_KEYS.includes(k))
  if (unknown.length > 0)
    throw new ConfigError(`${location} config contains unknown keys: ${unknown.join(', ')}`)
  if (raw.refs !== undefined && !isStringArray(raw.refs)) {
    throw new ConfigError(`${location} refs should be an array of strings or regular expressions`)
  }
  if (raw.variables !== undefined && !isStringArray(raw.variables)) {
    throw new ConfigError(`${location} variables should be an array of strings`)
  }
  const variables = raw.variables?.map((v) =>
    parseOrFail(v, `${location} variables Invalid expression syntax`),
  )
  return {
    refs: raw.refs ?? defaultRefs,
    variables: variables ?? null,
    changes: raw.changes !== undefined,
    kubernetes: raw.kubernetes !== undefined,
  }
}

const pluralize = (word: string): string => (/(s|sh|ch|x)$/.test(word) ? `${word}es` : `${word}s`)

/** Build::Policy::Refs#matches_pattern?. A `@project/path` suffix is not checked. */
function refMatches(pattern: string, ctx: CiConfigContext): boolean {
  const [name = ''] = pattern.split('@', 1)
  const branch = !ctx.tag && ctx.source !== 'merge_request_event'
  if (ctx.tag && name === 'tags') return true
  if (branch && name === 'branches') return true
  const source = ctx.source.replace(/_event$/, '')
  if (source === name || pluralize(source) === name) return true
  if (!branch && !ctx.tag) return false
  const slash = parseSlashPattern(name)
  if (slash) {
    const regex = compileUntrustedRegex(slash.source, slash.flags)
    return regex !== null && safeMatch(regex, ctx.ref)
  }
  return name === ctx.ref
}

/** Whether every part of the policy holds for this pipeline. */
export function policySatisfied(
  policy: Policy,
  ctx: CiConfigContext,
  scope: Readonly<Record<string, string>>,
): boolean {
  if (policy.refs && !policy.refs.some((p) => refMatches(p, ctx))) return false
  if (policy.variables && !policy.variables.some((s) => isTruthful(s, scope))) return false
  if (policy.kubernetes) return false
  return true
}
