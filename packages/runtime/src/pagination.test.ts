import { pageWindow } from './pagination.js'

describe('pageWindow', () => {
  it('defaults to the first page of 20', () => {
    expect(pageWindow(undefined)).toEqual({ limit: 20, offset: 0 })
    expect(pageWindow({ page: 0, perPage: 0 })).toEqual({ limit: 20, offset: 0 })
  })

  it('caps per_page at 100 and counts pages from 1', () => {
    expect(pageWindow({ page: 3, perPage: 500 })).toEqual({ limit: 100, offset: 200 })
    expect(pageWindow({ page: 2, perPage: 5 })).toEqual({ limit: 5, offset: 5 })
  })
})
