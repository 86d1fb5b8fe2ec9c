import { ListProjectsRequest } from '@suite/proto'
import { toFilter } from './from-proto.js'

describe('toFilter', () => {
  it('orders by similarity with a search and keeps the whole search text', () => {
    const filter = toFilter(
      ListProjectsRequest.fromPartial({ orderBy: 'similarity', search: ' my app ' }),
    )
    expect(filter).toMatchObject({
      orderBy: 'similarity',
      search: 'my app',
      searchTerms: ['my', 'app'],
    })
  })

  it('falls back to created_at for similarity without a search and for unknown orders', () => {
    expect(toFilter(ListProjectsRequest.fromPartial({ orderBy: 'similarity' })).orderBy).toBe(
      'created_at',
    )
    expect(toFilter(ListProjectsRequest.fromPartial({ orderBy: 'repository_size' })).orderBy).toBe(
      'created_at',
    )
  })
})
