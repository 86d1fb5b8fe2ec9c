import { contextFixture, tokenFixture } from '../testing/fixtures.js'
import { presentPersonalAccessTokenWithToken } from './personal-access-token-with-token.entity.js'
import { presentPersonalAccessToken } from './personal-access-token.entity.js'

const golden = {
  id: 5,
  name: 'ci',
  revoked: false,
  created_at: '2026-11-21T10:56:24.123Z',
  description: 'for the pipeline',
  scopes: ['api', 'read_user'],
  user_id: 2,
  last_used_at: null,
  active: true,
  expires_at: '2999-01-31',
  expired: false,
}

const token = tokenFixture({
  description: 'for the pipeline',
  scopes: ['api', 'read_user'],
  expiresAt: '2999-01-31',
})

describe('presentPersonalAccessToken', () => {
  it('renders GitLab PersonalAccessToken', () => {
    expect(presentPersonalAccessToken(token, contextFixture())).toEqual(golden)
  })

  it('says expired once the expiry date has come', () => {
    const old = tokenFixture({ expiresAt: '2000-01-01', active: false })
    expect(presentPersonalAccessToken(old, contextFixture())).toMatchObject({
      expired: true,
      active: false,
    })
  })
})

describe('presentPersonalAccessTokenWithToken', () => {
  it('adds the secret shown once', () => {
    const json = presentPersonalAccessTokenWithToken(
      { token, value: 'glpat-secret' },
      contextFixture(),
    )
    expect(json).toEqual({ ...golden, token: 'glpat-secret' })
  })
})
