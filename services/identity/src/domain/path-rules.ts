import { OCI_PATH_FORMAT, PROJECT_WILDCARD_ROUTES } from '@suite/runtime'
import { BLANK, tooLong, tooShort } from './field-errors.js'

/**
 * Routes on the top level of GitLab's URL space (Gitlab::PathRegex
 * TOP_LEVEL_ROUTES): no user or top-level group may take these paths.
 */
export const TOP_LEVEL_ROUTES: readonly string[] = [
  '-',
  '.well-known',
  '404.html',
  '422.html',
  '500.html',
  '502.html',
  '503.html',
  'admin',
  'api',
  'apple-touch-icon.png',
  'assets',
  'dashboard',
  'deploy.html',
  'explore',
  'favicon.ico',
  'favicon.png',
  'files',
  'groups',
  'health_check',
  'help',
  'import',
  'jwt',
  'login',
  'oauth',
  'profile',
  'projects',
  'public',
  'robots.txt',
  's',
  'search',
  'sitemap',
  'sitemap.xml',
  'sitemap.xml.gz',
  'slash-command-logo.png',
  'snippets',
  'unsubscribes',
  'uploads',
  'users',
  'v2',
]

/** ILLEGAL_GROUP_PATH_WORDS: PROJECT_WILDCARD_ROUTES | GROUP_ROUTES (['-']). */
const ILLEGAL_GROUP_PATH_WORDS = new Set(PROJECT_WILDCARD_ROUTES)

const TOP_LEVEL_WORDS = new Set(TOP_LEVEL_ROUTES)

/** Namespace::URL_MAX_LENGTH */
export const PATH_MAX_LENGTH = 255

/** NAMESPACE_FORMAT_REGEX: no leading '-', no trailing '.', '.git' or '.atom'. */
const NAMESPACE_FORMAT =
  /^(?:[a-zA-Z0-9_.][a-zA-Z0-9_\-.]{0,254}[a-zA-Z0-9_-]|[a-zA-Z0-9_])(?<!\.git|\.atom)$/

export const NAMESPACE_FORMAT_MESSAGE =
  "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'."

export const OCI_FORMAT_MESSAGE =
  "can only include non-accented letters, digits, '_', '-' and '.'. It must not start with '-', '_', or '.', nor end with '-', '_', '.', '.git', or '.atom'."

export const reservedNameMessage = (value: string): string => `${value} is a reserved name`

/** Whether a path (one segment) is reserved at its place in the hierarchy. */
export function isReservedPath(path: string, topLevel: boolean): boolean {
  const words = topLevel ? TOP_LEVEL_WORDS : ILLEGAL_GROUP_PATH_WORDS
  return words.has(path.toLowerCase())
}

/**
 * The messages GitLab gives for a namespace path (user or group), in the
 * order its validations add them: length, the OCI format, the namespace
 * format or a reserved name, then the two-character minimum.
 */
export function namespacePathErrors(path: string, topLevel: boolean): string[] {
  if (path.trim() === '') return [BLANK]
  const errors: string[] = []
  if (path.length > PATH_MAX_LENGTH) errors.push(tooLong(PATH_MAX_LENGTH))
  if (!OCI_PATH_FORMAT.test(path)) errors.push(OCI_FORMAT_MESSAGE)
  if (!NAMESPACE_FORMAT.test(path)) errors.push(NAMESPACE_FORMAT_MESSAGE)
  else if (isReservedPath(path, topLevel)) errors.push(reservedNameMessage(path))
  if (path.length < 2) errors.push(tooShort(2))
  return errors
}

/** Extensions Rails knows as MIME types (Mime::EXTENSION_LOOKUP). */
const MIME_EXTENSIONS: readonly string[] = (
  'html htm xhtml text txt js mjs css ics csv vcf vtt png jpeg jpg jpe pjpeg gif bmp tiff tif ' +
  'svg mpeg mpg mpe mp3 ogg oga m4a webm mp4 m4v otf ttf woff woff2 xml xsl xsd rss atom yaml ' +
  'yml json pdf zip gzip gz'
).split(' ')

export const RESERVED_EXTENSION_MESSAGE = 'ending with a reserved file extension is not allowed.'

/** User#check_username_format: a username may not end in a known file extension. */
export function endsWithReservedExtension(username: string): boolean {
  return MIME_EXTENSIONS.some((extension) => username.endsWith(`.${extension}`))
}

/** The messages GitLab gives for a username; they land on `username`. */
export function usernameErrors(username: string): string[] {
  const errors = namespacePathErrors(username, true)
  if (username.trim() !== '' && endsWithReservedExtension(username)) {
    errors.push(RESERVED_EXTENSION_MESSAGE)
  }
  return errors
}
