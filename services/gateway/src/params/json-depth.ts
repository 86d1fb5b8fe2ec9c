/**
 * Whether JSON nests objects and arrays deeper than `max`, read in one pass
 * without building anything, so that a deep document is refused before it is
 * parsed. Takes the text or its UTF-8 bytes (a body parser's buffer, so that
 * the body is not decoded twice): the brackets and quotes it counts are ASCII,
 * and no byte of a multi-byte UTF-8 character is ASCII.
 */
export function nestsDeeperThan(json: string | Uint8Array, max: number): boolean {
  const codeAt =
    typeof json === 'string' ? (i: number) => json.charCodeAt(i) : (i: number) => json[i] ?? 0
  let depth = 0
  let inString = false
  for (let i = 0; i < json.length; i++) {
    const char = codeAt(i)
    if (inString) {
      if (char === 0x5c)
        i++ // backslash: skip the escaped character
      else if (char === 0x22) inString = false
    } else if (char === 0x22) {
      inString = true
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true
    } else if (char === 0x7d || char === 0x5d) {
      depth--
    }
  }
  return false
}
