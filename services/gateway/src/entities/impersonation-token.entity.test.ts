import { contextFixture, tokenFixture } from '../testing/fixtures.js'
import {
  presentImpersonationToken,
  presentImpersonationTokenWithToken,
} from './impersonation-token.entity.js'

const golden = {
  id: 5,
  name: 'ci',
  revoked: false,
  created_at: '2026-11-21T10:56:24.123Z',
  description: null,
  scopes: ['api'],
  user_id: 2,
  last_used_at: null,
  active: true,
  expires_at: '2999-01-31',
  expired: false,
  impersonation: true,
}

const token = tokenFixture({ expiresAt: '2999-01-31', impersonation: true })

describe('presentImpersonationToken', () => {
  it('renders GitLab ImpersonationToken, without the secret', () => {
    expect(presentImpersonationToken(token, contextFixture())).toEqual(golden)
  })

  it('adds the secret to the create answer only', () => {
    const created = { token, value: 'glpat-secret' }
    expect(presentImpersonationTokenWithToken(created, contextFixture())).toEqual({
      ...golden,
      token: 'glpat-secret',
    })
  })
})
