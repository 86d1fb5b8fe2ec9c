/**
 * Ref, branch, tag and file path validation: what GitLab's GitRefValidator
 * and git's check-ref-format accept, checked before anything reaches git.
 */

const MAX_REF_BYTES = 1024
const MAX_PATH_BYTES = 4096

// Control characters, space and the characters check-ref-format forbids.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_REF_CHARS = /[\x00-\x20\x7f~^:?*[\\]/

/** git check-ref-format for one full ref name (e.g. `refs/heads/<name>`). */
export function isValidFullRefName(ref: string): boolean {
  if (ref.length === 0 || Buffer.byteLength(ref) > MAX_REF_BYTES) return false
  if (FORBIDDEN_REF_CHARS.test(ref)) return false
  if (ref.includes('..') || ref.includes('@{') || ref === '@') return false
  if (ref.startsWith('/') || ref.endsWith('/') || ref.endsWith('.') || ref.includes('//')) {
    return false
  }
  return ref
    .split('/')
    .every((part) => part.length > 0 && !part.startsWith('.') && !part.endsWith('.lock'))
}

/**
 * A new branch or tag name as GitLab's Gitlab::GitRefValidator.validate:
 * no `refs/heads/`, `refs/remotes/` or `-` prefix, not HEAD, not a full SHA,
 * and valid under refs/heads/.
 */
export function isValidNewRefName(name: string): boolean {
  if (name.startsWith('refs/heads/') || name.startsWith('refs/tags/')) return false
  if (name.startsWith('refs/remotes/') || name.startsWith('-')) return false
  if (name === 'HEAD' || name === '@' || isFullObjectId(name)) return false
  return isValidFullRefName(`refs/heads/${name}`)
}

/** A name to look up (existing branch or tag): the same characters, nothing that is not a name. */
export function isLookupRefName(name: string): boolean {
  return !name.startsWith('-') && isValidFullRefName(`refs/heads/${name}`)
}

/** The object formats a repository can use: SHA-1 (40 hex digits) and SHA-256 (64). */
export type ObjectFormat = 'sha1' | 'sha256'

/** Whether `git init --object-format` takes this value. */
export function isObjectFormat(value: string): value is ObjectFormat {
  return value === 'sha1' || value === 'sha256'
}

/**
 * A hexadecimal object id, abbreviated (4+) or full, in either object format
 * (up to 64 digits for SHA-256 repositories); git itself says whether the
 * repository has such an object.
 */
export function isObjectId(value: string): boolean {
  return /^[0-9a-f]{4,64}$/i.test(value)
}

/** A full object id: 40 hex digits (SHA-1) or 64 (SHA-256), lowercase. */
export function isFullObjectId(value: string): boolean {
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(value)
}

/**
 * A file path of a commit action: relative, no empty, `.` or `..` segment,
 * no `.git` component, no control characters.
 */
export function isValidFilePath(path: string): boolean {
  if (path.length === 0 || Buffer.byteLength(path) > MAX_PATH_BYTES) return false
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(path) || path.startsWith('/') || path.endsWith('/')) return false
  return path
    .split('/')
    .every(
      (part) => part.length > 0 && part !== '.' && part !== '..' && part.toLowerCase() !== '.git',
    )
}
