/**
 * Finding `$[[ … ]]` blocks in a string of the loaded configuration, as
 * GitLab's Interpolation::Template::BLOCK_REGEXP finds them on RE2:
 * `\$\[\[\s*(\S.*?\S)\s*\]\]`, leftmost first, blocks not overlapping.
 *
 * Written out by hand because that pattern run as a JavaScript RegExp is
 * quadratic: every `$[[` that is never closed scans on to the end of its line
 * (a line of 3,200 `$[[ a` took 1.3 s, issue 24). Here a scan that found no
 * end is remembered, so a later opening on the same stretch gives up at once:
 * each character is looked at a bounded number of times.
 *
 * Whitespace and "any character" are RE2's, as in GitLab: `\s` is tab, line
 * feed, form feed, carriage return and space; `.` is anything but a line feed.
 */

export interface InterpolationBlock {
  /** Where `$[[` starts, and just past `]]`. */
  start: number
  end: number
  /** The text inside, without the whitespace around it (at least two characters). */
  data: string
}

const OPEN = '$[['
const CLOSE = ']]'
const LINE_FEED = 10

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13
}

function skipSpaces(text: string, from: number): number {
  let at = from
  while (at < text.length && isSpace(text.charCodeAt(at))) at++
  return at
}

/**
 * The block whose data starts at `first`: the data ends at the first
 * non-space character after it, on the same line, that whitespace and `]]`
 * follow. Otherwise where the search stopped (the line's end).
 */
function closeBlock(text: string, first: number): { last: number; end: number } | { stop: number } {
  let at = first + 1
  while (at < text.length && text.charCodeAt(at) !== LINE_FEED) {
    if (!isSpace(text.charCodeAt(at))) {
      const close = skipSpaces(text, at + 1)
      if (text.startsWith(CLOSE, close)) return { last: at, end: close + CLOSE.length }
    }
    at++
  }
  return { stop: at }
}

/** Every block of the text, in order. */
export function findInterpolationBlocks(text: string): InterpolationBlock[] {
  const blocks: InterpolationBlock[] = []
  // Data starting before here cannot end: a scan from further left found no
  // end up to here, and whether a place ends a block does not depend on where
  // the block began.
  let hopelessBefore = 0
  let from = 0
  for (;;) {
    const start = text.indexOf(OPEN, from)
    if (start === -1) return blocks
    const first = skipSpaces(text, start + OPEN.length)
    if (first >= text.length) return blocks
    from = start + 1
    if (first < hopelessBefore) continue
    const found = closeBlock(text, first)
    if ('stop' in found) {
      hopelessBefore = found.stop
      continue
    }
    blocks.push({ start, end: found.end, data: text.slice(first, found.last + 1) })
    from = found.end
  }
}
