import type { z } from 'zod'

/** The outcome of reading one present value: the coerced value or Grape's message. */
export type Coerced<T> = { ok: true; value: T } | { ok: false; message: string }

/** Grape's messages (grape/locale/en.yml). */
export const MESSAGES = {
  missing: 'is missing',
  invalid: 'is invalid',
  values: 'does not have a valid value',
  exceptValues: 'has a value not allowed',
} as const

/**
 * Caps on list-valued parameters (arrays, comma lists, hashes), so that no
 * request costs more than its size says: GitLab caps some lists with its
 * Limit validator; here every list has one cap, a route may raise its own.
 */
export const MAX_LIST_ITEMS = 100
/** The text of a list's string values together (100 names of 255 characters fit). */
export const MAX_LIST_CHARACTERS = 65_536

/**
 * What is wrong with a parsed list or hash for its limits, in the words of
 * GitLab's Limit validator (lib/api/validations/validators/limit.rb); else undefined.
 */
export function listLimitMessage(value: unknown, itemLimit: number): string | undefined {
  if (isPlainObject(value)) {
    const keys = Object.keys(value).length
    return keys > itemLimit ? `must contain at most ${itemLimit} items` : undefined
  }
  if (!Array.isArray(value)) return undefined
  const items = value as unknown[]
  if (items.length > itemLimit) return `must contain at most ${itemLimit} items`
  // Names and ids, not documents: a hash's values (a CI variable's) are not summed.
  let characters = 0
  for (const item of items) if (typeof item === 'string') characters += item.length
  return characters > MAX_LIST_CHARACTERS
    ? `must be less than ${MAX_LIST_CHARACTERS} characters`
    : undefined
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

type Reader<T> = (raw: unknown) => Coerced<T>

/**
 * What the OpenAPI document says of a parameter's values: a JSON Schema
 * fragment. Readers are functions, so the type is recorded beside them.
 */
export type ParamSchema = Readonly<Record<string, unknown>>

/**
 * A raw value as a message quotes it: text as given, anything else as JSON
 * (a form's nested hash has no prototype, so String() would throw on it).
 */
export function quotedValue(raw: unknown): string {
  if (typeof raw === 'string') return raw
  try {
    return JSON.stringify(raw) ?? String(raw)
  } catch {
    return typeof raw
  }
}

/** Reads a value with a zod schema; any failure is Grape's "is invalid". */
export function readWith<T>(schema: z.ZodType<T>): Reader<T> {
  return (raw) => {
    const result = schema.safeParse(raw)
    return result.success
      ? { ok: true, value: result.data }
      : { ok: false, message: MESSAGES.invalid }
  }
}

/**
 * One declared parameter, as in a Grape `params` block: how a raw value is
 * coerced, whether it must be there, its default, the values it may take.
 * `Defined` says whether the parsed value can be undefined (not when required
 * or defaulted).
 */
export class Param<T, Defined extends boolean = false> {
  constructor(
    readonly read: Reader<T>,
    /** Whether "" counts as not given (every type but strings). */
    readonly emptyIsAbsent: boolean,
    readonly isRequired: boolean = false,
    readonly fallback: T | undefined = undefined,
    readonly defined: Defined = false as Defined,
    /** The value an explicit null (or "") stands for; absent: null is "not given". */
    readonly nullValue: T | undefined = undefined,
    /** The values' JSON Schema, for the OpenAPI document; absent: any value. */
    readonly schema: ParamSchema | undefined = undefined,
    /** How many values a list (or keys a hash) may hold: see listLimitMessage. */
    readonly itemLimit: number = MAX_LIST_ITEMS,
  ) {}

  /** The same parameter, its JSON Schema for the OpenAPI document given. */
  describe(schema: ParamSchema): Param<T, Defined> {
    return new Param(
      this.read,
      this.emptyIsAbsent,
      this.isRequired,
      this.fallback,
      this.defined,
      this.nullValue,
      schema,
      this.itemLimit,
    )
  }

  /** Missing is a 400 `<name> is missing`. */
  required(): Param<T, true> {
    return new Param(
      this.read,
      this.emptyIsAbsent,
      true,
      this.fallback,
      true,
      this.nullValue,
      this.schema,
      this.itemLimit,
    )
  }

  /** The value when the parameter is not given. */
  default(value: T): Param<T, true> {
    return new Param(
      this.read,
      this.emptyIsAbsent,
      this.isRequired,
      value,
      true,
      this.nullValue,
      this.schema,
      this.itemLimit,
    )
  }

  /** A list that may hold more than MAX_LIST_ITEMS values (a commit's file actions). */
  allowItems(limit: number): Param<T, Defined> {
    return new Param(
      this.read,
      this.emptyIsAbsent,
      this.isRequired,
      this.fallback,
      this.defined,
      this.nullValue,
      this.schema,
      limit,
    )
  }

  /** Only these values: anything else is `<name> does not have a valid value`. */
  values(allowed: readonly T[]): Param<T, Defined> {
    const checked = this.check((value) => allowed.includes(value), MESSAGES.values)
    return checked.describe({ ...this.schema, enum: allowed })
  }

  /** Not these values: `<name> has a value not allowed`. */
  except(excluded: readonly T[]): Param<T, Defined> {
    return this.check((value) => !excluded.includes(value), MESSAGES.exceptValues)
  }

  /** A further condition on the coerced value, failing with the given Grape message. */
  check(accept: (value: T) => boolean, message: string): Param<T, Defined> {
    const read: Reader<T> = (raw) => {
      const result = this.read(raw)
      return result.ok && !accept(result.value) ? { ok: false, message } : result
    }
    return new Param(
      read,
      this.emptyIsAbsent,
      this.isRequired,
      this.fallback,
      this.defined,
      this.nullValue,
      this.schema,
      this.itemLimit,
    )
  }

  /**
   * An explicit null (JSON) or empty value (form) is given, and stands for
   * `value`: Grape keeps a nil that was sent (`member_role_id: nil` unsets).
   */
  nullAs(value: T): Param<T, Defined> {
    return new Param(
      this.read,
      this.emptyIsAbsent,
      this.isRequired,
      this.fallback,
      this.defined,
      value,
      this.schema,
      this.itemLimit,
    )
  }
}
