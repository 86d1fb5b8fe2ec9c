/**
 * GitLab's RefMatcher for branch and tag name patterns (webhook branch
 * filters, protected branches): a name matches when it equals the pattern,
 * or when the pattern holds `*` and matches the whole name with each `*`
 * standing for any text, other characters literal (GitLab builds
 * `\A<quoted parts joined by .*?>\z` and runs it on RE2).
 *
 * Matched here without a regular expression: a JavaScript RegExp of
 * `a.*a.*a.*…b` backtracks exponentially on a long name. Literal parts are
 * instead found left to right, each at its first place after the previous
 * one (the first place leaves the most room for the rest, so when it fails
 * every later place fails too): time linear in the name for each part.
 * RE2's `.` skips newlines; ref names cannot hold one (git check-ref-format
 * refuses control characters), so that difference never shows.
 */
export function refMatchesPattern(pattern: string, name: string): boolean {
  if (pattern === '') return false
  if (pattern === name) return true
  const parts = pattern.split('*')
  if (parts.length === 1) return false
  const first = parts[0] ?? ''
  const last = parts[parts.length - 1] ?? ''
  if (name.length < first.length + last.length) return false
  if (!name.startsWith(first) || !name.endsWith(last)) return false
  const end = name.length - last.length
  let at = first.length
  for (const part of parts.slice(1, -1)) {
    if (part === '') continue
    const found = name.indexOf(part, at)
    if (found === -1 || found + part.length > end) return false
    at = found + part.length
  }
  return true
}
