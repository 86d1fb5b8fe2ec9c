import { AccessLevel, ListMergeRequestsRequest, ListScope, ProjectAbilities } from '@suite/proto'
import { NotFoundError } from '@suite/runtime'
import { toCaller, toListMergeRequestsInput, toMergeRequestKey } from './from-proto.js'

describe('toCaller', () => {
  it('is none without a caller message, and keeps the abilities the domain reads', () => {
    expect(toCaller(undefined)).toBeUndefined()
    const project = ProjectAbilities.fromPartial({
      projectId: 3,
      accessLevel: AccessLevel.ACCESS_LEVEL_DEVELOPER,
      readMergeRequest: true,
      pushCode: true,
      readCode: true,
    })
    const caller = toCaller({ userId: 7, admin: false, scopes: ['api'], project, group: undefined })
    expect(caller).toMatchObject({ userId: 7, admin: false, scopes: ['api'] })
    expect(caller?.project).toMatchObject({
      projectId: 3,
      readMergeRequest: true,
      pushCode: true,
      readCode: true,
    })
    expect(caller?.project).not.toHaveProperty('adminProject')
  })
})

describe('toMergeRequestKey', () => {
  it('is 404 Merge Request for a request that names none', () => {
    expect(() => toMergeRequestKey(undefined)).toThrow(new NotFoundError('Merge Request'))
    expect(toMergeRequestKey({ projectId: 1, iid: 2, noteableType: '', commitSha: '' })).toEqual({
      projectId: 1,
      iid: 2,
    })
  })
})

describe('toListMergeRequestsInput', () => {
  it('names the list scope, an unknown one unspecified', () => {
    const input = (listScope: ListScope) =>
      toListMergeRequestsInput(ListMergeRequestsRequest.fromPartial({ listScope })).listScope
    expect(input(ListScope.LIST_SCOPE_GLOBAL)).toBe('global')
    expect(input(ListScope.LIST_SCOPE_PROJECT)).toBe('project')
    expect(input(ListScope.LIST_SCOPE_GROUP)).toBe('group')
    expect(input(ListScope.LIST_SCOPE_UNSPECIFIED)).toBe('unspecified')
  })
})
