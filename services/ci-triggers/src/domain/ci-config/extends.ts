import { ConfigError, isHash, type ConfigHash } from './config-error.js'
import { MAX_EXTENDS_DEPTH } from './limits.js'

/** Rails' Hash#deep_merge: nested hashes merge, anything else (arrays too) is replaced. */
export function deepMerge(base: ConfigHash, own: ConfigHash): ConfigHash {
  const out: ConfigHash = { ...base }
  for (const [key, value] of Object.entries(own)) {
    const prior = out[key]
    out[key] = isHash(prior) && isHash(value) ? deepMerge(prior, value) : value
  }
  return out
}

const names = (list: string[]) => list.join(', ')

/**
 * Config::Extendable: every top-level hash with `extends` is rebuilt as its
 * bases (in order, later wins) deep-merged under its own keys.
 */
export function applyExtends(root: ConfigHash): ConfigHash {
  const out: ConfigHash = { ...root }
  /** Extends depth of each resolved key: 0 for a key without bases. */
  const depth = new Map<string, number>()

  const resolve = (key: string, chain: string[]): void => {
    const value = out[key]
    if (depth.has(key)) return
    if (!isHash(value) || value.extends === undefined) {
      depth.set(key, 0)
      return
    }
    if (chain.includes(key)) {
      throw new ConfigError(`${key}: circular dependency detected in \`extends\``)
    }
    if (chain.length > MAX_EXTENDS_DEPTH) {
      throw new ConfigError(`${key}: nesting too deep in \`extends\``)
    }
    const raw = value.extends
    const bases = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : null
    if (!bases || !bases.every((b): b is string => typeof b === 'string')) {
      throw new ConfigError(`jobs:${key} extends should be an array of strings or a string`)
    }
    const unknown = bases.filter((b) => !Object.hasOwn(out, b))
    if (unknown.length > 0)
      throw new ConfigError(`${key}: unknown keys in \`extends\` (${names(unknown)})`)
    const invalid = bases.filter((b) => !isHash(out[b]))
    if (invalid.length > 0) {
      throw new ConfigError(`${key}: invalid base hashes in \`extends\` (${names(invalid)})`)
    }
    let merged: ConfigHash = {}
    let levels = 0
    for (const base of bases) {
      resolve(base, [...chain, key])
      levels = Math.max(levels, (depth.get(base) ?? 0) + 1)
      merged = deepMerge(merged, out[base] as ConfigHash)
    }
    if (levels > MAX_EXTENDS_DEPTH) throw new ConfigError(`${key}: nesting too deep in \`extends\``)
    out[key] = deepMerge(merged, value)
    depth.set(key, levels)
  }

  for (const key of Object.keys(out)) resolve(key, [])
  return out
}
