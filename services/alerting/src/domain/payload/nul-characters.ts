/**
 * Whether a parsed JSON value holds a NUL character in any string, key or
 * value, however deep. PostgreSQL stores U+0000 neither in text columns (the
 * title, description, hosts an alert is read into) nor in jsonb (the payload
 * kept whole), so such a payload is refused before anything is stored.
 */
export function holdsNul(value: unknown): boolean {
  // A work list rather than recursion: the gateway caps depth at 100, but a list may be wide.
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true
    } else if (Array.isArray(item)) {
      // One by one: spreading a list of a million items would overflow the stack.
      for (const inner of item as unknown[]) pending.push(inner)
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true
        pending.push(inner)
      }
    }
  }
  return false
}
