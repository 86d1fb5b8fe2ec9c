import { ConfigError } from './config-error.js'
import { loadConfigText } from './load-yaml.js'

const errorOf = (text: string): string => {
  try {
    loadConfigText(text)
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  throw new Error('no error')
}

describe('loadConfigText', () => {
  it('expands anchors, aliases and merge keys', () => {
    const { body } = loadConfigText(
      '.base: &base\n  image: ruby\n  tags: [a]\njob:\n  <<: *base\n  script: x\n',
    )
    expect(body.job).toEqual({ image: 'ruby', tags: ['a'], script: 'x' })
  })

  it('reads Psych booleans (yes/no/on/off) but keeps y, n and dates as strings', () => {
    const { body } = loadConfigText('a: yes\nb: off\nc: y\nd: 2024-01-01\n')
    expect(body).toEqual({ a: true, b: false, c: 'y', d: '2024-01-01' })
  })

  it('splits a spec header from the body on ---', () => {
    const loaded = loadConfigText('spec:\n  inputs:\n    a:\n---\njob:\n  script: x\n')
    expect(loaded.header).toEqual({ spec: { inputs: { a: null } } })
    expect(loaded.body).toEqual({ job: { script: 'x' } })
  })

  it('answers parser errors in Psych style and refuses non-hash documents', () => {
    expect(errorOf('a: b: c')).toMatch(/^\(<unknown>\): .* at line 1 column \d+$/)
    expect(errorOf('just a string')).toBe('Invalid configuration format')
    expect(errorOf('- a\n- b\n')).toBe('Invalid configuration format')
  })

  it('refuses billion laughs, deep nesting and oversized text', () => {
    const lol = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for (const [name, prev] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
      ['g', 'f'],
    ]) {
      lol.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`)
    }
    expect(errorOf(lol.join('\n'))).toBe('The parsed YAML is too big')
    expect(errorOf(`x: ${'['.repeat(150)}${']'.repeat(150)}`)).toBe('The parsed YAML is too big')
    expect(errorOf(`x: ${'['.repeat(20000)}`)).toMatch(/too big|unknown/)
    expect(errorOf(`x: "${'a'.repeat(1024 * 1024)}"`)).toBe('The parsed YAML is too big')
  })
})

describe('loadConfigText on parser-hostile input', () => {
  it('refuses collection keys, which the yaml package would stringify exponentially', () => {
    const start = Date.now()
    expect(errorOf(`${'? '.repeat(2000)}a`)).toMatch(
      /^(Invalid configuration format|The parsed YAML is too big)$/,
    )
    expect(errorOf(`${'? '.repeat(50)}a`)).toBe('Invalid configuration format')
    expect(errorOf('? [a, b]\n: c\n')).toBe('Invalid configuration format')
    expect(Date.now() - start).toBeLessThan(5000)
  })

  it('refuses text with tens of thousands of flow openers before parsing', () => {
    expect(errorOf(`x: ${'['.repeat(20000)}`)).toBe('The parsed YAML is too big')
    expect(errorOf(`x:\n  ${'- '.repeat(50000)}a`)).toBe('The parsed YAML is too big')
  })
})
