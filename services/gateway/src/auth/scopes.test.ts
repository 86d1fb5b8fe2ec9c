import { HttpError } from '../errors/http-error.js'
import { requireScopes, scopesAllow } from './scopes.js'

describe('token scopes', () => {
  it('lets api do everything and read_api only read', () => {
    expect(scopesAllow(['api'], 'api', 'POST')).toBe(true)
    expect(scopesAllow(['read_api'], 'api', 'GET')).toBe(true)
    expect(scopesAllow(['read_api'], 'api', 'HEAD')).toBe(true)
    expect(scopesAllow(['read_api'], 'api', 'PUT')).toBe(false)
  })

  it('lets read_user read the users endpoints only', () => {
    expect(scopesAllow(['read_user'], 'user', 'GET')).toBe(true)
    expect(scopesAllow(['read_user'], 'user', 'POST')).toBe(false)
    expect(scopesAllow(['read_user'], 'api', 'GET')).toBe(false)
  })

  it('lets any token call the endpoints about itself', () => {
    expect(scopesAllow(['read_repository'], 'any', 'DELETE')).toBe(true)
    expect(scopesAllow(['read_api'], 'any', 'DELETE')).toBe(true)
    expect(scopesAllow(['read_repository'], 'api', 'GET')).toBe(false)
  })

  it('names every registered scope in the 403, endpoint scopes first', () => {
    const error = (() => {
      try {
        requireScopes(['read_repository'], 'user', 'GET')
      } catch (thrown) {
        return thrown
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).body).toMatchObject({ scope: 'read_user api read_api' })
  })
})
