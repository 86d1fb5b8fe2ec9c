import { ConfigError, type ConfigHash } from './config-error.js'
import { applyExtends } from './extends.js'
import { resolveInputs } from './input-spec.js'
import { interpolate } from './interpolation.js'
import { parseJobEntry, type JobEntry } from './job-entry.js'
import { seedJob, type RootInfo, type SeededJob } from './job-seed.js'
import { MAX_JOBS } from './limits.js'
import { loadConfigText } from './load-yaml.js'
import { resolveReferences } from './references.js'
import { parseRoot, type RootEntry } from './root-entry.js'
import { firstMatchingRule } from './rules.js'
import type { CiConfigContext, CiConfigOutcome } from './types.js'
import { validateJobGraph, checkSeededNeeds } from './job-graph.js'
import { expandVariables } from './variables.js'

export const WORKFLOW_FILTERED = 'Pipeline filtered out by workflow rules.'
export const NO_JOBS =
  'Pipeline will not run for the selected trigger. ' +
  'The rules configuration prevented any jobs from being added to the pipeline.'

/** Interpolator#error_message: GitLab surfaces at most three joined errors. */
const joinFirstThree = (errors: string[]): string => errors.slice(0, 3).join(', ')

/** Config::Content → Yaml loader (header, inputs, interpolation) → Extendable → tags. */
function expandConfig(text: string, ctx: CiConfigContext): ConfigHash {
  const { header, body } = loadConfigText(text)
  const inputs = resolveInputs(header, ctx.inputs)
  if ('errors' in inputs) throw new ConfigError(joinFirstThree(inputs.errors))
  let interpolated: unknown = body
  if (header) {
    const result = interpolate(body, { inputs: inputs.values, variables: ctx.variables })
    if ('errors' in result) throw new ConfigError(joinFirstThree(result.errors))
    interpolated = result.value
  }
  return resolveReferences(applyExtends(interpolated as ConfigHash))
}

/** Entry validation of every visible job; all structural errors, as GitLab lists them. */
function parseJobs(root: RootEntry): JobEntry[] {
  const errors: string[] = []
  const entries: JobEntry[] = []
  for (const [name, raw] of root.jobs) {
    if (name.startsWith('.')) continue
    try {
      entries.push(parseJobEntry(name, raw, root.workflowRules !== null))
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      errors.push(...error.messages)
    }
  }
  if (entries.length === 0 && errors.length === 0)
    errors.push('jobs config should contain at least one visible job')
  if (errors.length > 0) throw new ConfigError(errors)
  return entries
}

/** EvaluateWorkflowRules: null when filtered, else the variables of the matching rule. */
function workflowVariables(root: RootEntry, ctx: CiConfigContext): Record<string, string> | null {
  if (!root.workflowRules) return {}
  const rule = firstMatchingRule(root.workflowRules, { ...root.variables, ...ctx.variables })
  if (!rule || rule.when === 'never') return null
  return rule.variables
}

function plan(text: string, ctx: CiConfigContext): CiConfigOutcome {
  const root = parseRoot(expandConfig(text, ctx))
  const entries = parseJobs(root)
  validateJobGraph(entries, root.stages)
  const fromWorkflow = workflowVariables(root, ctx)
  if (fromWorkflow === null) return { kind: 'rejected', errors: [WORKFLOW_FILTERED] }
  const rootVariables = { ...root.variables, ...fromWorkflow }
  const info: RootInfo = { stages: root.stages, defaults: root.defaults, rootVariables }
  const seeded = entries.map((e) => seedJob(e, info, ctx)).filter((s): s is SeededJob => s !== null)
  const needErrors = checkSeededNeeds(seeded)
  if (needErrors.length > 0) return { kind: 'invalid', errors: needErrors }
  const jobs = seeded.map((s) => s.job).sort((a, b) => a.stageIdx - b.stageIdx)
  if (jobs.every((j) => j.stage === '.pre' || j.stage === '.post')) {
    return { kind: 'rejected', errors: [NO_JOBS] }
  }
  if (jobs.length > MAX_JOBS) {
    return {
      kind: 'invalid',
      errors: [
        `The number of jobs has exceeded the limit of ${MAX_JOBS}. Try splitting the configuration with parent-child-pipelines.`,
      ],
    }
  }
  const scope = { ...rootVariables, ...ctx.variables }
  const name =
    root.workflowName === null ? null : expandVariables(root.workflowName, scope).slice(0, 255)
  return { kind: 'pipeline', stages: root.stages, jobs, name, variables: rootVariables }
}

/**
 * The pipeline GitLab would create from `.gitlab-ci.yml` text in this
 * context: a plan, an invalid config (persisted as a failed pipeline) or a
 * rejection (nothing persisted). Never throws.
 */
export function planPipeline(configText: string, context: CiConfigContext): CiConfigOutcome {
  try {
    return plan(configText, context)
  } catch (error) {
    if (error instanceof ConfigError) return { kind: 'invalid', errors: error.messages }
    // GitLab answers an unexpected processing failure with "Undefined error".
    return { kind: 'invalid', errors: ['Undefined error'] }
  }
}
