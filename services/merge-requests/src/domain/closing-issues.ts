/**
 * Gitlab::ClosingIssueExtractor with GitLab's default issue_closing_pattern:
 * a closing word (Close, Closes, Closed, Closing, Fix, Fixes, Fixed, Fixing,
 * Resolve…, Implement…; first letter in either case), an optional colon, one
 * or more spaces, then issue references joined by commas, spaces or "and",
 * each optionally after "issue " or "issues ". A reference is `#n`, a project
 * reference `path#n` / `group/project#n`, or the URL of an issue.
 *
 * Read by hand in one pass (no RegExp on the text): every position is looked
 * at a bounded number of times, so the work is linear in the text's length.
 */

/** One referenced issue: `projectPath` is absent for `#n` (the project itself). */
export interface IssueReference {
  projectPath?: string | undefined
  iid: number
}

const KEYWORDS: readonly string[] = [
  'closing',
  'closes',
  'closed',
  'close',
  'fixing',
  'fixes',
  'fixed',
  'fix',
  'resolving',
  'resolves',
  'resolved',
  'resolve',
  'implementing',
  'implements',
  'implemented',
  'implement',
]

/** An iid beyond PostgreSQL's integer is no issue. */
const MAX_IID = 2_147_483_647

function isWordChar(code: number | undefined): boolean {
  if (code === undefined) return false
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95
  )
}

function isDigit(code: number | undefined): boolean {
  return code !== undefined && code >= 48 && code <= 57
}

/** A character of a namespace or project path (letters, digits, `_`, `.`, `-`, `/`). */
function isPathChar(code: number | undefined): boolean {
  return isWordChar(code) || code === 46 || code === 45 || code === 47
}

/** The end of the closing word at `at` (at a word start), or -1. */
function keywordEnd(text: string, at: number): number {
  if (isWordChar(text.charCodeAt(at - 1))) return -1
  const first = text[at]
  if (first === undefined) return -1
  const lower = first.toLowerCase()
  if (lower !== 'c' && lower !== 'f' && lower !== 'r' && lower !== 'i') return -1
  for (const keyword of KEYWORDS) {
    if (keyword[0] !== lower) continue
    // The rest is lowercase, as the pattern spells it.
    if (text.startsWith(keyword.slice(1), at + 1)) return at + keyword.length
  }
  return -1
}

/** The end of a run of spaces from `at` (at itself when there is none). */
function spacesEnd(text: string, at: number): number {
  let end = at
  while (text.charCodeAt(end) === 32) end += 1
  return end
}

/** Digits from `at`: the number and where they end, or undefined when there are none. */
function readNumber(text: string, at: number): { value: number; end: number } | undefined {
  let end = at
  let value = 0
  while (isDigit(text.charCodeAt(end))) {
    value = value * 10 + (text.charCodeAt(end) - 48)
    if (value > MAX_IID) value = MAX_IID + 1
    end += 1
  }
  if (end === at || value < 1 || value > MAX_IID) return undefined
  return { value, end }
}

/** The path of an issue URL: `<project path>/-/issues/<n>` or `<project path>/issues/<n>`. */
function urlReference(url: string): IssueReference | undefined {
  const scheme = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : 0
  if (scheme === 0) return undefined
  const slash = url.indexOf('/', scheme)
  if (slash < 0) return undefined
  const marker = url.lastIndexOf('/issues/')
  if (marker <= slash) return undefined
  const number = readNumber(url, marker + 8)
  if (!number || number.end !== url.length) return undefined
  let projectEnd = marker
  if (url.endsWith('/-', projectEnd)) projectEnd -= 2
  const projectPath = url.slice(slash + 1, projectEnd)
  if (projectPath.length === 0) return undefined
  return { projectPath, iid: number.value }
}

/** A reference at `at`: the issue and where it ends, or undefined. */
function readReference(
  text: string,
  at: number,
): { reference: IssueReference; end: number } | undefined {
  if (text[at] === '#') {
    const number = readNumber(text, at + 1)
    if (!number || isWordChar(text.charCodeAt(number.end))) return undefined
    return { reference: { iid: number.value }, end: number.end }
  }
  if (text.startsWith('http://', at) || text.startsWith('https://', at)) {
    // A URL runs to the next space or the characters that end a sentence.
    let end = at
    while (end < text.length && !' \t\r\n,;)>]'.includes(text.charAt(end))) end += 1
    let urlEnd = end
    while (urlEnd > at && text.charAt(urlEnd - 1) === '.') urlEnd -= 1
    const reference = urlReference(text.slice(at, urlEnd))
    return reference ? { reference, end: urlEnd } : undefined
  }
  let end = at
  while (isPathChar(text.charCodeAt(end))) end += 1
  if (end === at || text[end] !== '#') return undefined
  const number = readNumber(text, end + 1)
  if (!number || isWordChar(text.charCodeAt(number.end))) return undefined
  return { reference: { projectPath: text.slice(at, end), iid: number.value }, end: number.end }
}

/** After a reference: ` *,? +and +` or ` *,? *` (possibly nothing); where the next one may start. */
function separatorEnd(text: string, at: number): number {
  let end = spacesEnd(text, at)
  if (text[end] === ',') end = spacesEnd(text, end + 1)
  // "and" needs a space before it (after the optional comma) and after it.
  if (end > at && text.charCodeAt(end - 1) === 32 && text.startsWith('and', end)) {
    const afterAnd = spacesEnd(text, end + 3)
    if (afterAnd > end + 3) return afterAnd
  }
  return end
}

/** `issue ` or `issues ` before a reference (optional). */
function issueWordEnd(text: string, at: number): number {
  if (!text.startsWith('issue', at)) return at
  const word = text[at + 5] === 's' ? at + 6 : at + 5
  const end = spacesEnd(text, word)
  return end > word ? end : at
}

/**
 * The issues `text` closes, in the order written, each once. Every scan of a
 * reference list starts after a closing word and stops at the first thing
 * that is not a reference or a separator, where the outer scan goes on.
 */
export function closingIssueReferences(text: string): IssueReference[] {
  const found: IssueReference[] = []
  const seen = new Set<string>()
  let at = 0
  while (at < text.length) {
    const end = keywordEnd(text, at)
    if (end < 0) {
      at += 1
      continue
    }
    let position = end
    if (text[position] === ':') position += 1
    const afterSpaces = spacesEnd(text, position)
    if (afterSpaces === position) {
      at = end
      continue
    }
    position = afterSpaces
    let last = end
    for (;;) {
      const read = readReference(text, issueWordEnd(text, position))
      if (!read) break
      const key = `${read.reference.projectPath?.toLowerCase() ?? ''}#${read.reference.iid}`
      if (!seen.has(key)) {
        seen.add(key)
        found.push(read.reference)
      }
      last = read.end
      position = separatorEnd(text, read.end)
    }
    at = Math.max(last, at + 1)
  }
  return found
}

/**
 * The iids of the target project's issues among the references: `#n`, the
 * project's full path or (GitLab's relative reference) its path alone, and
 * its issue URLs. Other projects' issues are left alone.
 */
export function closedIidsIn(
  texts: readonly string[],
  project: { fullPath: string; path: string },
): number[] {
  const fullPath = project.fullPath.toLowerCase()
  const path = project.path.toLowerCase()
  const iids = new Set<number>()
  for (const text of texts) {
    for (const reference of closingIssueReferences(text)) {
      const named = reference.projectPath?.toLowerCase()
      if (named === undefined || named === fullPath || named === path) iids.add(reference.iid)
    }
  }
  return [...iids]
}
