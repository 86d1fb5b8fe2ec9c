import { contextFixture, userFixture } from '../testing/fixtures.js'
import { presentUserPublic } from './user-public.entity.js'

describe('presentUserPublic', () => {
  it('renders GitLab UserPublic', () => {
    const user = userFixture({
      lastActivityOn: '2026-11-20',
      identities: [{ provider: 'ldapmain', externUid: 'uid=alice', samlProviderId: undefined }],
    })
    expect(presentUserPublic(user, contextFixture())).toEqual({
      id: 2,
      username: 'alice',
      name: 'Alice Liddell',
      state: 'active',
      locked: false,
      avatar_url: null,
      web_url: 'https://gitlab.example.com/alice',
      created_at: '2026-11-21T10:56:24.123Z',
      bio: '',
      location: '',
      public_email: '',
      skype: '',
      linkedin: '',
      twitter: '',
      discord: '',
      website_url: '',
      organization: '',
      job_title: '',
      pronouns: null,
      bot: false,
      work_information: null,
      followers: 0,
      following: 0,
      is_followed: false,
      local_time: null,
      last_sign_in_at: null,
      confirmed_at: '2026-11-21T10:56:24.123Z',
      last_activity_on: '2026-11-20',
      email: 'alice@example.com',
      theme_id: 3,
      color_scheme_id: 1,
      projects_limit: 100000,
      current_sign_in_at: null,
      identities: [{ provider: 'ldapmain', extern_uid: 'uid=alice', saml_provider_id: null }],
      can_create_group: true,
      can_create_project: true,
      two_factor_enabled: false,
      external: false,
      private_profile: false,
      commit_email: 'alice@example.com',
      preferred_language: 'en',
    })
  })
})
