import { ConfigError, isHash, type ConfigHash } from './config-error.js'
import { isReferenceMarker, REFERENCE_KEY } from './load-yaml.js'
import { MAX_REFERENCE_DEPTH, TOO_BIG } from './limits.js'

/** Nodes the resolved config may hold: references copy subtrees and could multiply them. */
const MAX_RESOLVED_NODES = 200_000

/** Ruby's Array#inspect of the reference path, as GitLab's messages print it. */
const show = (path: unknown): string =>
  Array.isArray(path) ? `[${path.map((p) => JSON.stringify(String(p))).join(', ')}]` : String(path)

/**
 * Config::Yaml::Tags::Resolver: replace every `!reference [key, ...]` by the
 * value found at that path of the (already extended) config.
 */
export function resolveReferences(root: ConfigHash): ConfigHash {
  let nodes = 0
  const lookup = (path: unknown[], chain: string[]): unknown => {
    const label = `!reference ${show(path)}`
    if (chain.includes(label) || chain.length >= MAX_REFERENCE_DEPTH) {
      throw new ConfigError(`${label} is part of a circular chain`)
    }
    let value: unknown = root
    for (const key of path) {
      if (!isHash(value) || !Object.hasOwn(value, String(key))) {
        throw new ConfigError(`${label} could not be found`)
      }
      value = value[String(key)]
    }
    return walk(value, [...chain, label])
  }

  const walk = (node: unknown, chain: string[]): unknown => {
    if (++nodes > MAX_RESOLVED_NODES) throw new ConfigError(TOO_BIG)
    if (isReferenceMarker(node)) {
      const path = node[REFERENCE_KEY]
      if (!Array.isArray(path) || path.length === 0) {
        throw new ConfigError(`!reference ${show(path)} could not be found`)
      }
      return lookup(path, chain)
    }
    if (Array.isArray(node)) return node.map((n) => walk(n, chain))
    if (isHash(node)) {
      const out: ConfigHash = {}
      for (const [k, v] of Object.entries(node)) out[k] = walk(v, chain)
      return out
    }
    return node
  }

  return walk(root, []) as ConfigHash
}
