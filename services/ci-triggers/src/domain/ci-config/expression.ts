import { ConfigError } from './config-error.js'
import { MAX_EXPRESSION_LENGTH } from './limits.js'
import {
  compileUntrustedRegex,
  parseSlashPattern,
  safeMatch,
  type UntrustedRegex,
} from './safe-regex.js'

/**
 * The `if:` language of Gitlab::Ci::Pipeline::Expression: variables, string
 * literals, null, /regex/ patterns, ==, !=, =~, !~, && (binds tighter), ||
 * and parentheses. Values follow Ruby: nil, strings and booleans.
 */
export type Value = string | boolean | null
type Scope = Readonly<Record<string, string>>

type Node =
  | { kind: 'variable'; name: string }
  | { kind: 'string'; value: string }
  | { kind: 'null' }
  | { kind: 'pattern'; regex: UntrustedRegex }
  | { kind: 'binary'; op: string; left: Node; right: Node }

type Token = { kind: 'value'; node: Node } | { kind: 'op'; op: string }

const OPERATORS = ['==', '!=', '=~', '!~', '&&', '||', '(', ')']

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const rest = text.slice(i)
    const space = /^\s+/.exec(rest)
    if (space) {
      i += space[0].length
      continue
    }
    const variable = /^\$(\w+)/.exec(rest)
    const quoted = /^"([^"]*)"/.exec(rest) ?? /^'([^']*)'/.exec(rest)
    const pattern = /^\/((?:\\.|[^/\\])+)\/([ismU]*)/.exec(rest)
    const op = OPERATORS.find((o) => rest.startsWith(o))
    if (variable) {
      tokens.push({ kind: 'value', node: { kind: 'variable', name: variable[1] ?? '' } })
      i += variable[0].length
    } else if (quoted) {
      tokens.push({ kind: 'value', node: { kind: 'string', value: quoted[1] ?? '' } })
      i += quoted[0].length
    } else if (/^null\b/.test(rest)) {
      tokens.push({ kind: 'value', node: { kind: 'null' } })
      i += 4
    } else if (pattern) {
      const regex = compileUntrustedRegex(pattern[1] ?? '', pattern[2] ?? '')
      if (!regex) throw new SyntaxError('invalid pattern')
      tokens.push({ kind: 'value', node: { kind: 'pattern', regex } })
      i += pattern[0].length
    } else if (op) {
      tokens.push({ kind: 'op', op })
      i += op.length
    } else {
      throw new SyntaxError(`unknown lexeme at ${i}`)
    }
  }
  return tokens
}

/** Recursive descent: or := and ('||' and)*; and := cmp ('&&' cmp)*; cmp := primary (op primary)? */
class Parser {
  private pos = 0
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.or()
    if (this.pos !== this.tokens.length) throw new SyntaxError('trailing tokens')
    return node
  }

  private peekOp(): string | null {
    const token = this.tokens[this.pos]
    return token?.kind === 'op' ? token.op : null
  }

  private or(): Node {
    let left = this.and()
    while (this.peekOp() === '||') {
      this.pos++
      left = { kind: 'binary', op: '||', left, right: this.and() }
    }
    return left
  }

  private and(): Node {
    let left = this.comparison()
    while (this.peekOp() === '&&') {
      this.pos++
      left = { kind: 'binary', op: '&&', left, right: this.comparison() }
    }
    return left
  }

  private comparison(): Node {
    const left = this.primary()
    const op = this.peekOp()
    if (op === '==' || op === '!=' || op === '=~' || op === '!~') {
      this.pos++
      return { kind: 'binary', op, left, right: this.primary() }
    }
    return left
  }

  private primary(): Node {
    const token = this.tokens[this.pos++]
    if (!token) throw new SyntaxError('unexpected end')
    if (token.kind === 'value') return token.node
    if (token.op !== '(') throw new SyntaxError(`unexpected ${token.op}`)
    const inner = this.or()
    if (this.tokens[this.pos]?.kind !== 'op' || this.peekOp() !== ')') {
      throw new SyntaxError('missing )')
    }
    this.pos++
    return inner
  }
}

/** A parsed statement, or null when the text is not valid expression syntax. */
export function parseExpression(text: string): Node | null {
  if (text.length > MAX_EXPRESSION_LENGTH || text.trim() === '') return null
  try {
    return new Parser(tokenize(text)).parse()
  } catch {
    return null
  }
}

const rubyTruthy = (value: Value): boolean => value !== null && value !== false

/** A variable's value used as a pattern: `/re/flags` as regex, anything else literally. */
function toRegex(node: Node, value: Value): UntrustedRegex | null {
  if (node.kind === 'pattern') return node.regex
  if (typeof value !== 'string') return null
  const slash = parseSlashPattern(value)
  if (slash) return compileUntrustedRegex(slash.source, slash.flags)
  return compileUntrustedRegex(value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), '')
}

function evaluate(node: Node, scope: Scope): Value {
  switch (node.kind) {
    case 'variable':
      return Object.hasOwn(scope, node.name) ? (scope[node.name] ?? null) : null
    case 'string':
      return node.value
    case 'null':
      return null
    case 'pattern':
      return node.regex.pattern()
    case 'binary':
      return evaluateBinary(node.op, node.left, node.right, scope)
  }
}

function evaluateBinary(op: string, left: Node, right: Node, scope: Scope): Value {
  if (op === '&&') {
    const l = evaluate(left, scope)
    return rubyTruthy(l) ? evaluate(right, scope) : l
  }
  if (op === '||') {
    const l = evaluate(left, scope)
    return rubyTruthy(l) ? l : evaluate(right, scope)
  }
  const l = evaluate(left, scope)
  const r = evaluate(right, scope)
  if (op === '==') return l === r
  if (op === '!=') return l !== r
  const regex = toRegex(right, r)
  const matched = regex !== null && safeMatch(regex, typeof l === 'string' ? l : '')
  if (op === '=~') return matched
  return regex === null ? true : !matched
}

/** Statement#truthful?: the value is present (not nil, false or empty). */
export function isTruthful(node: Node, scope: Scope): boolean {
  const value = evaluate(node, scope)
  return value !== null && value !== false && value !== ''
}

/** Parse or throw GitLab's invalid-syntax message for `location`. */
export function parseOrFail(text: unknown, message: string): Node {
  const node = typeof text === 'string' ? parseExpression(text) : null
  if (!node) throw new ConfigError(message)
  return node
}
