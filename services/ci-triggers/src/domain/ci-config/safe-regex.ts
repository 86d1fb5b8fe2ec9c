import { RE2JS } from 're2js'
import { MAX_MATCH_SUBJECT_LENGTH, MAX_PATTERN_LENGTH } from './limits.js'

/** A compiled untrusted pattern; matching it takes time linear in the subject. */
export type UntrustedRegex = RE2JS

const FLAGS: Readonly<Record<string, number>> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
}

/**
 * GitLab runs untrusted patterns on RE2, which never backtracks; so does
 * this, with re2js (RE2's algorithm in JavaScript). A pattern RE2 refuses
 * (backreferences, lookaround) is null, as it is invalid for GitLab too.
 */
export function compileUntrustedRegex(source: string, flags: string): UntrustedRegex | null {
  if (source.length > MAX_PATTERN_LENGTH) return null
  let mask = 0
  for (const flag of new Set(flags)) mask |= FLAGS[flag] ?? 0
  try {
    return RE2JS.compile(source, mask)
  } catch {
    return null
  }
}

/** Whether the pattern occurs in the subject; over-long subjects never match. */
export function safeMatch(regex: UntrustedRegex, subject: string): boolean {
  if (subject.length > MAX_MATCH_SUBJECT_LENGTH) return false
  return regex.matcher(subject).find()
}

/** `/pattern/flags` as GitLab writes regexps in only/except and rules, or null. */
export function parseSlashPattern(text: string): { source: string; flags: string } | null {
  const match = /^\/([\s\S]+)\/([ismU]*)$/.exec(text)
  if (!match) return null
  return { source: match[1] ?? '', flags: match[2] ?? '' }
}
