import {
  everyProjectAbility,
  groupAbilitiesFixture,
  projectAbilitiesFixture,
} from '../testing/abilities-fixture.js'
import {
  contextFixture,
  memberFixture,
  memberRoleFixture,
  rootFixture,
  userFixture,
} from '../testing/fixtures.js'
import { presentMemberRole } from './member-role.entity.js'
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
    const ctx = contextFixture({
      abilities: { group: groupAbilitiesFixture() },
      users: new Map([[1, rootFixture()]]),
    })
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

  it('shows the SAML identity only with the read_saml_identities the group answered', () => {
    const group = groupAbilitiesFixture({ readSamlIdentities: false })
    const json = presentMember(member, contextFixture({ abilities: { group } }))
    expect(json.group_saml_identity).toBeNull()
    expect(json.created_by).toBeNull()
  })

  it("on a project's members, shows the SAML identity with the project's manage_owners", () => {
    const developer = contextFixture({ abilities: { project: projectAbilitiesFixture() } })
    expect(presentMember(member, developer).group_saml_identity).toBeNull()
    const owner = contextFixture({ abilities: { project: everyProjectAbility() } })
    expect(presentMember(member, owner).group_saml_identity).toEqual({
      provider: 'group_saml',
      extern_uid: 'alice@idp',
      saml_provider_id: 4,
    })
  })

  it('shows no SAML identity when no ability was answered', () => {
    expect(presentMember(member, contextFixture()).group_saml_identity).toBeNull()
  })

  it('shows the custom role the membership holds as the MemberRole entity', () => {
    const role = memberRoleFixture()
    const json = presentMember(
      memberFixture({ memberRoleId: 3, memberRole: role }),
      contextFixture(),
    )
    expect(json.member_role).toEqual(presentMemberRole(role))
    expect(json.member_role).toMatchObject({ id: 3, name: 'Guest + read code', read_code: true })
  })
})
