import { ConfigError, isHash, type ConfigHash } from './config-error.js'
import { parsePolicy, type Policy } from './only-except.js'
import { JOB_RULE_KEYS, JOB_RULE_WHEN, parseRules, type Rule } from './rules.js'
import { commandsOf, parseNeeds, type Need } from './job-fields.js'
import { JOB_VARIABLE_DATA, normalizeVariables } from './variables.js'

/** Entry::Job and Entry::Bridge allowed keys (Processable's included). */
const PROCESSABLE_KEYS = [
  'extends',
  'stage',
  'only',
  'except',
  'rules',
  'variables',
  'inherit',
  'allow_failure',
  'when',
  'needs',
  'resource_group',
]
const JOB_KEYS = [
  'tags',
  'script',
  'run',
  'type',
  'image',
  'services',
  'start_in',
  'artifacts',
  'cache',
  'dependencies',
  'before_script',
  'after_script',
  'hooks',
  'environment',
  'coverage',
  'retry',
  'parallel',
  'interruptible',
  'timeout',
  'release',
  'secrets',
  'id_tokens',
  'manual_confirmation',
  'pages',
  'publish',
  'identity',
]
const BRIDGE_KEYS = ['trigger', 'environment', 'parallel', 'inputs', 'start_in']
const JOB_WHEN = ['on_success', 'on_failure', 'always', 'manual', 'delayed']

/** Keys a job takes from `default:` (and the legacy top-level globals) unless it sets them. */
export const DEFAULT_KEYS = [
  'after_script',
  'artifacts',
  'before_script',
  'cache',
  'hooks',
  'id_tokens',
  'image',
  'interruptible',
  'retry',
  'services',
  'tags',
  'timeout',
]

/** A job as validated from the config, before rules decide whether it runs. */
export interface JobEntry {
  name: string
  bridge: boolean
  config: ConfigHash
  stage: string
  when: string | null
  staticAllowFailure: boolean
  exitCodes: unknown
  script: string[]
  needs: Need[] | null
  variables: Record<string, string>
  rules: Rule[] | null
  only: Policy | null
  except: Policy | null
  inheritDefault: boolean | string[]
  inheritVariables: boolean | string[]
}

const inheritValue = (raw: unknown, at: string): boolean | string[] => {
  if (raw === undefined || raw === null) return true
  if (typeof raw === 'boolean') return raw
  if (Array.isArray(raw) && raw.every((v) => typeof v === 'string')) return raw
  throw new ConfigError(`${at} config should be a boolean value or an array of strings`)
}

function parseAllowFailure(
  raw: unknown,
  at: string,
): { value: boolean | null; exitCodes: unknown } {
  if (raw === undefined || raw === null) return { value: null, exitCodes: undefined }
  if (typeof raw === 'boolean') return { value: raw, exitCodes: undefined }
  if (isHash(raw) && Object.keys(raw).every((k) => k === 'exit_codes')) {
    const codes = raw.exit_codes
    const ints = (v: unknown) => Number.isInteger(v)
    if (ints(codes) || (Array.isArray(codes) && codes.length > 0 && codes.every(ints))) {
      return { value: false, exitCodes: codes }
    }
  }
  throw new ConfigError(`${at} allow_failure should be a hash or a boolean value`)
}

/** Validate one visible job as Entry::Job/Entry::Bridge do; throws ConfigError with GitLab's text. */
export function parseJobEntry(name: string, raw: unknown, workflowHasRules: boolean): JobEntry {
  const at = `jobs:${name}`
  const config: ConfigHash = isHash(raw) ? raw : {}
  const isJob = 'script' in config || 'run' in config
  const bridge = !isJob && 'trigger' in config
  if (!isJob && !bridge) {
    throw new ConfigError(
      `jobs ${name} config should implement the script:, run:, or trigger: keyword`,
    )
  }
  if (name.length > 255) throw new ConfigError(`${at} name is too long (maximum is 255 characters)`)
  const allowed = [...PROCESSABLE_KEYS, ...(bridge ? BRIDGE_KEYS : JOB_KEYS)]
  const unknown = Object.keys(config).filter((k) => !allowed.includes(k))
  if (unknown.length > 0)
    throw new ConfigError(`${at} config contains unknown keys: ${unknown.join(', ')}`)
  const stage = config.stage ?? config.type ?? 'test'
  if (typeof stage !== 'string') throw new ConfigError(`${at}:stage config should be a string`)
  const when = config.when ?? null
  if (when !== null && (typeof when !== 'string' || !JOB_WHEN.includes(when))) {
    throw new ConfigError(`${at} when should be one of: ${JOB_WHEN.join(', ')}`)
  }
  const script = 'script' in config ? commandsOf(config.script, `${at}:script`) : []
  const blank =
    config.script === '' ||
    config.script === null ||
    (Array.isArray(config.script) && config.script.length === 0)
  if ('script' in config && blank) throw new ConfigError(`${at} script can't be blank`)
  const rulesDefined = config.rules !== undefined && config.rules !== null
  const usedWithRules = ['only', 'except', 'start_in'].filter(
    (k) => rulesDefined && config[k] != null,
  )
  if (usedWithRules.length > 0) {
    throw new ConfigError(
      `${at} config key may not be used with \`rules\`: ${usedWithRules.join(', ')}`,
    )
  }
  if (when === 'delayed' && !rulesDefined && typeof config.start_in !== 'string') {
    throw new ConfigError(`${at} start in should be a duration`)
  }
  if (
    config.tags !== undefined &&
    !(Array.isArray(config.tags) && config.tags.every((t) => typeof t === 'string'))
  ) {
    throw new ConfigError(`${at}:tags config should be an array of strings`)
  }
  const allowFailure = parseAllowFailure(config.allow_failure, at)
  const inherit = isHash(config.inherit) ? config.inherit : {}
  const rules = rulesDefined ? parseRules(config.rules, at, JOB_RULE_KEYS, JOB_RULE_WHEN) : null
  // With rules, or with workflow:rules, only/except lose their default (Processable#compose!).
  const dropDefaults = rules !== null || workflowHasRules
  const onlyRaw = config.only ?? null
  return {
    name,
    bridge,
    config,
    stage,
    when,
    staticAllowFailure: allowFailure.value ?? when === 'manual',
    exitCodes: allowFailure.exitCodes,
    script,
    needs:
      config.needs === undefined || config.needs === null ? null : parseNeeds(config.needs, at),
    variables: normalizeVariables(config.variables, `${at}:variables`, JOB_VARIABLE_DATA),
    rules,
    only:
      onlyRaw !== null
        ? parsePolicy(onlyRaw, `${at}:only`, true)
        : dropDefaults
          ? null
          : parsePolicy(['branches', 'tags'], `${at}:only`, true),
    except: config.except != null ? parsePolicy(config.except, `${at}:except`, false) : null,
    inheritDefault: inheritValue(inherit.default, `${at}:inherit:default`),
    inheritVariables: inheritValue(inherit.variables, `${at}:inherit:variables`),
  }
}
