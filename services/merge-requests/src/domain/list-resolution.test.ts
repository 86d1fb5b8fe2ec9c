import { MergeRequestFilter } from '@suite/proto'
import { toListFilter } from '../rpc/from-proto.js'
import type { ListFilter } from './list-filter.js'
import { resolveConditions } from './list-resolution.js'

const lookup = (username: string): Promise<number | undefined> =>
  Promise.resolve(username === 'bob' ? 2 : undefined)

/** The filter as the rpc layer hands it over. */
function filter(given: Partial<MergeRequestFilter>): ListFilter | undefined {
  return toListFilter(MergeRequestFilter.fromPartial(given))
}

describe('resolveConditions', () => {
  it('resolves usernames, and an unknown one matches nobody', async () => {
    const conditions = await resolveConditions(
      filter({
        author: { username: 'bob', none: false, any: false },
        reviewer: { username: 'ghost', none: false, any: false },
        approvedBy: { ids: [5], usernames: ['bob', 'ghost'], none: false, any: false },
      }),
      lookup,
    )
    expect(conditions.author).toEqual({ kind: 'user', id: 2 })
    expect(conditions.reviewer).toEqual({ kind: 'nobody' })
    expect(conditions.approvedBy).toEqual({ kind: 'ids', ids: [5, 2, -1] })
  })

  it('reads the predefined words in any case', async () => {
    const conditions = await resolveConditions(
      filter({
        labels: { names: ['NONE'], none: false, any: false },
        milestone: { names: ['upcoming'], none: false, any: false },
        myReactionEmoji: { names: [], none: false, any: true },
      }),
      lookup,
    )
    expect(conditions.labels).toEqual({ kind: 'none' })
    expect(conditions.milestone).toEqual({ kind: 'upcoming' })
    expect(conditions.myReactionEmoji).toEqual({ kind: 'any' })
  })

  it('searches both columns unless `in` narrows it, and any deployment filter is kept', async () => {
    const conditions = await resolveConditions(
      filter({ search: 'bug', searchIn: ['title'], environment: 'production' }),
      lookup,
    )
    expect(conditions.search).toEqual({ text: 'bug', inTitle: true, inDescription: false })
    expect(conditions.deployment).toBe(true)
    expect((await resolveConditions(filter({ search: 'bug' }), lookup)).search).toEqual({
      text: 'bug',
      inTitle: true,
      inDescription: true,
    })
  })
})
