import { HttpError } from '../errors/http-error.js'
import { nulParameter, refuseNulParameters } from './nul-characters.js'

describe('NUL characters in parameters', () => {
  it.each([
    ['a value', { ok: 'x', title: 'a\u0000b' }, 'title'],
    ['a list item', { labels: ['bug', '\u0000'] }, 'labels'],
    ['a hash key', { variables: { 'K\u0000': 'v' } }, 'variables'],
    ['a nested value', { position: { line: { code: ['\u0000'] } } }, 'position'],
    ['a name', { 'ti\u0000tle': 'x' }, 'ti\u0000tle'],
  ])('names the parameter holding one in %s', (_where, params, name) => {
    expect(nulParameter(params)).toBe(name)
  })

  it('finds none in numbers, booleans, null and clean text', () => {
    expect(nulParameter({ a: 1, b: true, c: null, d: ['x', { e: 'y' }], f: '\\u0000' })).toBe(
      undefined,
    )
  })

  it("answers Grape's 400 with the name shown without its NUL", () => {
    try {
      refuseNulParameters({ 'ti\u0000tle': 'x' })
      throw new Error('not refused')
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError)
      expect((error as HttpError).status).toBe(400)
      expect((error as HttpError).body).toEqual({ error: 'title is invalid' })
    }
  })

  it('walks a wide list without recursion', () => {
    const wide = Array.from({ length: 1_000_000 }, () => 'x')
    expect(nulParameter({ labels: [...wide, '\u0000'] })).toBe('labels')
  })
})
