import fc from 'fast-check'

/**
 * Hostile values for the route fuzz. Long and deep values stay symbolic
 * (`{ repeat, times }`, `{ deep }`) so that a counterexample prints short;
 * they are expanded only when the request is sent.
 */

/** A string, or `times` copies of `repeat`. */
export type Text = string | { repeat: string; times: number }

export function expandText(text: Text): string {
  return typeof text === 'string' ? text : text.repeat.repeat(text.times)
}

/** Integers at and beyond int32, int64 and JS's safe range, and what Ruby's Integer() refuses. */
export const INTEGER_EDGES = [
  '2147483647',
  '2147483648',
  '-2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '99999999999999999999999999999999',
  '1e30',
  '-1',
  '-0',
  '0',
  '00',
  '+5',
  '0x10',
  '0b1',
  '1e3',
  '1.5',
  '1_000',
  ' 7 ',
  'Infinity',
  'NaN',
]

/** Blanks, enum-looking words, dates, traversal and characters PostgreSQL or a URL dislike. */
const WORDS = [
  '',
  ' ',
  '\t',
  '\n',
  'true',
  'false',
  'null',
  'yes',
  '[]',
  '{}',
  '%00',
  '\u0000',
  '\uFFFF',
  '\uD800',
  '☃',
  '💥',
  '\u202E',
  '..',
  '../../etc/passwd',
  '<script>',
  'a,b,,c',
  ',',
  '*',
  '%',
  'opened',
  'merged',
  'all',
  'private',
  'public',
  'asc',
  'desc',
  'created_at',
  'developer',
  '2024-01-01',
  '2024-13-45',
  '2024-01-01T00:00:00Z',
  '99999-01-01',
  '1 day',
  '-1h',
  'main',
  'HEAD',
  'refs/heads/main',
]

const LONG_TEXTS: Text[] = [
  { repeat: 'a', times: 10_000 },
  { repeat: '9', times: 400 },
  { repeat: '☃', times: 5_000 },
]

/** About 1 MiB: a field GitLab would refuse long before the database. */
export const HUGE_TEXT: Text = { repeat: 'a', times: 1024 * 1024 }

/** Long values that still fit in a URL (Node's HTTP server takes 16 KiB of headers). */
const URL_LONG_TEXTS: Text[] = [
  { repeat: 'a', times: 2_000 },
  { repeat: '9', times: 400 },
  { repeat: '☃', times: 300 },
]

/**
 * A hostile scalar, sometimes one of the fixture's real values so that deeper
 * code runs; `inUrl` keeps it short enough for a query string.
 */
export function scalar(real: readonly string[], inUrl = false): fc.Arbitrary<Text> {
  const long = inUrl ? URL_LONG_TEXTS : [...LONG_TEXTS, HUGE_TEXT]
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...INTEGER_EDGES) },
    { weight: 5, arbitrary: fc.constantFrom(...WORDS) },
    { weight: 3, arbitrary: fc.constantFrom(...real) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
    { weight: 2, arbitrary: fc.constantFrom(...long) },
  )
}

/**
 * An integer edge as a path segment, moved far from real ids. The gateway
 * reads ids as Ruby's Integer() does (`+5` and ` 7 ` are 5 and 7, as in
 * GitLab), and the fuzz sends DELETE and PUT as an admin: `DELETE
 * /personal_access_tokens/%207%20` revoked whichever test's token had id 7,
 * whose requests then got 401 beside the fuzz. The same forms with digits no
 * object has still test the parser.
 */
function farFromRealIds(edge: Text): Text {
  if (typeof edge !== 'string' || !/^\s*[+-]?\d+\s*$/.test(edge)) return edge
  const value = Math.abs(Number(edge))
  return value > 0 && value < 2 ** 31 - 2 ? edge.replace(/\d+/, String(2 ** 31 - 2)) : edge
}

/** Path segments as a client would put them in a URL (already percent-encoded where needed). */
const PATH_SEGMENTS: Text[] = [
  ...INTEGER_EDGES.map(farFromRealIds).map((value) =>
    typeof value === 'string' ? encodeURIComponent(value) : value,
  ),
  '',
  '%20',
  '+',
  '%00',
  '%2500',
  '%ZZ',
  '%C0%AF',
  '%E2%98%83',
  '%F0%9F%92%A5',
  '..%2F..%2Fetc',
  '%2E%2E',
  'null',
  'a%2Fb',
  'a%2F%2Fb',
  '%2F',
  '-',
  '~',
  '%0A',
  'x.json',
  { repeat: 'a', times: 5_000 },
  { repeat: '9', times: 400 },
]

/** A hostile path segment, or one of the fixture's real values for that placeholder. */
export function pathSegment(real: readonly string[]): fc.Arbitrary<Text> {
  const hostile = fc.constantFrom(...PATH_SEGMENTS)
  return real.length === 0
    ? hostile
    : fc.oneof(
        { weight: 1, arbitrary: hostile },
        { weight: 2, arbitrary: fc.constantFrom(...real) },
      )
}

/** A JSON value with symbolic huge strings and deep nesting. */
export type JsonSpec =
  | string
  | number
  | boolean
  | null
  | { text: Text }
  | { deep: number; kind: 'object' | 'array' }
  | { array: JsonSpec[] }
  | { object: [string, JsonSpec][] }

const NUMBERS = [2 ** 31, 2 ** 63, 2 ** 64, 1e30, 1e308, -1, -(2 ** 31) - 1, 0, 1.5, -0.5]

export function jsonValue(
  keys: readonly string[],
  real: readonly string[],
): fc.Arbitrary<JsonSpec> {
  const leaf: fc.Arbitrary<JsonSpec> = fc.oneof(
    { weight: 4, arbitrary: scalar(real).map((text) => ({ text })) },
    { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    {
      weight: 1,
      arbitrary: fc.record({
        // Within GitLab's limit of 32 (reaching the routes), and far beyond it.
        deep: fc.constantFrom(30, 100, 1_000, 5_000),
        kind: fc.constantFrom('object' as const, 'array' as const),
      }),
    },
  )
  const { value } = fc.letrec<{ value: JsonSpec }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 3 }).map((array) => ({ array })),
      fc
        .array(fc.tuple(fc.constantFrom(...keys), tie('value')), { maxLength: 3 })
        .map((object) => ({ object })),
    ),
  }))
  return value
}

function deepText(depth: number, kind: 'object' | 'array'): string {
  return kind === 'object'
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}1${']'.repeat(depth)}`
}

/** The JSON text of a spec (deep values are written out, never built as objects). */
export function jsonText(spec: JsonSpec): string {
  if (spec === null || typeof spec !== 'object') return JSON.stringify(spec)
  if ('text' in spec) return JSON.stringify(expandText(spec.text))
  if ('deep' in spec) return deepText(spec.deep, spec.kind)
  if ('array' in spec) return `[${spec.array.map(jsonText).join(',')}]`
  return `{${spec.object.map(([key, value]) => `${JSON.stringify(key)}:${jsonText(value)}`).join(',')}}`
}
