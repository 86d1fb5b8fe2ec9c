import { isHash } from './config-error.js'
import type { InputValue } from './types.js'
import { compileUntrustedRegex, safeMatch } from './safe-regex.js'

const TYPES = ['array', 'boolean', 'number', 'string'] as const
type InputType = (typeof TYPES)[number]
const SPEC_KEYS = ['default', 'description', 'options', 'regex', 'type', 'rules']

const typeMatches = (type: InputType, value: unknown): boolean => {
  switch (type) {
    case 'array':
      return Array.isArray(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'string':
      return typeof value === 'string'
  }
}

const article = (type: InputType): string => (type === 'array' ? 'an' : 'a')

/** Errors of one input, each as "`name` input: ...", as Ci::Interpolation::Inputs words them. */
function checkInput(
  name: string,
  spec: Record<string, unknown>,
  type: InputType,
  given: unknown,
): string[] {
  const errors: string[] = []
  const fail = (message: string) => errors.push(`\`${name}\` input: ${message}`)
  const required = !Object.hasOwn(spec, 'default')
  if (required && given === undefined) {
    fail('required value has not been provided')
    return errors
  }
  const check = (value: unknown, which: 'default' | 'provided') => {
    if (!typeMatches(type, value)) return fail(`${which} value is not ${article(type)} ${type}`)
    const options = spec.options
    if (options !== undefined && options !== null) {
      if (type !== 'string' && type !== 'number') {
        return fail('Options can only be used with string and number inputs')
      }
      if (Array.isArray(options) && !options.includes(value)) {
        const list = type === 'number' ? 'the allowed options' : 'allowed options'
        return fail(`\`${String(value)}\` cannot be used because it is not in the list of ${list}`)
      }
    }
    if (Object.hasOwn(spec, 'regex')) {
      if (type !== 'string') return fail('RegEx validation can only be used with string inputs')
      const regex = typeof spec.regex === 'string' ? compileUntrustedRegex(spec.regex, '') : null
      if (!regex) return fail('invalid regular expression')
      if (!safeMatch(regex, value as string)) {
        return fail(`${which} value does not match required RegEx pattern`)
      }
    }
    return undefined
  }
  if (!required) check(spec.default, 'default')
  if (errors.length === 0 && given !== undefined) check(given, 'provided')
  return errors
}

/** Header shape errors (Ci::Config::Header::Root), with GitLab's "header:..." locations. */
function headerErrors(header: Record<string, unknown>): string[] {
  const unknown = Object.keys(header).filter((k) => k !== 'spec')
  if (unknown.length > 0) return [`header config contains unknown keys: ${unknown.join(', ')}`]
  const spec = header.spec
  if (!isHash(spec)) return ['header:spec config should be a hash']
  const specUnknown = Object.keys(spec).filter((k) => k !== 'inputs' && k !== 'component')
  if (specUnknown.length > 0) {
    return [`header:spec config contains unknown keys: ${specUnknown.join(', ')}`]
  }
  if (spec.inputs !== undefined && spec.inputs !== null && !isHash(spec.inputs)) {
    return ['header:spec:inputs config should be a hash']
  }
  const errors: string[] = []
  for (const [name, raw] of Object.entries(isHash(spec.inputs) ? spec.inputs : {})) {
    if (raw === null) continue
    if (!isHash(raw)) errors.push(`header:spec:inputs:${name} config should be a hash`)
    else {
      const bad = Object.keys(raw).filter((k) => !SPEC_KEYS.includes(k))
      if (bad.length > 0) {
        errors.push(`header:spec:inputs:${name} config contains unknown keys: ${bad.join(', ')}`)
      }
    }
  }
  return errors
}

/**
 * The values of the header's inputs for the given arguments, or the errors
 * (all of them; the caller joins the first three as GitLab does).
 */
export function resolveInputs(
  header: Record<string, unknown> | null,
  given: Readonly<Record<string, InputValue>>,
): { values: Record<string, unknown> } | { errors: string[] } {
  const givenNames = Object.keys(given)
  if (!header) {
    if (givenNames.length === 0) return { values: {} }
    return {
      errors: ['Given inputs not defined in the `spec` section of the included configuration file'],
    }
  }
  const shape = headerErrors(header)
  if (shape.length > 0) return { errors: shape }
  const specs = (header.spec as Record<string, unknown>).inputs
  const specMap: Record<string, unknown> = isHash(specs) ? specs : {}
  const errors: string[] = []
  const unknown = givenNames.filter((n) => !Object.hasOwn(specMap, n))
  if (unknown.length > 0) errors.push(`unknown input arguments: ${unknown.join(', ')}`)
  const values: Record<string, unknown> = {}
  for (const [name, raw] of Object.entries(specMap)) {
    const spec = isHash(raw) ? raw : {}
    const type = spec.type ?? 'string'
    if (!TYPES.includes(type as InputType)) {
      errors.push(`unknown input specification for \`${name}\` (valid types: ${TYPES.join(', ')})`)
      continue
    }
    const value = Object.hasOwn(given, name) ? given[name] : undefined
    const inputErrors = checkInput(name, spec, type as InputType, value)
    errors.push(...inputErrors)
    values[name] = value === undefined ? spec.default : value
  }
  return errors.length > 0 ? { errors } : { values }
}
