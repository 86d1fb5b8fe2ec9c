import type { PipelineInput, PipelineVariable } from '@suite/proto'
import { z } from 'zod'
import { HttpError } from '../errors/http-error.js'
import { p } from './coercions.js'
import { MESSAGES, Param, readWith } from './param.js'

function isHash(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
}

/** Grape's `type: Hash`: a JSON object or `name[key]=value` fields, taken as they are. */
function hash(): Param<Record<string, unknown>> {
  return new Param(
    (raw) => (isHash(raw) ? { ok: true, value: raw } : { ok: false, message: MESSAGES.invalid }),
    true,
  )
}

/** ISO 8601: a date, or a date and time with an optional zone (UTC when none). */
const ISO_DATETIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/

function toDate(text: string): Date | undefined {
  const match = ISO_DATETIME.exec(text.trim())
  if (!match) return undefined
  const [, day, time, zone] = match
  const date = new Date(time ? `${day}T${time}${zone ?? 'Z'}` : `${day}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? undefined : date
}

const dateTime = z.string().transform((text, ctx) => {
  const date = toDate(text)
  if (!date) ctx.addIssue({ code: 'custom', message: 'not an ISO 8601 time' })
  return date ?? new Date(NaN)
})

/** Grape's DateTime: `<name> is invalid` for anything but an ISO 8601 time. */
export function isoDateTime(): Param<Date> {
  return new Param(readWith(dateTime), true)
}

/** POST /projects/:id/(ref/:ref/)trigger/pipeline, in Grape's declaration order. */
export const triggerPipelineParams = {
  ref: p
    .string()
    .required()
    .check((ref) => ref !== '', 'is empty'),
  token: p.string().required(),
  variables: hash(),
  inputs: hash(),
}

/**
 * The endpoint's own check after Grape's: every variable a string (a form's
 * always are; JSON numbers, lists and hashes are not).
 */
export function triggerVariables(
  variables: Record<string, unknown> | undefined,
): PipelineVariable[] {
  const entries = Object.entries(variables ?? {})
  if (!entries.every(([, value]) => typeof value === 'string')) {
    throw new HttpError(400, { message: 'variables needs to be a map of key-valued strings' })
  }
  return entries.map(([key, value]) => ({ key, value: String(value), variableType: 'env_var' }))
}

/**
 * Inputs as typed values: JSON keeps strings, booleans, numbers and lists; a
 * form sends every value as text, which the configuration's spec:inputs
 * coerces. Anything else travels as JSON text for ci-triggers to refuse.
 */
export function triggerInputs(inputs: Record<string, unknown> | undefined): PipelineInput[] {
  return Object.entries(inputs ?? {}).map(([name, value]): PipelineInput => {
    if (typeof value === 'string') return { name, stringValue: value }
    if (typeof value === 'boolean') return { name, booleanValue: value }
    if (typeof value === 'number') return { name, numberValue: value }
    return { name, arrayJson: JSON.stringify(value ?? null) }
  })
}
