import { HttpError } from '../errors/http-error.js'
import { p } from './coercions.js'
import { paginationParams, pageRequest } from './pagination.js'
import { parseParams, type ParamRule, type ParamShape } from './parse-params.js'

function errorOf(shape: ParamShape, raw: Record<string, unknown>, rules?: ParamRule[]): unknown {
  try {
    parseParams(shape, raw, rules)
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, body: error.body }
    throw error
  }
  return undefined
}

describe('parseParams', () => {
  it('reads an explicit null or empty value as the nullAs value, and absence as absent', () => {
    const shape = { member_role_id: p.int().nullAs(0) }
    expect(parseParams(shape, { member_role_id: null })).toEqual({ member_role_id: 0 })
    expect(parseParams(shape, { member_role_id: '' })).toEqual({ member_role_id: 0 })
    expect(parseParams(shape, { member_role_id: '7' })).toEqual({ member_role_id: 7 })
    expect(parseParams(shape, {})).toEqual({})
  })

  const shape = {
    title: p.string().required(),
    iid: p.int().required(),
    draft: p.bool(),
    state: p.string().values(['opened', 'closed']).default('opened'),
    labels: p.array(p.string()),
    not: p.hash(p.string()),
  }

  it('coerces, defaults and drops undeclared parameters', () => {
    const values = parseParams(shape, {
      title: 'Fix',
      iid: '3',
      draft: 'True',
      labels: ['a', 'b'],
      not: { labels: 'x' },
      extra: 'dropped',
    })
    expect(values).toEqual({
      title: 'Fix',
      iid: 3,
      draft: true,
      state: 'opened',
      labels: ['a', 'b'],
      not: { labels: 'x' },
    })
  })

  it('reports every problem in declaration order as one 400 {"error": ...}', () => {
    expect(errorOf(shape, { iid: 'x', draft: 'maybe', state: 'merged' })).toEqual({
      status: 400,
      body: {
        error:
          'title is missing, iid is invalid, draft is invalid, state does not have a valid value',
      },
    })
  })

  it('treats "" as absent except for strings', () => {
    expect(errorOf(shape, { title: '', iid: '' })).toEqual({
      status: 400,
      body: { error: 'iid is missing' },
    })
  })

  it('checks group rules where they are declared', () => {
    const user = { email: p.string().required(), password: p.string(), name: p.string().required() }
    const rules: ParamRule[] = [
      { kind: 'at_least_one_of', names: ['password', 'reset_password'], after: 'password' },
      { kind: 'all_or_none_of', names: ['extern_uid', 'provider'] },
    ]
    expect(errorOf(user, { extern_uid: 'x' }, rules)).toEqual({
      status: 400,
      body: {
        error:
          'email is missing, password, reset_password are missing, at least one parameter must be provided, name is missing, extern_uid, provider provide all or none of parameters',
      },
    })
    const exclusive: ParamRule[] = [{ kind: 'mutually_exclusive', names: ['a', 'b'] }]
    expect(errorOf({}, { a: 1, b: 2 }, exclusive)).toEqual({
      status: 400,
      body: { error: 'a, b are mutually exclusive' },
    })
  })
})

describe('pagination parameters', () => {
  it('defaults to page 1 of 20 and caps per_page at 100', () => {
    expect(pageRequest(parseParams(paginationParams, {}))).toEqual({ page: 1, perPage: 20 })
    expect(pageRequest(parseParams(paginationParams, { page: '3', per_page: '500' }))).toEqual({
      page: 3,
      perPage: 100,
    })
  })

  it('answers as GitLab for garbage, page < 1 and per_page <= 0', () => {
    expect(errorOf(paginationParams, { page: 'x' })).toMatchObject({
      body: { error: 'page is invalid' },
    })
    expect(errorOf(paginationParams, { page: '-1' })).toMatchObject({
      body: { error: 'page does not have a valid value' },
    })
    expect(errorOf(paginationParams, { per_page: '0' })).toMatchObject({
      body: { error: 'per_page has a value not allowed' },
    })
    expect(errorOf(paginationParams, { per_page: '-5' })).toMatchObject({
      body: { error: 'per_page does not have a valid value' },
    })
  })
})
