import type { PipelineInput, PipelineVariable } from '@suite/proto'
import { badParameters } from '../errors/http-error.js'
import { p } from './coercions.js'
import { MESSAGES, Param } from './param.js'

/** Ci::PipelineVariable.variable_types. */
const VARIABLE_TYPES = ['env_var', 'file']

function isHash(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
}

/**
 * An array of hashes, however it was sent: a JSON array, or a form's
 * `variables[][key]=` (qs reads long lists as `{"0": .., "1": ..}`).
 */
function hashList(raw: unknown): Record<string, unknown>[] | undefined {
  const list = Array.isArray(raw)
    ? (raw as unknown[])
    : isHash(raw) && Object.keys(raw).every((key) => /^\d+$/.test(key))
      ? Object.keys(raw)
          .sort((a, b) => Number(a) - Number(b))
          .map((key) => raw[key])
      : undefined
  return list?.every(isHash) ? list : undefined
}

/** `variables`: Array of {key, value, variable_type}; not such an array is `variables is invalid`. */
const variableList = new Param<Record<string, unknown>[]>((raw) => {
  const list = hashList(raw)
  return list ? { ok: true, value: list } : { ok: false, message: MESSAGES.invalid }
}, true)

/** `inputs`: a Hash (JSON object or `inputs[name]=value`); anything else is `inputs is invalid`. */
const inputHash = new Param<Record<string, unknown>>(
  (raw) => (isHash(raw) ? { ok: true, value: raw } : { ok: false, message: MESSAGES.invalid }),
  true,
)

/** `use :create_pipeline_params` (API::Ci::Helpers::PipelinesHelpers). */
export const createPipelineParams = {
  id: p.string().required(),
  ref: p.string().required(),
  variables: variableList,
  inputs: inputHash,
}

/** A nested String: numbers and booleans read as text, as Grape's coercion does. */
function nestedText(value: unknown, name: string, errors: string[]): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  errors.push(`${name} ${MESSAGES.invalid}`)
  return ''
}

/**
 * The variables as messages, with Grape's indexed messages for a bad element
 * (`variables[0][variable_type] does not have a valid value`); variable_type
 * defaults to env_var.
 */
export function pipelineVariables(
  list: readonly Record<string, unknown>[] | undefined,
): PipelineVariable[] {
  const errors: string[] = []
  const variables = (list ?? []).map((entry, index): PipelineVariable => {
    const at = (field: string) => `variables[${index}][${field}]`
    const key = nestedText(entry['key'], at('key'), errors)
    const value = nestedText(entry['value'], at('value'), errors)
    const given = entry['variable_type']
    const variableType = given === undefined || given === null ? 'env_var' : given
    if (typeof variableType !== 'string' || !VARIABLE_TYPES.includes(variableType)) {
      errors.push(`${at('variable_type')} ${MESSAGES.values}`)
      return { key, value, variableType: '' }
    }
    return { key, value, variableType }
  })
  if (errors.length > 0) throw badParameters(errors)
  return variables
}

/**
 * The inputs with the type the client gave them (a form sends text only; the
 * service reads text against the input's declared type). Arrays and hashes
 * travel as JSON text; a null value is left out, as if not given.
 */
export function pipelineInputs(
  inputs: Readonly<Record<string, unknown>> | undefined,
): PipelineInput[] {
  return Object.entries(inputs ?? {}).flatMap(([name, value]): PipelineInput[] => {
    if (value === undefined || value === null) return []
    if (typeof value === 'string') return [{ name, stringValue: value }]
    if (typeof value === 'boolean') return [{ name, booleanValue: value }]
    if (typeof value === 'number') return [{ name, numberValue: value }]
    return [{ name, arrayJson: JSON.stringify(value) }]
  })
}
