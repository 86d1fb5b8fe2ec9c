import { contextFixture, memberFixture, rootFixture, userFixture } from '../testing/fixtures.js'
import { memberRelatedIds, presentMember } from './member.entity.js'

const samlIdentity = {
  provider: 'group_saml',
  externUid: 'alice@idp',
  samlProviderId: 4,
  groupId: 10,
}
const member = memberFixture({
  user: userFixture({ identities: [samlIdentity] }),
  createdById: 1,
  expiresAt: '2027-01-01',
})

describe('presentMember', () => {
  it('renders GitLab Member for a group owner', () => {
    const ctx = contextFixture({ accessLevel: 50, users: new Map([[1, rootFixture()]]) })
    expect(memberRelatedIds(member)).toEqual([1])
    expect(presentMember(member, ctx)).toEqual({
      id: 2,
      username: 'alice',
      name: 'Alice Liddell',
      state: 'active',
      locked: false,
      avatar_url: null,
      web_url: 'https://gitlab.example.com/alice',
      access_level: 30,
      created_at: '2026-11-21T10:56:24.123Z',
      created_by: {
        id: 1,
        username: 'root',
        name: 'Administrator',
        state: 'active',
        locked: false,
        avatar_url: null,
        web_url: 'https://gitlab.example.com/root',
      },
      expires_at: '2027-01-01',
      group_saml_identity: { provider: 'group_saml', extern_uid: 'alice@idp', saml_provider_id: 4 },
      membership_state: 'active',
      member_role: null,
    })
  })

  it('shows the SAML identity to owners and admins only', () => {
    const json = presentMember(member, contextFixture({ accessLevel: 30 }))
    expect(json.group_saml_identity).toBeNull()
    expect(json.created_by).toBeNull()
  })
})
