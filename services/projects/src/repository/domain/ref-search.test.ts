import { pageOf, refNameMatcher, tagSortKey } from './ref-search.js'

describe('refNameMatcher (GitLab search: ^term, term$, substring)', () => {
  const names = ['v1.0', 'v1.1', 'release-v1', 'V2.0-rc']
  const find = (search: string) => names.filter(refNameMatcher(search))

  it('matches substrings case-insensitively', () => {
    expect(find('v1')).toEqual(['v1.0', 'v1.1', 'release-v1'])
    expect(find('RC')).toEqual(['V2.0-rc'])
  })

  it('anchors ^ at the beginning and $ at the end', () => {
    expect(find('^v1')).toEqual(['v1.0', 'v1.1'])
    expect(find('v1$')).toEqual(['release-v1'])
    expect(find('^v1.0$')).toEqual(['v1.0'])
  })

  it('treats other characters literally', () => {
    expect(find('.')).toEqual(['v1.0', 'v1.1', 'V2.0-rc'])
    expect(find('v1.*')).toEqual([])
  })

  it('matches everything without a term', () => {
    expect(find('')).toEqual(names)
  })
})

describe('tagSortKey', () => {
  it('maps GitLab orders to for-each-ref keys', () => {
    expect(tagSortKey('name', true)).toBe('refname')
    expect(tagSortKey('updated', false)).toBe('-creatordate')
    expect(tagSortKey('version', false)).toBe('-version:refname')
  })
})

describe('pageOf', () => {
  it('slices pages from 1', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4])
    expect(pageOf([1, 2, 3], 5, 2)).toEqual([])
  })
})
