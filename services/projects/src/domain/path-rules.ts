import { OCI_PATH_FORMAT, PROJECT_WILDCARD_ROUTES } from '@suite/runtime'
import { BLANK, tooLong, type ErrorCollector } from './field-errors.js'

/** Project::NAME / path maximum length. */
export const MAX_LENGTH = 255

/** Gitlab::Regex.project_name_regex_message */
export const NAME_FORMAT_MESSAGE =
  "can contain only letters, digits, emoji, '_', '.', '+', dashes, or spaces. It must start with a letter, digit, emoji, or '_'."

/** Gitlab::PathRegex.project_path_format_message */
export const PATH_FORMAT_MESSAGE =
  "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'"

/** Gitlab::Regex.oci_repository_path_regex_message: checked when the path changes. */
export const PATH_SPECIAL_CHARACTERS_MESSAGE =
  'must not start or end with a special character and must not contain consecutive special characters.'

const NAME_FORMAT = /^[\p{L}\p{N}\u{00A9}-\u{1f9ff}_][\p{L}\p{N}\p{Pd}+\u{00A9}-\u{1f9ff}_. ]*$/u
const PATH_FORMAT = /^[a-zA-Z0-9_.][a-zA-Z0-9_\-.]*$/
/** A project path may be no word of GitLab's project wildcard routes. */
const RESERVED_PATHS = new Set(PROJECT_WILDCARD_ROUTES)

/**
 * ActiveSupport's String#parameterize: accents dropped, every run of other
 * characters than letters, digits, '-' and '_' one dash, no dash at either
 * end, lower case. How GitLab derives a path from a name.
 */
export function parameterize(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9\-_]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
}

/** Projects::CreateService#set_project_name_from_path: the missing one of name and path. */
export function deriveNameAndPath(
  name: string | undefined,
  path: string | undefined,
): { name: string; path: string } {
  const givenName = name !== undefined && name.trim() !== '' ? name : undefined
  const givenPath = path !== undefined && path.trim() !== '' ? path : undefined
  if (givenName !== undefined && givenPath !== undefined)
    return { name: givenName, path: givenPath }
  if (givenPath !== undefined) return { name: givenPath, path: givenPath }
  if (givenName !== undefined) return { name: givenName, path: parameterize(givenName) }
  return { name: name ?? '', path: path ?? '' }
}

export function validateName(name: string, errors: ErrorCollector): void {
  if (name.trim() === '') {
    errors.add('name', BLANK)
  } else if (!NAME_FORMAT.test(name)) {
    errors.add('name', NAME_FORMAT_MESSAGE)
  }
  if (name.length > MAX_LENGTH) errors.add('name', tooLong(MAX_LENGTH))
}

/** The path checks of Project: presence, project_path format, length, then the OCI rule. */
export function validatePath(path: string, errors: ErrorCollector): void {
  if (path.trim() === '') errors.add('path', BLANK)
  const validFormat =
    PATH_FORMAT.test(path) &&
    !/\.git$|\.atom$/.test(path) &&
    !RESERVED_PATHS.has(path.toLowerCase())
  if (path !== '' && !validFormat) errors.add('path', PATH_FORMAT_MESSAGE)
  if (path.length > MAX_LENGTH) errors.add('path', tooLong(MAX_LENGTH))
  if (!OCI_PATH_FORMAT.test(path)) errors.add('path', PATH_SPECIAL_CHARACTERS_MESSAGE)
}
