import type { Caller } from '@suite/proto'
import { HttpError } from '../errors/http-error.js'
import {
  checkOffsetLimit,
  effectiveOrder,
  listRequest,
  matchesNothing,
  type ListValues,
} from './project-list.js'

const user: Caller = { userId: 7, admin: false, scopes: ['api'] }
const admin: Caller = { ...user, admin: true }
const anonymous: Caller = { admin: false, scopes: [] }

function values(extra: Partial<ListValues> = {}): ListValues {
  return {
    membership: false,
    order_by: 'created_at',
    owned: false,
    simple: false,
    sort: 'desc',
    starred: false,
    statistics: false,
    with_custom_attributes: false,
    with_issues_enabled: false,
    with_merge_requests_enabled: false,
    imported: false,
    include_hidden: false,
    include_pending_delete: false,
    ...extra,
  } as ListValues
}

describe('effectiveOrder', () => {
  it('keeps similarity for a signed-in search and limits it to member projects', () => {
    const params = values({ order_by: 'similarity', search: 'abc' })
    expect(effectiveOrder(params, user)).toBe('similarity')
    expect(listRequest(user, { page: 1, perPage: 20 }, params)).toMatchObject({
      orderBy: 'similarity',
      membership: true,
    })
  })

  it('falls back to created_at for similarity without a search or a user', () => {
    expect(effectiveOrder(values({ order_by: 'similarity' }), user)).toBe('created_at')
    expect(effectiveOrder(values({ order_by: 'similarity', search: ' ' }), user)).toBe('created_at')
    expect(effectiveOrder(values({ order_by: 'similarity', search: 'a' }), anonymous)).toBe(
      'created_at',
    )
    expect(
      listRequest(anonymous, { page: 1, perPage: 20 }, values({ order_by: 'similarity' })),
    ).toMatchObject({ orderBy: 'created_at', membership: false })
  })

  it('serves the size orders in the default order, administrators included', () => {
    for (const order of ['repository_size', 'storage_size', 'packages_size', 'wiki_size']) {
      expect(effectiveOrder(values({ order_by: order }), user)).toBe('created_at')
      expect(effectiveOrder(values({ order_by: order }), admin)).toBe('created_at')
    }
    expect(effectiveOrder(values({ order_by: 'name' }), user)).toBe('name')
  })
})

describe('matchesNothing', () => {
  it('empties the list for custom attributes and another storage, for administrators only', () => {
    expect(matchesNothing(values({ custom_attributes: { a: 'b' } }), true)).toBe(true)
    expect(matchesNothing(values({ custom_attributes: { a: 'b' } }), false)).toBe(false)
    expect(matchesNothing(values({ custom_attributes: {} }), true)).toBe(false)
    expect(matchesNothing(values({ repository_storage: 'other' }), true)).toBe(true)
    expect(matchesNothing(values({ repository_storage: 'default' }), true)).toBe(false)
    expect(matchesNothing(values({ repository_storage: 'other' }), false)).toBe(false)
  })

  it('empties the list for any marked_for_deletion_on; hidden and pending delete change nothing', () => {
    expect(matchesNothing(values({ marked_for_deletion_on: '2024-01-01' }), false)).toBe(true)
    expect(
      matchesNothing(values({ include_hidden: true, include_pending_delete: true }), true),
    ).toBe(false)
  })
})

describe('checkOffsetLimit', () => {
  it('answers 405 when page * per_page passes 50,000, except with keyset pagination', () => {
    expect(() => checkOffsetLimit(values(), { page: 500, perPage: 100 })).not.toThrow()
    expect(() => checkOffsetLimit(values(), { page: 501, perPage: 100 })).toThrow(HttpError)
    expect(() =>
      checkOffsetLimit(values({ pagination: 'keyset' }), { page: 501, perPage: 100 }),
    ).not.toThrow()
  })
})
