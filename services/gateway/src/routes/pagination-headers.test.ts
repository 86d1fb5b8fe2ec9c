import { paginationHeaders, toQuery } from './pagination-headers.js'

const base = {
  externalUrl: 'https://gitlab.example.com',
  path: '/api/v4/groups/parent%2Fchild/members',
  query: { query: 'a b', user_ids: ['1', '2'], not: { labels: 'x' } },
}

describe('paginationHeaders', () => {
  it('gives every header and link for a middle page, each link carrying the filters', () => {
    const url = (page: number) =>
      `<https://gitlab.example.com/api/v4/groups/parent%2Fchild/members?not%5Blabels%5D=x&page=${page}&per_page=10&query=a+b&user_ids%5B%5D=1&user_ids%5B%5D=2>`
    expect(paginationHeaders({ page: 2, perPage: 10, total: 35 }, base)).toEqual({
      'X-Total': '35',
      'X-Total-Pages': '4',
      'X-Per-Page': '10',
      'X-Page': '2',
      'X-Next-Page': '3',
      'X-Prev-Page': '1',
      Link: `${url(1)}; rel="prev", ${url(3)}; rel="next", ${url(1)}; rel="first", ${url(4)}; rel="last"`,
    })
  })

  it('has one page and empty next/prev for an empty list', () => {
    const headers = paginationHeaders({ page: 1, perPage: 20, total: 0 }, { ...base, query: {} })
    expect(headers).toMatchObject({
      'X-Total': '0',
      'X-Total-Pages': '1',
      'X-Next-Page': '',
      'X-Prev-Page': '',
    })
    expect(headers['Link']).toBe(
      '<https://gitlab.example.com/api/v4/groups/parent%2Fchild/members?page=1&per_page=20>; rel="first", ' +
        '<https://gitlab.example.com/api/v4/groups/parent%2Fchild/members?page=1&per_page=20>; rel="last"',
    )
  })

  it('has neither next nor prev past the last page (Kaminari out_of_range)', () => {
    const headers = paginationHeaders({ page: 9, perPage: 20, total: 30 }, base)
    expect(headers).toMatchObject({ 'X-Page': '9', 'X-Next-Page': '', 'X-Prev-Page': '' })
    expect(headers['Link']).not.toContain('rel="prev"')
  })

  it('leaves X-Total, X-Total-Pages and the last link out when the total is not counted', () => {
    const full = paginationHeaders({ page: 3, perPage: 20, total: undefined, count: 20 }, base)
    expect(full).not.toHaveProperty('X-Total')
    expect(full).not.toHaveProperty('X-Total-Pages')
    expect(full).toMatchObject({ 'X-Page': '3', 'X-Next-Page': '4', 'X-Prev-Page': '2' })
    expect(full['Link']).toContain('rel="next"')
    expect(full['Link']).not.toContain('rel="last"')
    const short = paginationHeaders({ page: 3, perPage: 20, total: undefined, count: 7 }, base)
    expect(short).toMatchObject({ 'X-Next-Page': '', 'X-Prev-Page': '2' })
  })
})

describe('toQuery', () => {
  it('writes Rails to_query', () => {
    expect(toQuery({ b: 'x y', a: [1, 2], h: { k: 'v' } }, '').join('&')).toBe(
      'a%5B%5D=1&a%5B%5D=2&b=x+y&h%5Bk%5D=v',
    )
  })
})
