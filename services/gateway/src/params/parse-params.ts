import { badParameters } from '../errors/http-error.js'
import { MESSAGES, listLimitMessage, type Param } from './param.js'

export type ParamShape = Record<string, Param<unknown, boolean>>

/** What a shape parses to: absent optional parameters are undefined. */
export type ParamValues<S extends ParamShape> = {
  [K in keyof S]: S[K] extends Param<infer T, infer D>
    ? D extends true
      ? T
      : T | undefined
    : never
}

/** Grape's group validators, with their messages. */
const GROUP_CHECKS = {
  at_least_one_of: (present: number) =>
    present === 0 ? 'are missing, at least one parameter must be provided' : undefined,
  exactly_one_of: (present: number) =>
    present === 0
      ? 'are missing, exactly one parameter must be provided'
      : present > 1
        ? 'are mutually exclusive'
        : undefined,
  mutually_exclusive: (present: number) => (present > 1 ? 'are mutually exclusive' : undefined),
  all_or_none_of: (present: number, total: number) =>
    present !== 0 && present !== total ? 'provide all or none of parameters' : undefined,
} satisfies Record<string, (present: number, total: number) => string | undefined>

export interface ParamRule {
  kind: keyof typeof GROUP_CHECKS
  names: readonly string[]
  /** Checked right after this parameter, where Grape's block declares it; else at the end. */
  after?: string
}

/** Whether a route declares a file parameter (an avatar): only then may its form carry files. */
export function takesFiles(shape: ParamShape): boolean {
  return Object.values(shape).some((param) => param.schema?.['format'] === 'binary')
}

function isAbsent(raw: unknown, param: Param<unknown, boolean>): boolean {
  return raw === undefined || raw === null || (raw === '' && param.emptyIsAbsent)
}

function checkRule(rule: ParamRule, raw: Readonly<Record<string, unknown>>): string | undefined {
  const present = rule.names.filter((name) => raw[name] !== undefined && raw[name] !== null).length
  const message = GROUP_CHECKS[rule.kind](present, rule.names.length)
  return message && `${rule.names.join(', ')} ${message}`
}

/**
 * Validates and coerces declared parameters in declaration order, collecting
 * every message as Grape does; any failure is one 400 `{"error":"a is missing, b is invalid"}`.
 * Undeclared parameters are dropped.
 */
export function parseParams<S extends ParamShape>(
  shape: S,
  raw: Readonly<Record<string, unknown>>,
  rules: readonly ParamRule[] = [],
): ParamValues<S> {
  const errors: string[] = []
  const values: Record<string, unknown> = {}
  const runRules = (due: (rule: ParamRule) => boolean) => {
    for (const rule of rules.filter(due)) {
      const message = checkRule(rule, raw)
      if (message) errors.push(message)
    }
  }
  for (const [name, param] of Object.entries(shape)) {
    const given = raw[name]
    if ((given === null || given === '') && param.nullValue !== undefined) {
      values[name] = param.nullValue
    } else if (isAbsent(given, param)) {
      if (param.isRequired) errors.push(`${name} ${MESSAGES.missing}`)
      else if (param.fallback !== undefined) values[name] = param.fallback
    } else {
      const result = param.read(given)
      const overLimit = result.ok ? listLimitMessage(result.value, param.itemLimit) : undefined
      if (!result.ok) errors.push(`${name} ${result.message}`)
      else if (overLimit) errors.push(`${name} ${overLimit}`)
      else values[name] = result.value
    }
    runRules((rule) => rule.after === name)
  }
  runRules((rule) => rule.after === undefined || !(rule.after in shape))
  if (errors.length > 0) throw badParameters([...new Set(errors)])
  return values as ParamValues<S>
}
