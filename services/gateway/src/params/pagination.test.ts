import { MAX_PAGE, pageRequest } from './pagination.js'

describe('pageRequest', () => {
  it('caps per_page at 100', () => {
    expect(pageRequest({ page: 1, per_page: 1000 })).toEqual({ page: 1, perPage: 100 })
  })

  it('caps page at the largest int32 the services take', () => {
    expect(pageRequest({ page: 2 ** 31, per_page: 20 })).toEqual({ page: MAX_PAGE, perPage: 20 })
    expect(pageRequest({ page: Number.MAX_SAFE_INTEGER, per_page: 20 }).page).toBe(2 ** 31 - 1)
  })
})
