import { planPipeline } from './plan-pipeline.js'
import { branchContext, mergeRequestContext, withInputs } from '../../testing/ci-config-contexts.js'

/** A deterministic pseudo-random generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state / 0x7fffffff
  }
}

const ALPHABET = [
  ...'abcxyz019 \t\n\n\n:-[]{},&*!|>\'"#%@`?$.<=~/\\',
  'script: ',
  'rules:\n  - if: ',
  '$[[ inputs.a ]]',
  '!reference [',
  '<<: *a',
  '&a ',
  '---\n',
  'extends: ',
  'needs: [',
  'stage: ',
  'only: [',
  '  ',
]

const SNIPPETS = [
  'job:\n  script: x\n',
  'spec:\n  inputs:\n    a:\n      default: q\n---\n',
  'a: &a [x]\nb: *a\n',
  'workflow:\n  rules:\n    - if: $X =~ /a(b|c)*/\n',
  '.t: { script: [y] }\nj: { extends: .t }\n',
]

function garbage(next: () => number): string {
  const parts: string[] = []
  const length = Math.floor(next() * 60)
  for (let i = 0; i < length; i++) {
    const pool = next() < 0.15 ? SNIPPETS : ALPHABET
    parts.push(pool[Math.floor(next() * pool.length)] ?? '')
  }
  return parts.join('')
}

const ADVERSARIAL = [
  // Billion laughs.
  [
    'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
    ...'bcdefghij'
      .split('')
      .map((c, i) => `${c}: &${c} [${Array(10).fill(`*${'abcdefghij'[i]}`).join(',')}]`),
  ].join('\n'),
  // Self-referencing merge and aliases.
  'a: &a\n  <<: *a\n  b: 1\n',
  // Circular !reference.
  '.a:\n  script: !reference [.b, script]\n.b:\n  script: !reference [.a, script]\njob:\n  script: !reference [.a, script]\n',
  // References multiplying a subtree.
  [
    '.r0: { script: [x, x, x, x, x, x, x, x] }',
    ...Array.from(
      { length: 12 },
      (_, i) =>
        `.r${i + 1}: { script: [${Array(8).fill(`!reference [.r${i}, script]`).join(', ')}] }`,
    ),
    'job: { script: !reference [.r12, script] }',
  ].join('\n'),
  // Deep nesting, long keys, catastrophic regexes.
  `job:\n  script: x\n  variables: ${'{a: '.repeat(200)}1${'}'.repeat(200)}\n`,
  `job:\n  script: x\n  rules:\n    - if: '$A =~ /${'(a+)+'.repeat(50)}$/'\n`,
  `job:\n  script: x\n  rules:\n    - if: '${'('.repeat(5000)}$A${')'.repeat(5000)}'\n`,
  `${'x'.repeat(300)}:\n  script: x\n`,
  `${Array.from({ length: 1500 }, (_, i) => `j${i}:\n  script: x`).join('\n')}\n`,
  `spec:\n  inputs:\n    a:\n      regex: "(a|a)*$"\n      default: "${'a'.repeat(40)}b"\n---\njob:\n  script: x\n`,
]

describe('planPipeline never throws', () => {
  it('answers every random document with an outcome and without an unexpected failure', () => {
    const next = random(42)
    for (let i = 0; i < 400; i++) {
      const text = garbage(next)
      const ctx = i % 2 === 0 ? branchContext() : withInputs(mergeRequestContext(), { a: 'z' })
      const outcome = planPipeline(text, ctx)
      expect(['pipeline', 'invalid', 'rejected']).toContain(outcome.kind)
      if (outcome.kind !== 'pipeline') expect(outcome.errors).not.toContain('Undefined error')
    }
  })

  it.each(ADVERSARIAL.map((text, i) => [i, text]))(
    'refuses or plans adversarial document %i quickly',
    (_i, text) => {
      const start = Date.now()
      const outcome = planPipeline(text, branchContext())
      expect(Date.now() - start).toBeLessThan(3000)
      if (outcome.kind !== 'pipeline') expect(outcome.errors).not.toContain('Undefined error')
    },
  )
})
