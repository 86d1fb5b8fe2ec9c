import { HttpError } from '../errors/http-error.js'
import { labelList } from './merge-request-attributes.js'
import { p } from './coercions.js'
import { MAX_LIST_CHARACTERS, MAX_LIST_ITEMS } from './param.js'
import { parseParams, type ParamShape } from './parse-params.js'

function answer(shape: ParamShape, raw: Record<string, unknown>): unknown {
  try {
    return parseParams(shape, raw)
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, body: error.body }
    throw error
  }
}

const names = (n: number) => Array.from({ length: n }, (_, i) => `n${i}`)
const tooMany = { status: 400, body: { error: 'labels must contain at most 100 items' } }

describe('list parameter caps', () => {
  it.each([
    ['an array', (list: string[]) => list],
    ['a comma list', (list: string[]) => list.join(',')],
    // qs turns `labels[]=` past 20 values into an indexed hash.
    ['an indexed hash', (list: string[]) => Object.fromEntries(list.map((v, i) => [String(i), v]))],
  ])('takes 100 values and refuses 101 sent as %s', (_how, encode) => {
    for (const shape of [
      { labels: p.array(p.string(), { commaSeparated: true }) },
      { labels: labelList() },
    ]) {
      expect(answer(shape, { labels: encode(names(MAX_LIST_ITEMS)) })).toEqual({
        labels: names(MAX_LIST_ITEMS),
      })
      expect(answer(shape, { labels: encode(names(MAX_LIST_ITEMS + 1)) })).toEqual(tooMany)
    }
  })

  it('refuses a list whose names together exceed the character cap, one huge name too', () => {
    const shape = { labels: labelList() }
    expect(answer(shape, { labels: 'a'.repeat(MAX_LIST_CHARACTERS + 1) })).toEqual({
      status: 400,
      body: { error: `labels must be less than ${MAX_LIST_CHARACTERS} characters` },
    })
    expect(answer(shape, { labels: 'a'.repeat(MAX_LIST_CHARACTERS) })).toEqual({
      labels: ['a'.repeat(MAX_LIST_CHARACTERS)],
    })
  })

  it('caps the keys of a hash, not the length of its values', () => {
    const shape = { labels: p.hash(p.string()) }
    const wide = Object.fromEntries(names(MAX_LIST_ITEMS + 1).map((key) => [key, 'v']))
    expect(answer(shape, { labels: wide })).toEqual(tooMany)
    const long = { KEY: 'v'.repeat(MAX_LIST_CHARACTERS * 2) }
    expect(answer(shape, { labels: long })).toEqual({ labels: long })
  })

  it('lets a parameter raise its own cap', () => {
    const shape = { labels: p.array(p.string()).allowItems(1_000) }
    expect(answer(shape, { labels: names(1_000) })).toEqual({ labels: names(1_000) })
  })
})
