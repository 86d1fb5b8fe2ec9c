import { contextFixture, principalFixture, userFixture } from '../testing/fixtures.js'
import { presentUser } from './user.entity.js'

const golden = {
  id: 2,
  username: 'alice',
  name: 'Alice Liddell',
  state: 'active',
  locked: false,
  avatar_url: null,
  web_url: 'https://gitlab.example.com/alice',
  created_at: '2026-11-21T10:56:24.123Z',
  bio: 'Down the rabbit hole',
  location: '',
  public_email: '',
  skype: '',
  linkedin: '',
  twitter: '',
  discord: '',
  website_url: '',
  organization: 'Wonderland',
  job_title: 'Explorer',
  pronouns: 'she/her',
  bot: false,
  work_information: 'Explorer at Wonderland',
  followers: 0,
  following: 0,
  is_followed: false,
  local_time: null,
}

describe('presentUser', () => {
  const alice = userFixture({
    bio: 'Down the rabbit hole',
    organization: 'Wonderland',
    jobTitle: 'Explorer',
    pronouns: 'she/her',
  })

  it('renders GitLab User', () => {
    expect(presentUser(alice, contextFixture())).toEqual(golden)
  })

  it('hides created_at of a private profile from other users', () => {
    const ctx = contextFixture({ principal: principalFixture(userFixture({ id: 9 })) })
    // identity's UserPolicy answers no :read_user_profile to another user.
    const hidden = { privateProfile: true, abilities: { readUserProfile: false } }
    const json = presentUser({ ...alice, ...hidden, jobTitle: '' }, ctx)
    expect(json.created_at).toBeNull()
    expect(json.work_information).toBe('Wonderland')
  })
})
