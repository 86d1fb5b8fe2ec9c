import {
  FeatureAccessLevel,
  FeatureAccessLevels,
  ListProjectsRequest,
  ScopedAbility,
} from '@suite/proto'
import { InvalidError } from '@suite/runtime'
import { toCaller, toFeatureLevels, toFilter, toListAbility } from './from-proto.js'

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

describe('toFeatureLevels', () => {
  it('takes the levels given and leaves FEATURE_ACCESS_LEVEL_UNSPECIFIED ones unchanged', () => {
    const features = FeatureAccessLevels.fromPartial({
      mergeRequests: FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PRIVATE,
      containerRegistry: FeatureAccessLevel.FEATURE_ACCESS_LEVEL_DISABLED,
      pages: FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PUBLIC,
    })
    expect(toFeatureLevels(features)).toEqual({
      merge_requests: 'private',
      container_registry: 'disabled',
      pages: 'public',
    })
    expect(toFeatureLevels(undefined)).toEqual({})
  })
})

describe('toListAbility', () => {
  it('names the list ability asked for, and refuses none', () => {
    expect(toListAbility(ScopedAbility.SCOPED_ABILITY_READ_CODE)).toBe('readCode')
    expect(() => toListAbility(ScopedAbility.SCOPED_ABILITY_UNSPECIFIED)).toThrow(InvalidError)
  })
})

describe('toCaller', () => {
  it("keeps the token's scopes", () => {
    expect(
      toCaller({
        userId: 3,
        admin: false,
        scopes: ['read_api'],
        project: undefined,
        group: undefined,
      }),
    ).toEqual({
      userId: 3,
      admin: false,
      scopes: ['read_api'],
    })
  })
})
