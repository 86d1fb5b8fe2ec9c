import { isHash } from './config-error.js'
import { findInterpolationBlocks } from './interpolation-blocks.js'
import { MAX_INTERPOLATION_BLOCKS } from './limits.js'
import { expandVariables } from './variables.js'

const MAX_FUNCTIONS = 3
const NO_FUNCTION = (name: string) =>
  `no function matching \`${name}\`: check that the function name, arguments, and types are correct`

interface Context {
  inputs: Record<string, unknown>
  variables: Readonly<Record<string, string>>
}

/** Runs `| fn(args)` functions of a block over its value. */
function applyFunction(text: string, value: unknown, ctx: Context): unknown {
  const truncate = /^truncate\(\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(text)
  if (typeof value !== 'string') throw new Error(NO_FUNCTION(text))
  if (truncate) {
    const start = Number(truncate[1])
    return value.slice(start, start + Number(truncate[2]))
  }
  if (text === 'expand_vars') return expandVariables(value, ctx.variables)
  if (text === 'posix_escape') return value.replace(/([^A-Za-z0-9_\-.,:/@\n])/g, '\\$1')
  throw new Error(NO_FUNCTION(text))
}

function evaluateBlock(data: string, ctx: Context): unknown {
  const [access = '', ...functions] = data.split('|').map((part) => part.trim())
  const path = access.split('.')
  if (path.length <= 1) throw new Error('invalid interpolation access pattern')
  if (access.length > 1024) throw new Error('maximum interpolation expression size exceeded')
  let value: unknown = { inputs: ctx.inputs }
  for (const key of path) {
    if (!isHash(value) || !Object.hasOwn(value, key)) {
      throw new Error(`unknown interpolation key: \`${key}\``)
    }
    value = value[key]
  }
  if (functions.length > MAX_FUNCTIONS) throw new Error('too many functions in interpolation block')
  return functions.reduce((acc, fn) => applyFunction(fn, acc, ctx), value)
}

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value === null || value === undefined
      ? ''
      : JSON.stringify(value)

/**
 * Interpolate `$[[ inputs.x ]]` in every string key and value of the loaded
 * body, as GitLab does on the parsed tree (so inputs cannot inject YAML).
 * A string that is exactly one block takes the input's typed value.
 */
export function interpolate(
  body: unknown,
  ctx: Context,
): { value: unknown } | { errors: string[] } {
  let blocks = 0
  const replaceString = (node: string): unknown => {
    if (!node.includes('$[[')) return node
    const found = findInterpolationBlocks(node)
    blocks++
    const only = found.length === 1 ? found[0] : undefined
    if (only && only.start === 0 && only.end === node.length) return evaluateBlock(only.data, ctx)
    let text = ''
    let at = 0
    for (const block of found) {
      if (++blocks > MAX_INTERPOLATION_BLOCKS) throw new Error('too many interpolation blocks')
      text += node.slice(at, block.start) + asText(evaluateBlock(block.data, ctx))
      at = block.end
    }
    return text + node.slice(at)
  }
  const walk = (node: unknown): unknown => {
    if (blocks > MAX_INTERPOLATION_BLOCKS) throw new Error('too many interpolation blocks')
    if (typeof node === 'string') return replaceString(node)
    if (Array.isArray(node)) return node.map(walk)
    if (isHash(node)) {
      const out: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(node)) out[asText(replaceString(key))] = walk(value)
      return out
    }
    return node
  }
  try {
    return { value: walk(body) }
  } catch (error) {
    return { errors: [error instanceof Error ? error.message : String(error)] }
  }
}
