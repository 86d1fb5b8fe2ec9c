import { ConfigError, isHash, type ConfigHash } from './config-error.js'
import { DEFAULT_KEYS } from './job-entry.js'
import { commandsOf } from './job-fields.js'
import { parseRules, WORKFLOW_RULE_KEYS, WORKFLOW_RULE_WHEN, type Rule } from './rules.js'
import { normalizeVariables, ROOT_VARIABLE_DATA } from './variables.js'

/** Top-level keys that are not jobs (Entry::Root). */
export const RESERVED_KEYS = [
  'default',
  'include',
  'before_script',
  'image',
  'services',
  'after_script',
  'variables',
  'stages',
  'types',
  'cache',
  'workflow',
]
const LEGACY_GLOBALS = ['image', 'services', 'cache', 'before_script', 'after_script']
const DEFAULT_STAGES = ['build', 'test', 'deploy']
const EDGE_STAGES = ['.pre', '.post']

/** The root of the config, validated, with the jobs still raw. */
export interface RootEntry {
  stages: string[]
  defaults: ConfigHash
  variables: Record<string, string>
  workflowRules: Rule[] | null
  workflowName: string | null
  jobs: [string, unknown][]
}

const describeInclude = (entry: unknown): string => {
  if (typeof entry === 'string') return entry
  if (isHash(entry)) {
    const location =
      entry.local ??
      entry.file ??
      entry.remote ??
      entry.template ??
      entry.component ??
      entry.project
    return typeof location === 'string' ? location : JSON.stringify(location)
  }
  return String(entry)
}

/** Stages as written, then EdgeStagesInjector: .pre first and .post last, always. */
function stagesOf(raw: unknown): string[] {
  if (raw === undefined || raw === null) return ['.pre', ...DEFAULT_STAGES, '.post']
  if (!Array.isArray(raw) || !raw.every((s) => typeof s === 'string')) {
    throw new ConfigError('stages config should be an array of strings')
  }
  const middle = [...new Set(raw)].filter((s) => !EDGE_STAGES.includes(s))
  return ['.pre', ...middle, '.post']
}

function defaultsOf(root: ConfigHash): ConfigHash {
  const raw = root.default ?? {}
  if (!isHash(raw)) throw new ConfigError('default config should be a hash')
  const unknown = Object.keys(raw).filter((k) => !DEFAULT_KEYS.includes(k))
  if (unknown.length > 0)
    throw new ConfigError(`default config contains unknown keys: ${unknown.join(', ')}`)
  const defaults: ConfigHash = {}
  for (const key of LEGACY_GLOBALS) if (root[key] !== undefined) defaults[key] = root[key]
  Object.assign(defaults, raw)
  for (const key of ['before_script', 'after_script']) {
    if (defaults[key] !== undefined) commandsOf(defaults[key], key)
  }
  return defaults
}

function workflowOf(raw: unknown): { rules: Rule[] | null; name: string | null } {
  if (raw === undefined || raw === null) return { rules: null, name: null }
  if (!isHash(raw)) throw new ConfigError('workflow config should be a hash')
  const unknown = Object.keys(raw).filter((k) => !['rules', 'name', 'auto_cancel'].includes(k))
  if (unknown.length > 0)
    throw new ConfigError(`workflow config contains unknown keys: ${unknown.join(', ')}`)
  const name = raw.name ?? null
  if (name !== null && typeof name !== 'string')
    throw new ConfigError('workflow name should be a string')
  if (typeof name === 'string' && name.length > 255) {
    throw new ConfigError('workflow name is too long (maximum is 255 characters)')
  }
  const rules =
    raw.rules === undefined || raw.rules === null
      ? null
      : parseRules(raw.rules, 'workflow', WORKFLOW_RULE_KEYS, WORKFLOW_RULE_WHEN)
  return { rules, name }
}

/** Validate the root keys; `include:` cannot be fetched by this server and is refused. */
export function parseRoot(root: ConfigHash): RootEntry {
  if (root.include !== undefined && root.include !== null) {
    const list: unknown[] = Array.isArray(root.include) ? root.include : [root.include]
    const first = list[0]
    throw new ConfigError(
      `Included file \`${describeInclude(first)}\` is not supported by this server`,
    )
  }
  const workflow = workflowOf(root.workflow)
  return {
    stages: stagesOf(root.stages ?? root.types),
    defaults: defaultsOf(root),
    variables: normalizeVariables(root.variables, 'variables', ROOT_VARIABLE_DATA),
    workflowRules: workflow.rules,
    workflowName: workflow.name,
    jobs: Object.entries(root).filter(([key]) => !RESERVED_KEYS.includes(key)),
  }
}
