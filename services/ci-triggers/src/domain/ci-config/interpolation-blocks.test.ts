import { assertLinearGrowth, seededTexts } from '@suite/runtime/testing'
import { interpolate } from './interpolation.js'
import { findInterpolationBlocks } from './interpolation-blocks.js'

/** GitLab's BLOCK_REGEXP as a JavaScript RegExp: the same blocks on text without \v, \r or Unicode spaces. */
const GITLAB_BLOCK = /\$\[\[\s*(\S.*?\S)\s*\]\]/g

function regexBlocks(text: string) {
  return [...text.matchAll(GITLAB_BLOCK)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    data: m[1] ?? '',
  }))
}

/** Small texts from a fixed seed, so a failure can be replayed. */
const PIECES = ['$[[', ']]', ' ', '\n', 'a', '.', ']', '$', '[', '\t']

function texts(count: number): Generator<string> {
  return seededTexts(PIECES, 14, count)
}

describe('findInterpolationBlocks: GitLab BLOCK_REGEXP', () => {
  it('finds blocks with their data, spaces around it left out', () => {
    expect(findInterpolationBlocks('x $[[ inputs.a ]] y $[[inputs.b|expand_vars]]')).toEqual([
      { start: 2, end: 17, data: 'inputs.a' },
      { start: 20, end: 45, data: 'inputs.b|expand_vars' },
    ])
  })

  it('needs two characters inside and one line for them; spaces around may span lines', () => {
    expect(findInterpolationBlocks('$[[ a ]]')).toEqual([])
    expect(findInterpolationBlocks('$[[ a\nb ]]')).toEqual([])
    expect(findInterpolationBlocks('$[[\n ab \n]]')).toEqual([{ start: 0, end: 11, data: 'ab' }])
    expect(findInterpolationBlocks('$[[ a $[[ bc ]]')).toEqual([
      { start: 0, end: 15, data: 'a $[[ bc' },
    ])
  })

  it('agrees with the RegExp on many small texts', () => {
    const disagreements: string[] = []
    let withBlocks = 0
    for (const text of texts(50_000)) {
      const expected = JSON.stringify(regexBlocks(text))
      if (expected !== '[]') withBlocks++
      if (JSON.stringify(findInterpolationBlocks(text)) !== expected) disagreements.push(text)
    }
    expect(disagreements).toEqual([])
    // The texts are worth comparing: many hold blocks.
    expect(withBlocks).toBeGreaterThan(1000)
  })

  // A RegExp rescans the line from every unclosed `$[[`: 3,200 of them took 1.3 s.
  it.each([
    ['unclosed openings on one line', (n: number) => '$[[ a'.repeat(n / 5)],
    ['one opening and a long line', (n: number) => `$[[ a${' b'.repeat(n / 2)}`],
    ['openings over many lines', (n: number) => '$[[ a\n'.repeat(n / 6)],
  ])('takes linear time on %s', (_shape, input) => {
    assertLinearGrowth({ input, run: findInterpolationBlocks, n: 20_000 })
  })
})

describe('interpolate: linear in the configuration', () => {
  it('takes linear time on a value of unclosed blocks', () => {
    const ctx = { inputs: {}, variables: {} }
    assertLinearGrowth({
      input: (n) => '$[[ a'.repeat(n / 5),
      run: (value) => interpolate({ job: { script: value } }, ctx),
      n: 20_000,
    })
  })
})
