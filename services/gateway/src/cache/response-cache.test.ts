import { matchesEtag } from './response-cache.js'

describe('matchesEtag', () => {
  it('compares weakly against a list, and * matches', () => {
    expect(matchesEtag('"a", W/"b"', '"b"')).toBe(true)
    expect(matchesEtag('"a"', '"b"')).toBe(false)
    expect(matchesEtag('*', '"b"')).toBe(true)
    expect(matchesEtag(undefined, '"b"')).toBe(false)
  })
})
