import { assertLinearGrowth, seededTexts } from '@suite/runtime/testing'
import { countTasks } from './task-list.js'

/** Taskable::ITEM_PATTERN as a JavaScript RegExp: the same items on text without \r, \v or Unicode spaces. */
const GITLAB_ITEM = /^(?:>\s{0,4})*(?:\s*(?:[-+*]|\d+[.)]))+\s+(\[[xX]\]|\[\s\])(\s.+)/gm

function regexCounts(text: string) {
  const matches = [...text.matchAll(GITLAB_ITEM)]
  return {
    count: matches.length,
    completedCount: matches.filter((m) => /^\[[xX]\]$/.test(m[1] ?? '')).length,
  }
}

/** Small texts from a fixed seed, so a failure can be replayed. */
const PIECES = [
  '>',
  ' ',
  '\n',
  '-',
  '*',
  '1',
  '.',
  ')',
  '[',
  ']',
  'x',
  'a',
  '\t',
  '[ ] a',
  '[x] ',
  '- ',
  '\n- [ ] a',
  '> ',
  '1. ',
]

function texts(count: number): Generator<string> {
  return seededTexts(PIECES, 16, count)
}

describe('countTasks: GitLab task list items', () => {
  it('counts checked and unchecked items of every list marker', () => {
    const text = ['- [ ] one', '* [x] two', '+ [X] three', '1. [ ] four', '2) [x] five'].join('\n')
    expect(countTasks(text)).toEqual({ count: 5, completedCount: 3 })
  })

  it('counts nested items and items in blockquotes', () => {
    expect(countTasks('- a\n  - [x] nested\n> - [ ] quoted')).toEqual({
      count: 2,
      completedCount: 1,
    })
    expect(countTasks('>> - [ ] a\n>     - [x] b\n> >  1. [ ] c')).toEqual({
      count: 3,
      completedCount: 1,
    })
  })

  it('needs a list marker, a space after the box and some text', () => {
    for (const text of ['[ ] no marker', '- [ ]', '-[ ] tight', '- [x]done', '- [~] n/a']) {
      expect(countTasks(text)).toEqual({ count: 0, completedCount: 0 })
    }
  })

  it('reads whitespace as the pattern does, line feeds included', () => {
    // The marker one line, the checkbox the next: one item, as the pattern finds it.
    expect(countTasks('-\n[ ] a')).toEqual({ count: 1, completedCount: 0 })
    expect(countTasks('- [x]\nlabel')).toEqual({ count: 1, completedCount: 1 })
    expect(countTasks('>      - [ ] too far from the mark')).toEqual({
      count: 1,
      completedCount: 0,
    })
    expect(countTasks('>     >\n- [ ] a')).toEqual({ count: 1, completedCount: 0 })
  })

  it('is zero for an empty description', () => {
    expect(countTasks('')).toEqual({ count: 0, completedCount: 0 })
  })

  it('agrees with the pattern as a RegExp on many small texts', () => {
    const disagreements: string[] = []
    let withItems = 0
    for (const text of texts(60_000)) {
      const expected = regexCounts(text)
      if (expected.count > 0) withItems++
      const actual = countTasks(text)
      if (actual.count !== expected.count || actual.completedCount !== expected.completedCount) {
        disagreements.push(JSON.stringify(text))
      }
    }
    expect(disagreements.slice(0, 10)).toEqual([])
    // The texts are worth comparing: many hold items.
    expect(withItems).toBeGreaterThan(2000)
  })

  // As a RegExp, 16 KB of `-\n` took over 3 s on every read of the merge request.
  it.each([
    ['`-` lines', (n: number) => '-\n'.repeat(n / 2)],
    ['markers without a checkbox', (n: number) => '- 1. * '.repeat(n / 7)],
    ['blockquote lines', (n: number) => '> \n'.repeat(n / 3)],
    ['markers before a late checkbox', (n: number) => `${'-\n'.repeat(n / 2)}[ ] a`],
    ['task items', (n: number) => '- [x] done\n'.repeat(n / 11)],
    ['unfinished items', (n: number) => '- [ ]\n'.repeat(n / 6)],
  ])('takes linear time on %s', (_shape, input) => {
    assertLinearGrowth({ input, run: countTasks, n: 20_000 })
  })
})
