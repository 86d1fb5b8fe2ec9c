import { isHash, type ConfigHash } from './config-error.js'
import { DEFAULT_KEYS, type JobEntry } from './job-entry.js'
import { commandsOf, parseNeeds, type Need } from './job-fields.js'
import { policySatisfied } from './only-except.js'
import { firstMatchingRule } from './rules.js'
import type { CiConfigContext, JobWhen, PlannedJob } from './types.js'

/** What the root of the config gives every job. */
export interface RootInfo {
  stages: string[]
  /** `default:` merged over the legacy top-level image, services, cache, before/after_script. */
  defaults: ConfigHash
  /** Global yaml variables with workflow:rules variables applied. */
  rootVariables: Record<string, string>
}

/** Keys passed through to the runner as they are written. */
const PASS_THROUGH = [
  'image',
  'services',
  'artifacts',
  'cache',
  'timeout',
  'retry',
  'interruptible',
  'environment',
  'parallel',
  'coverage',
  'dependencies',
  'start_in',
  'release',
  'trigger',
  'resource_group',
  'secrets',
  'id_tokens',
  'hooks',
  'pages',
  'run',
  'manual_confirmation',
  'inputs',
  'publish',
  'identity',
]

const allows = (inherit: boolean | string[], key: string): boolean =>
  Array.isArray(inherit) ? inherit.includes(key) : inherit

function inheritedVariables(entry: JobEntry, root: RootInfo): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(root.rootVariables)) {
    if (allows(entry.inheritVariables, k)) out[k] = v
  }
  return out
}

/** The job's config with `default:` filled in where the job is silent and inherit allows. */
function withDefaults(entry: JobEntry, root: RootInfo): ConfigHash {
  if (entry.bridge) return entry.config
  const out: ConfigHash = { ...entry.config }
  for (const key of DEFAULT_KEYS) {
    if (
      out[key] === undefined &&
      root.defaults[key] !== undefined &&
      allows(entry.inheritDefault, key)
    ) {
      out[key] = root.defaults[key]
    }
  }
  return out
}

/** A job the rules (or only/except) let into the pipeline, with its needs still unchecked. */
export interface SeededJob {
  job: PlannedJob
  needs: Need[] | null
}

/** Seed::Build: decide whether the job runs and with which when/allow_failure/variables. */
export function seedJob(entry: JobEntry, root: RootInfo, ctx: CiConfigContext): SeededJob | null {
  const inherited = inheritedVariables(entry, root)
  const scope = { ...inherited, ...entry.variables, ...ctx.variables }
  let when: string = entry.when ?? 'on_success'
  let allowFailure = entry.staticAllowFailure
  let variables = { ...inherited, ...entry.variables }
  let needs = entry.needs
  const config = withDefaults(entry, root)
  const options: Record<string, unknown> = {}
  for (const key of PASS_THROUGH) if (config[key] !== undefined) options[key] = config[key]
  if (entry.exitCodes !== undefined)
    options.allow_failure_criteria = { exit_codes: entry.exitCodes }
  if (entry.rules) {
    const rule = firstMatchingRule(entry.rules, scope)
    if (!rule || rule.when === 'never') return null
    when = rule.when ?? when
    allowFailure = rule.allowFailure ?? allowFailure
    variables = { ...variables, ...rule.variables }
    if (rule.needs !== undefined && rule.needs !== null)
      needs = parseNeeds(rule.needs, `jobs:${entry.name}:rules:rule`)
    if (rule.startIn !== undefined) options.start_in = rule.startIn
    if (rule.interruptible !== null) options.interruptible = rule.interruptible
  } else {
    if (entry.only && !policySatisfied(entry.only, ctx, scope)) return null
    if (entry.except && policySatisfied(entry.except, ctx, scope)) return null
  }
  const stageIdx = root.stages.indexOf(entry.stage)
  return {
    needs,
    job: {
      name: entry.name,
      stage: entry.stage,
      stageIdx,
      when: when as JobWhen,
      allowFailure,
      needs: needs ? needs.map((n) => n.job) : null,
      script: entry.script,
      beforeScript: entry.bridge
        ? []
        : commandsOf(config.before_script, `jobs:${entry.name}:before_script`),
      afterScript: entry.bridge
        ? []
        : commandsOf(config.after_script, `jobs:${entry.name}:after_script`),
      variables,
      tags: Array.isArray(config.tags)
        ? config.tags.filter((t): t is string => typeof t === 'string')
        : [],
      options: isHash(options) ? options : {},
    },
  }
}
