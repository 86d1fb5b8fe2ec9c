/**
 * The validations of GitLab's variable models (Ci::HasVariable, Ci::Maskable,
 * HasEnvironmentScope, Ci::HidableVariable, Limitable), as field errors in
 * the order ActiveRecord collects them. Character checks walk the string
 * once: no pattern meets user input.
 */
import type { FieldErrors } from '@suite/runtime'
import type { CiVariable, VariableAttributes, VariableOwner } from './variable.js'

export const KEY_MAX_LENGTH = 255
export const SCOPE_MAX_LENGTH = 255
export const DESCRIPTION_MAX_LENGTH = 255
/** Ci::InstanceVariable's value limit. */
export const INSTANCE_VALUE_MAX_LENGTH = 10_000
/** Masked values need at least this many characters. */
export const MASKED_MIN_LENGTH = 8

/** The default plan's limits (plan_limits), with Limitable's names. */
export const VARIABLE_LIMITS: Readonly<
  Record<VariableOwner['kind'], { name: string; max: number }>
> = {
  project: { name: 'project ci variables', max: 8000 },
  group: { name: 'group ci variables', max: 30000 },
  instance: { name: 'ci instance level variables', max: 25 },
}

export const HIDDEN_VISIBILITY_FIXED =
  'The visibility setting cannot be changed for masked and hidden variables.'

const KEY_FORMAT = "can contain only letters, digits and '_'."
const SCOPE_FORMAT =
  "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', '*' and spaces"

function isKeyChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95
  )
}

/** Ci::Maskable::REGEX's alphabet: Base64 (RFC 4648, both flavours) and '@', ':', '.', '~'. */
function isMaskableChar(code: number): boolean {
  return isKeyChar(code) || '+=/@:.~-'.includes(String.fromCharCode(code))
}

/** Ruby's \s: space, \t, \n, \v, \f, \r. */
function isRubySpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13)
}

function isScopeChar(code: number): boolean {
  return isKeyChar(code) || '-/${}. *'.includes(String.fromCharCode(code))
}

function every(text: string, test: (code: number) => boolean): boolean {
  for (let i = 0; i < text.length; i += 1) if (!test(text.charCodeAt(i))) return false
  return true
}

/** Characters as Ruby counts them (code points). */
function length(text: string): number {
  let count = 0
  for (const _ of text) count += 1
  return count
}

/**
 * Whether a masked value can be masked: with expansion, 8 or more of
 * Maskable::REGEX's characters; raw (not expanded), any 8 or more characters
 * on one line without spaces (MASK_AND_RAW_REGEX).
 */
export function isMaskable(value: string, raw: boolean): boolean {
  if (length(value) < MASKED_MIN_LENGTH) return false
  return raw ? every(value, (code) => !isRubySpace(code)) : every(value, isMaskableChar)
}

/** `key=` strips surrounding whitespace (Ruby's strip: spaces, tabs, newlines, NUL). */
export function normalizeKey(key: string): string {
  let start = 0
  let end = key.length
  const strippable = (code: number) => isRubySpace(code) || code === 0
  while (start < end && strippable(key.charCodeAt(start))) start += 1
  while (end > start && strippable(key.charCodeAt(end - 1))) end -= 1
  return key.slice(start, end)
}

function add(errors: FieldErrors, field: string, message: string): void {
  ;(errors[field] ??= []).push(message)
}

/** The model validations of a variable about to be saved (uniqueness is the store's). */
export function variableErrors(owner: VariableOwner, attributes: VariableAttributes): FieldErrors {
  const errors: FieldErrors = {}
  const { key, value, environmentScope } = attributes
  if (key === '') add(errors, 'key', "can't be blank")
  if (length(key) > KEY_MAX_LENGTH) {
    add(errors, 'key', `is too long (maximum is ${KEY_MAX_LENGTH} characters)`)
  }
  if (key === '' || !every(key, isKeyChar)) add(errors, 'key', KEY_FORMAT)
  if (attributes.masked && !isMaskable(value, attributes.raw)) add(errors, 'value', 'is invalid')
  const { description } = attributes
  if (description !== null && length(description) > DESCRIPTION_MAX_LENGTH) {
    add(errors, 'description', `is too long (maximum is ${DESCRIPTION_MAX_LENGTH} characters)`)
  }
  if (owner.kind === 'instance') {
    if (length(value) > INSTANCE_VALUE_MAX_LENGTH) {
      add(
        errors,
        'value',
        `The value of the provided variable exceeds the ${INSTANCE_VALUE_MAX_LENGTH} character limit`,
      )
    }
    return errors
  }
  if (environmentScope === '') add(errors, 'environment_scope', "can't be blank")
  if (length(environmentScope) > SCOPE_MAX_LENGTH) {
    add(errors, 'environment_scope', `is too long (maximum is ${SCOPE_MAX_LENGTH} characters)`)
  }
  if (environmentScope === '' || !every(environmentScope, isScopeChar)) {
    add(errors, 'environment_scope', SCOPE_FORMAT)
  }
  return errors
}

/** Ci::HidableVariable on update: a hidden variable's masking stays as it is. */
export function hiddenUpdateErrors(
  current: Pick<CiVariable, 'hidden' | 'masked'>,
  masked: boolean,
): FieldErrors {
  return current.hidden && masked !== current.masked ? { base: [HIDDEN_VISIBILITY_FIXED] } : {}
}

/** The uniqueness validation's message: "(KEY) has already been taken". */
export function keyTakenErrors(key: string): FieldErrors {
  return { key: [`(${key}) has already been taken`] }
}

/** Limitable's refusal once the owner holds as many as its plan allows. */
export function limitErrors(owner: VariableOwner): FieldErrors {
  const limit = VARIABLE_LIMITS[owner.kind]
  return { base: [`Maximum number of ${limit.name} (${limit.max}) exceeded`] }
}
