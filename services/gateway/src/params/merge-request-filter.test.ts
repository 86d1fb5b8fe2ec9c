import { HttpError } from '../errors/http-error.js'
import { mergeRequestFilter, notFilter } from './merge-request-filter.js'
import { globalListParams, listRules, projectListParams } from './merge-request-list.js'
import { parseParams } from './parse-params.js'

function error(run: () => unknown): unknown {
  try {
    run()
  } catch (thrown) {
    return thrown instanceof HttpError ? thrown.body : thrown
  }
  return undefined
}

describe('merge request list parameters', () => {
  it('reads None / Any in any case and integers for assignee_id and reviewer_id', () => {
    const params = parseParams(globalListParams, {
      assignee_id: 'NONE',
      reviewer_id: '7',
      labels: 'bug,ANY',
      milestone: 'none',
      my_reaction_emoji: 'thumbsup',
      wip: 'yes',
      in: 'title',
    })
    const filter = mergeRequestFilter(params)
    expect(filter.assignee).toEqual({ id: undefined, username: undefined, none: true, any: false })
    expect(filter.reviewer).toEqual({ id: 7, username: undefined, none: false, any: false })
    expect(filter.labels).toEqual({ names: [], none: false, any: true })
    expect(filter.milestone).toEqual({ names: [], none: true, any: false })
    expect(filter.myReactionEmoji).toEqual({ names: ['thumbsup'], none: false, any: false })
    expect(filter.draft).toBe(true)
    expect(filter.searchIn).toEqual(['title'])
  })

  it('rejects what GitLab rejects, with its messages', () => {
    expect(error(() => parseParams(globalListParams, { assignee_id: 'me' }))).toEqual({
      error: 'assignee_id should be an integer, none, or any, however got me',
    })
    // A form's nested hash has no prototype: quoted as JSON, never a TypeError (500).
    const nested = Object.assign(Object.create(null) as object, { a: '1' })
    expect(error(() => parseParams(globalListParams, { reviewer_id: nested }))).toEqual({
      error: 'reviewer_id should be an integer, none, or any, however got {"a":"1"}',
    })
    expect(error(() => parseParams(globalListParams, { wip: 'maybe' }))).toEqual({
      error: 'wip does not have a valid value',
    })
    expect(error(() => parseParams(globalListParams, { scope: 'mine' }))).toEqual({
      error: 'scope does not have a valid value',
    })
    expect(error(() => parseParams(globalListParams, { assignee_username: ['a', 'b'] }))).toEqual({
      error: 'assignee_username allows one value, but found 2: a, b',
    })
    expect(
      error(() =>
        parseParams(globalListParams, { author_id: '1', author_username: 'a' }, listRules),
      ),
    ).toEqual({ error: 'author_id, author_username are mutually exclusive' })
    expect(
      error(() =>
        parseParams(globalListParams, { merge_user_id: '1', merge_user_username: 'a' }, listRules),
      ),
    ).toEqual({ error: 'merge_user_id, merge_user_username are mutually exclusive' })
  })

  it('orders G by merged_at but not P', () => {
    expect(parseParams(globalListParams, { order_by: 'merged_at' }).order_by).toBe('merged_at')
    expect(error(() => parseParams(projectListParams, { id: '5', order_by: 'merged_at' }))).toEqual(
      {
        error: 'order_by does not have a valid value',
      },
    )
  })

  it('takes iids only in P and in everywhere (merge_requests_base_params)', () => {
    const project = parseParams(projectListParams, { id: '5', iids: ['1', '2'], in: 'title' })
    expect(project.iids).toEqual([1, 2])
    expect(mergeRequestFilter(project).searchIn).toEqual(['title'])
    expect(parseParams(globalListParams, { iids: ['1'] })).not.toHaveProperty('iids')
  })

  it('keeps at most five approved_by_ids', () => {
    const params = parseParams(globalListParams, {
      approved_by_ids: ['1', '2', '3', '4', '5', '6'],
    })
    expect(mergeRequestFilter(params).approvedBy?.ids).toEqual([1, 2, 3, 4, 5])
    expect(
      mergeRequestFilter(parseParams(globalListParams, { approved_by_ids: 'Any' })).approvedBy,
    ).toEqual({ ids: [], usernames: [], none: false, any: true })
  })
})

describe('not[...]', () => {
  it('negates the negatable filters', () => {
    const filter = notFilter({ labels: 'bug,ux', author_username: 'alice', assignee_id: '3' })
    expect(filter?.labels).toEqual({ names: ['bug', 'ux'], none: false, any: false })
    expect(filter?.author).toEqual({ id: undefined, username: 'alice', none: false, any: false })
    expect(filter?.assignee?.id).toBe(3)
  })

  it('is absent when not given', () => {
    expect(notFilter(undefined)).toBeUndefined()
  })

  it('names nested parameters as Grape does', () => {
    expect(error(() => notFilter('x'))).toEqual({ error: 'not is invalid' })
    expect(error(() => notFilter({ author_id: 'x' }))).toEqual({
      error: 'not[author_id] is invalid',
    })
    expect(error(() => notFilter({ reviewer_id: '1', reviewer_username: 'a' }))).toEqual({
      error: 'not[reviewer_id], not[reviewer_username] are mutually exclusive',
    })
  })
})
