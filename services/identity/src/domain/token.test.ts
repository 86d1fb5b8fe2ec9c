import { tokenErrors } from './create-token.js'
import { isActive, isExpired, type PersonalAccessToken } from './token.js'
import { TOKEN_PREFIX, digestToken, generateTokenValue } from './token-secret.js'

const now = new Date('2026-03-10T23:59:00Z')

describe('token secrets', () => {
  it('look like GitLab personal access tokens', () => {
    const value = generateTokenValue()
    expect(value.startsWith(TOKEN_PREFIX)).toBe(true)
    expect(value.slice(TOKEN_PREFIX.length)).toMatch(/^[A-Za-z0-9_-]{20}$/)
    expect(generateTokenValue()).not.toBe(value)
  })

  it('are stored as a SHA-256 hex digest', () => {
    expect(digestToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })
})

describe('expiry', () => {
  const token: PersonalAccessToken = {
    id: 1,
    userId: 1,
    name: 't',
    description: null,
    scopes: ['api'],
    revoked: false,
    expiresAt: '2026-03-10',
    lastUsedAt: null,
    createdAt: now,
    impersonation: false,
  }

  it('works through its expiry date and stops the day after (UTC)', () => {
    expect(isExpired(token, now)).toBe(false)
    expect(isExpired(token, new Date('2026-03-11T00:00:00Z'))).toBe(true)
    expect(isExpired({ expiresAt: null }, now)).toBe(false)
  })

  it('is inactive when revoked', () => {
    expect(isActive(token, now)).toBe(true)
    expect(isActive({ ...token, revoked: true }, now)).toBe(false)
  })
})

describe('tokenErrors', () => {
  const input = { userId: 1, name: 'ci', scopes: ['api'] }

  it('accepts a valid token', () => {
    expect(tokenErrors(input).empty).toBe(true)
  })

  it('accepts an expires_at in the past, as GitLab does', () => {
    expect(tokenErrors({ ...input, expiresAt: '2020-01-01' }).empty).toBe(true)
  })

  it('uses GitLab wording', () => {
    expect(
      tokenErrors({
        ...input,
        name: '',
        scopes: ['api', 'everything'],
        expiresAt: '2026-03-09',
      }).toJSON(),
    ).toEqual({
      name: ["can't be blank"],
      scopes: ['can only contain available scopes'],
    })
    expect(tokenErrors({ ...input, scopes: [], expiresAt: 'tomorrow' }).toJSON()).toEqual({
      scopes: ["can't be blank"],
      expires_at: ['is invalid'],
    })
  })
})
