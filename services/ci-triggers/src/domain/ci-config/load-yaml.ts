import {
  isAlias,
  isCollection,
  parseDocument,
  Scalar,
  visit,
  type Document,
  type ScalarTag,
  type Tags,
} from 'yaml'
import { ConfigError, isHash, type ConfigHash } from './config-error.js'
import {
  INVALID_FORMAT,
  MAX_ALIAS_COUNT,
  MAX_YAML_BYTES,
  MAX_YAML_DEPTH,
  TOO_BIG,
} from './limits.js'

/** Key under which a `!reference [a, b]` tag survives loading until it is resolved. */
export const REFERENCE_KEY = '\u0000!reference'

/** The loaded documents: an optional `spec:` header and the body. */
export interface LoadedConfig {
  header: ConfigHash | null
  body: ConfigHash
}

/** Gitlab::Config::Loader::MultiDocYaml: split on `---` lines, at most two documents. */
function splitDocuments(text: string): string[] {
  const parts: string[] = []
  const divider = /^---\s+/gm
  let last = 0
  for (let m = divider.exec(text); m && parts.length < 2; m = divider.exec(text)) {
    parts.push(text.slice(last, m.index))
    last = m.index + m[0].length
  }
  parts.push(text.slice(last))
  if (parts.length > 1 && (parts[0] ?? '').trim() === '') parts.shift()
  return parts
}

/** Psych-like message for a parser error, e.g. "(<unknown>): ... at line 1 column 5". */
function parserMessage(doc: Document): string | null {
  const error = doc.errors[0]
  if (!error) return null
  const text = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')
  if (/call stack/i.test(text)) return TOO_BIG
  const pos = error.linePos?.[0]
  const where = pos ? ` at line ${pos.line} column ${pos.col}` : ''
  return `(<unknown>): ${text.charAt(0).toLowerCase()}${text.slice(1)}${where}`
}

/** Replace `!reference` sequences by marker maps so they survive toJS. */
function markReferences(doc: Document): void {
  visit(doc, {
    Seq(_key, node) {
      if (node.tag !== '!reference') return undefined
      const marker = doc.createNode({ [REFERENCE_KEY]: node.toJSON() })
      if (node.anchor) marker.anchor = node.anchor
      return marker
    },
  })
}

/**
 * Collection keys (`? [a]: b`) make the yaml package stringify nested keys,
 * which grows exponentially with nesting; GitLab has no use for them.
 */
function refuseCollectionKeys(doc: Document): void {
  visit(doc, {
    Pair(_key, pair) {
      const key = isAlias(pair.key) ? pair.key.resolve(doc) : pair.key
      if (isCollection(key)) throw new ConfigError(INVALID_FORMAT)
      return undefined
    },
  })
}

/**
 * The yaml package recurses once per flow collection level and can exhaust
 * the heap on tens of thousands of them, so text with that many `[`/`{` is
 * refused before parsing (GitLab's depth limit is 100 anyway).
 */
const MAX_FLOW_OPENERS = 10_000

/** Dozens of compact `- - -` or `? ? ?` indicators in a row nest as deep; the parser recurses on each. */
const COMPACT_NESTING = /(?:[-?] +){64}/

function countFlowOpeners(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x5b || c === 0x7b) count++
  }
  return count
}

/** GitLab's DeepSize: refuse documents too big or too deep once aliases are expanded. */
function checkSize(root: unknown): void {
  let size = 0
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }]
  while (stack.length > 0) {
    const { value, depth } = stack.pop() ?? { value: null, depth: 0 }
    if (depth > MAX_YAML_DEPTH) throw new ConfigError(TOO_BIG)
    size += typeof value === 'string' ? value.length + 40 : 40
    if (size > MAX_YAML_BYTES) throw new ConfigError(TOO_BIG)
    if (value instanceof Date)
      throw new ConfigError('(<unknown>): Tried to load unspecified class: Date')
    if (Array.isArray(value))
      value.forEach((v: unknown) => stack.push({ value: v, depth: depth + 1 }))
    else if (isHash(value)) {
      for (const [k, v] of Object.entries(value)) {
        size += k.length
        stack.push({ value: v, depth: depth + 1 })
      }
    }
  }
}

/**
 * Psych (YAML 1.1) reads yes/no/on/off as booleans but, unlike the 1.1 schema
 * of the yaml package, not y/n, and it parses no timestamps in safe_load.
 * So: the 1.2 core schema with Psych's booleans.
 */
const PSYCH_BOOL: ScalarTag = {
  identify: (value) => typeof value === 'boolean',
  default: true,
  tag: 'tag:yaml.org,2002:bool',
  test: /^(?:[Yy]es|YES|[Oo]n|ON|[Tt]rue|TRUE|[Nn]o|NO|[Oo]ff|OFF|[Ff]alse|FALSE)$/,
  resolve: (text) => new Scalar(/^(?:yes|on|true)$/i.test(text)),
}

const withPsychBooleans = (tags: Tags): Tags => [
  PSYCH_BOOL,
  ...tags.filter((tag) => typeof tag === 'string' || tag.tag !== 'tag:yaml.org,2002:bool'),
]

function loadDocument(text: string): unknown {
  const doc = parseDocument(text, {
    version: '1.2',
    schema: 'core',
    customTags: withPsychBooleans,
    merge: true,
    uniqueKeys: false,
    prettyErrors: true,
    keepSourceTokens: false,
  })
  const message = parserMessage(doc)
  if (message) throw new ConfigError(message)
  refuseCollectionKeys(doc)
  markReferences(doc)
  let value: unknown
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
  } catch {
    // Excessive aliasing (billion laughs) or a self-referencing merge.
    throw new ConfigError(TOO_BIG)
  }
  checkSize(value)
  return value
}

/** Load `.gitlab-ci.yml` text into header and body hashes, or throw a ConfigError. */
export function loadConfigText(text: string): LoadedConfig {
  if (Buffer.byteLength(text, 'utf8') > MAX_YAML_BYTES) throw new ConfigError(TOO_BIG)
  if (countFlowOpeners(text) > MAX_FLOW_OPENERS) throw new ConfigError(TOO_BIG)
  if (COMPACT_NESTING.test(text)) throw new ConfigError(TOO_BIG)
  let documents: unknown[]
  try {
    documents = splitDocuments(text).map(loadDocument)
  } catch (error) {
    if (error instanceof ConfigError) throw error
    // A parser stack overflow on pathological nesting.
    throw new ConfigError(TOO_BIG)
  }
  if (!documents.every(isHash)) throw new ConfigError(INVALID_FORMAT)
  const hashes = documents
  const body = hashes[hashes.length - 1] ?? {}
  return { header: hashes.length > 1 ? (hashes[0] ?? null) : null, body }
}

export const isReferenceMarker = (value: unknown): value is { [REFERENCE_KEY]: unknown } =>
  isHash(value) && Object.hasOwn(value, REFERENCE_KEY)
