import { searchTerms, topicNames } from './list-query.js'

describe('searchTerms', () => {
  it('splits on spaces and plus signs', () => {
    expect(searchTerms('team+app  web')).toEqual(['team', 'app', 'web'])
    expect(searchTerms(undefined)).toEqual([])
    expect(searchTerms('  ')).toEqual([])
  })
})

describe('topicNames', () => {
  it('trims, drops blanks and repeats', () => {
    expect(topicNames([' a', 'b ', '', 'a'])).toEqual(['a', 'b'])
  })
})
