import {
  identityErrors,
  identityRequest,
  normalizeAttributes,
  userAttributeErrors,
} from './user-rules.js'

const valid = { email: 'jo@example.com', username: 'jo', name: 'Jo', password: 'secret123' }

describe('userAttributeErrors on create', () => {
  it('accepts a complete user', () => {
    const errors = userAttributeErrors({
      attributes: valid,
      creating: true,
      randomPassword: false,
      email: valid.email,
    })
    expect(errors.toJSON()).toEqual({})
  })

  it("says what can't be blank", () => {
    const errors = userAttributeErrors({
      attributes: {},
      creating: true,
      randomPassword: false,
      email: '',
    })
    expect(errors.toJSON()).toEqual({
      username: ["can't be blank"],
      name: ["can't be blank"],
      email: ["can't be blank"],
      password: ["can't be blank"],
    })
  })

  it("limits the profile's free-text fields to UserDetail's 500 characters", () => {
    const fields = ['discord', 'linkedin', 'location', 'organization', 'skype', 'twitter']
    const at = Object.fromEntries(fields.map((field) => [field, 'x'.repeat(500)]))
    const over = Object.fromEntries(fields.map((field) => [field, 'x'.repeat(501)]))
    const check = (attributes: Record<string, string>) =>
      userAttributeErrors({
        attributes: { ...valid, ...attributes },
        creating: true,
        randomPassword: false,
        email: valid.email,
      }).toJSON()
    expect(check({ ...at, websiteUrl: 'x'.repeat(500) })).toEqual({})
    expect(check({ ...over, websiteUrl: 'x'.repeat(501) })).toEqual(
      Object.fromEntries(
        [...fields, 'website_url'].map((field) => [
          field,
          ['is too long (maximum is 500 characters)'],
        ]),
      ),
    )
  })

  it('needs no password with a random one', () => {
    const errors = userAttributeErrors({
      attributes: { ...valid, password: undefined },
      creating: true,
      randomPassword: true,
      email: valid.email,
    })
    expect(errors.empty).toBe(true)
  })

  it('uses Rails wording for short passwords and bad emails', () => {
    const errors = userAttributeErrors({
      attributes: { ...valid, password: 'short', email: 'nope' },
      creating: true,
      randomPassword: false,
      email: 'nope',
    })
    expect(errors.toJSON()).toEqual({
      email: ['is invalid'],
      password: ['is too short (minimum is 8 characters)'],
    })
  })

  it('refuses a public email that is not the user’s', () => {
    const errors = userAttributeErrors({
      attributes: { ...valid, publicEmail: 'other@example.com', commitEmail: '_private' },
      creating: true,
      randomPassword: false,
      email: valid.email,
    })
    expect(errors.toJSON()).toEqual({ public_email: ['is not an email you own'] })
  })
})

describe('userAttributeErrors on update', () => {
  it('checks only what is given and skips an unchanged username', () => {
    const errors = userAttributeErrors({
      attributes: { username: 'admin', projectsLimit: -1 },
      creating: false,
      randomPassword: false,
      email: 'x@example.com',
      currentUsername: 'admin',
    })
    expect(errors.toJSON()).toEqual({ projects_limit: ['must be greater than or equal to 0'] })
  })
})

describe('identities and normalisation', () => {
  it('pairs provider and extern_uid', () => {
    expect(identityRequest({ provider: 'ldap', externUid: 'uid=1' })).toEqual({
      provider: 'ldap',
      externUid: 'uid=1',
      groupId: undefined,
    })
    expect(identityRequest({ provider: 'ldap' })).toBeUndefined()
    expect(identityErrors({ provider: 'ldap' })).toEqual({ extern_uid: ["can't be blank"] })
  })

  it('keeps emails as Devise does: stripped and lowercase', () => {
    expect(normalizeAttributes({ email: ' Jo@Example.COM ' }).email).toBe('jo@example.com')
  })
})
