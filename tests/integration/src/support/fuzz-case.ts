import fc from 'fast-check'
import { expandText, jsonValue, pathSegment, scalar, type JsonSpec, type Text } from './fuzz-values'
import { placeholders, type RouteJson } from './route-table'

/** Who sends a fuzz request: an administrator, a project owner, or nobody. */
export type Sender = 'admin' | 'user' | 'none'

/** How a parameter name is written in a query string or form. */
export type KeyForm = 'plain' | 'array' | 'hash' | 'deep' | 'too-deep' | 'bare'

export interface Field {
  key: string
  form: KeyForm
  /** The inner key of the `hash` form: `key[sub]=value`. */
  sub: string
  value: Text
}

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: JsonSpec }
  | { kind: 'form'; fields: Field[] }
  | { kind: 'multipart'; fields: Field[]; file: boolean }
  | { kind: 'raw'; contentType: string; text: string; gzip: boolean }

/** One request of the fuzz, in a form that prints short. */
export interface FuzzCase {
  method: string
  route: string
  sender: Sender
  segments: Text[]
  query: Field[]
  body: FuzzBody
}

/** What the fuzz knows of the suite: real values per placeholder and parameter. */
export interface FuzzFixtures {
  /** Real values a placeholder may take in this template (empty: hostile values only). */
  pathValues: (template: string, name: string) => string[]
  /** Real ids, paths and branch names, for query and body values. */
  values: string[]
}

/** Names every route reads besides its own: pagination, sudo, the usual filters. */
const COMMON_KEYS = [
  'page',
  'per_page',
  'sudo',
  'id',
  'order_by',
  'sort',
  'scope',
  'state',
  'visibility',
  'search',
  'labels',
  'not',
  'variables',
]

/** Inner keys of `name[key]=value`: GitLab's hashes, prototype names, list indexes. */
const HASH_KEYS = ['labels', 'keep_n', 'enabled', 'KEY', '0', '99', '__proto__', 'constructor', '']

const BAD_CONTENT = [
  { contentType: 'application/xml', text: '<a><b/></a>' },
  { contentType: 'text/plain', text: 'title=x' },
  { contentType: 'application/octet-stream', text: '\u0000\u0001' },
  { contentType: 'multipart/form-data', text: 'x' },
  { contentType: 'multipart/form-data; boundary=zz', text: '--zz\r\nbroken' },
  { contentType: 'application/json', text: '{"title":' },
  { contentType: 'application/json', text: '{"a":1} trailing' },
  { contentType: 'application/json', text: '' },
  { contentType: 'application/json; charset=utf-16', text: '{}' },
  { contentType: 'application/x-www-form-urlencoded; charset=koi8-r', text: 'a=b' },
  { contentType: 'application/x-www-form-urlencoded', text: '%ZZ=%ZZ&&=&a[=1' },
  { contentType: 'application/vnd.api+json', text: '{}' },
  { contentType: 'garbage', text: '{}' },
]

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

function fields(keys: readonly string[], values: fc.Arbitrary<Text>): fc.Arbitrary<Field[]> {
  const field = fc.record({
    key: fc.constantFrom(...keys),
    form: fc.constantFrom<KeyForm>(
      'plain',
      'plain',
      'plain',
      'array',
      'hash',
      'deep',
      'too-deep',
      'bare',
    ),
    sub: fc.constantFrom(...HASH_KEYS),
    value: values,
  })
  return fc.array(field, { maxLength: 6 })
}

function body(keys: readonly string[], real: readonly string[]): fc.Arbitrary<FuzzBody> {
  const values = scalar(real)
  const jsonObject = fc
    .array(fc.tuple(fc.constantFrom(...keys), jsonValue(keys, real)), { maxLength: 6 })
    .map((object): JsonSpec => ({ object }))
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
    { weight: 4, arbitrary: jsonObject.map((value): FuzzBody => ({ kind: 'json', value })) },
    {
      weight: 1,
      arbitrary: jsonValue(keys, real).map((value): FuzzBody => ({ kind: 'json', value })),
    },
    {
      weight: 2,
      arbitrary: fields(keys, values).map((f): FuzzBody => ({ kind: 'form', fields: f })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ fields: fields(keys, values), file: fc.boolean() })
        .map((m): FuzzBody => ({ kind: 'multipart', ...m })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ content: fc.constantFrom(...BAD_CONTENT), gzip: fc.boolean() })
        .map(({ content, gzip }): FuzzBody => ({ kind: 'raw', ...content, gzip })),
    },
  )
}

/** Random requests to one route: hostile path values, query strings and bodies. */
export function fuzzCase(route: RouteJson, fixtures: FuzzFixtures): fc.Arbitrary<FuzzCase> {
  const keys = [...new Set([...route.params, ...COMMON_KEYS])]
  const names = placeholders(route.path)
  return fc.record({
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(route.method) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    route: fc.constant(route.path),
    sender: fc.constantFrom<Sender>('admin', 'admin', 'user', 'user', 'none'),
    segments: fc.tuple(...names.map((name) => pathSegment(fixtures.pathValues(route.path, name)))),
    // No query at all a third of the time, so that hostile paths and bodies reach past validation.
    query: fc.oneof(
      { weight: 1, arbitrary: fc.constant<Field[]>([]) },
      { weight: 2, arbitrary: fields(keys, scalar(fixtures.values, true)) },
    ),
    body: body(keys, fixtures.values),
  })
}

/** Percent-encodes any string, lone surrogates included (as the invalid UTF-8 a client may send). */
export function encodeValue(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return [...value]
      .map((char) => {
        try {
          return encodeURIComponent(char)
        } catch {
          return '%ED%A0%80'
        }
      })
      .join('')
  }
}

/**
 * A field's name as written in a form or query string: `key`, `key[]`,
 * `key[sub]`, or nested 30 (within GitLab's limit of 32) or 40 levels deep.
 */
export function fieldName(field: Field, encode: (text: string) => string = (text) => text): string {
  const key = encode(field.key)
  switch (field.form) {
    case 'array':
      return `${key}[]`
    case 'hash':
      return `${key}[${encode(field.sub)}]`
    case 'deep':
      return `${key}${'[a]'.repeat(30)}`
    case 'too-deep':
      return `${key}${'[a]'.repeat(40)}`
    default:
      return key
  }
}

function encodedKey(field: Field): string {
  return fieldName(field, encodeValue)
}

/** `a=1&b[]=2&c[labels]=3`, a value of one blank sometimes left as `+`. */
export function encodeFields(list: readonly Field[]): string {
  return list
    .map((field) => {
      if (field.form === 'bare') return encodedKey(field)
      const value = expandText(field.value)
      return `${encodedKey(field)}=${value === ' ' ? '+' : encodeValue(value)}`
    })
    .join('&')
}

/** The path with every placeholder replaced by its segment. */
export function fuzzPath(template: string, segments: readonly Text[]): string {
  let index = 0
  return template.replace(/[:*][A-Za-z_]+/g, () => expandText(segments[index++] ?? ''))
}
