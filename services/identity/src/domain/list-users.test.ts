import { InvalidError } from '@suite/runtime'
import { userOrder } from './list-users.js'
import { pageWindow } from '@suite/runtime'

describe('userOrder', () => {
  it('defaults to id desc, as GitLab', () => {
    expect(userOrder({ orderBy: '', sort: '' })).toEqual({
      kind: 'column',
      column: 'id',
      direction: 'desc',
    })
  })

  it('orders a search by relevance unless told otherwise', () => {
    expect(userOrder({ orderBy: '', sort: '' }, 'jo')).toEqual({ kind: 'relevance', term: 'jo' })
    expect(userOrder({ orderBy: 'name', sort: 'asc' }, 'jo')).toEqual({
      kind: 'column',
      column: 'name',
      direction: 'asc',
    })
  })

  it('refuses unknown columns', () => {
    expect(() => userOrder({ orderBy: 'email', sort: '' })).toThrow(InvalidError)
  })
})

describe('pageWindow', () => {
  it('defaults to 20 per page and caps at 100', () => {
    expect(pageWindow(undefined)).toEqual({ limit: 20, offset: 0 })
    expect(pageWindow({ page: 3, perPage: 500 })).toEqual({ limit: 100, offset: 200 })
    expect(pageWindow({ page: 0, perPage: 0 })).toEqual({ limit: 20, offset: 0 })
  })
})
