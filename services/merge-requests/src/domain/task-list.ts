/**
 * GitLab's task list items (Taskable::ITEM_PATTERN_UNTRUSTED, run on RE2 in
 * multiline mode): from the start of a line, optional blockquote marks
 * (`>` and up to four spaces, repeated), one or more list markers (`-`, `+`,
 * `*`, `1.` or `1)`) with whitespace between, whitespace, a checkbox (`[ ]`,
 * `[x]` or `[X]`), one whitespace character and some text on its line:
 *
 *   ^(?:>\s{0,4})*(?:\s*(?:[-+*]|\d+[.)]))+\s+(\[[xX]\]|\[\s\])(\s.+)
 *
 * Matched by hand, because as a JavaScript RegExp the pattern is quadratic: a
 * failed try from one line start rescans the lines after it (16 KB of `-\n`
 * lines took over 3 s on every read of the merge request, issue 24). Here
 * each stretch of prefix characters is read once for all the line starts in it.
 *
 * `\s` can be a line feed, so an item may start lines above its checkbox,
 * exactly as with the pattern. Whitespace and `.` are RE2's: `\s` is tab, line
 * feed, form feed, carriage return and space; `.` is anything but a line feed.
 */

export interface TaskCounts {
  count: number
  completedCount: number
}

const LINE_FEED = '\n'

function isSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\f' || ch === '\r'
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9'
}

/** Characters the part before a checkbox may hold: blockquote marks, whitespace, list markers. */
function isPrefixChar(ch: string | undefined): boolean {
  return (
    ch === '>' ||
    ch === '-' ||
    ch === '+' ||
    ch === '*' ||
    ch === '.' ||
    ch === ')' ||
    isSpace(ch) ||
    isDigit(ch)
  )
}

function nextLineStart(text: string, from: number): number {
  const feed = text.indexOf(LINE_FEED, from)
  return feed === -1 ? text.length : feed + 1
}

/** The first line start in [from, to) that `accept` takes, or -1. */
function firstLineStart(
  text: string,
  from: number,
  to: number,
  accept: (at: number) => boolean,
): number {
  let at = from
  if (at > 0 && text[at - 1] !== LINE_FEED) at = nextLineStart(text, at)
  while (at < to) {
    if (accept(at)) return at
    at = nextLineStart(text, at)
  }
  return -1
}

/**
 * The runs of non-whitespace in [from, to), read as list markers: where the
 * last run that is not a sequence of markers starts (-1: none), and where the
 * last run starts (-1: no run).
 */
function markerRuns(text: string, from: number, to: number): { lastBad: number; lastRun: number } {
  let lastBad = -1
  let lastRun = -1
  let at = from
  while (at < to) {
    if (isSpace(text[at])) {
      at++
      continue
    }
    const start = at
    let valid = true
    while (at < to && !isSpace(text[at])) {
      const ch = text[at]
      if (ch === '-' || ch === '+' || ch === '*') {
        at++
      } else if (isDigit(ch)) {
        while (at < to && isDigit(text[at])) at++
        if (text[at] === '.' || text[at] === ')') at++
        else valid = false
      } else {
        valid = false
        at++
      }
    }
    if (!valid) lastBad = start
    lastRun = start
  }
  return { lastBad, lastRun }
}

/** Where the unbroken chain of `>` marks (gaps of up to four whitespace characters) that ends at `last` begins. */
function quoteChainStart(text: string, floor: number, last: number): number {
  let start = last
  for (;;) {
    let before = start - 1
    while (before >= floor && start - 1 - before < 5 && isSpace(text[before])) before--
    if (before < floor || text[before] !== '>' || start - 1 - before > 4) return start
    start = before
  }
}

/**
 * The first line start in [from, box) from which the text up to the checkbox
 * at `box` reads as blockquote marks, list markers and whitespace (ending in
 * whitespace), or -1. Every line start in the stretch is decided from one
 * reading of it.
 */
function itemStart(text: string, from: number, box: number): number {
  if (!isSpace(text[box - 1])) return -1
  // Not lastIndexOf: it would read on past `from`, back to the text's start each time.
  let lastQuote = box - 1
  while (lastQuote >= from && text[lastQuote] !== '>') lastQuote--
  const quoted = lastQuote >= from
  const tailFrom = quoted ? lastQuote + 1 : from
  const { lastBad, lastRun } = markerRuns(text, tailFrom, box)
  if (quoted && lastBad === -1 && lastRun !== -1) {
    // Starting on a `>` of the chain that ends at the last one.
    const chain = quoteChainStart(text, from, lastQuote)
    const start = firstLineStart(text, chain, lastQuote + 1, (at) => text[at] === '>')
    if (start !== -1) return start
  }
  // Starting after the last `>`: every run from there on is markers, and one at least.
  return firstLineStart(text, tailFrom, box, (at) => at > lastBad && at <= lastRun)
}

/** The task_completion_status of a description. */
export function countTasks(description: string): TaskCounts {
  const text = description
  let count = 0
  let completedCount = 0
  let from = 0
  while (from < text.length) {
    let box = from
    while (box < text.length && isPrefixChar(text[box])) box++
    if (box >= text.length) break
    const mark = text[box + 1]
    const isBox =
      text[box] === '[' &&
      (mark === 'x' || mark === 'X' || isSpace(mark)) &&
      text[box + 2] === ']' &&
      isSpace(text[box + 3]) &&
      box + 4 < text.length &&
      text[box + 4] !== LINE_FEED
    if (isBox && itemStart(text, from, box) !== -1) {
      count += 1
      if (mark === 'x' || mark === 'X') completedCount += 1
      // The label runs to the end of its line; the next item starts on a later one.
      from = nextLineStart(text, box + 4)
    } else {
      // No line start up to `box` begins an item: `box` ends each of their prefixes.
      from = nextLineStart(text, box)
    }
  }
  return { count, completedCount }
}
