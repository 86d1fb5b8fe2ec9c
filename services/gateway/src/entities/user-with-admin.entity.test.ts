import { contextFixture, rootFixture, userFixture } from '../testing/fixtures.js'
import { presentUserDetailsWithAdmin } from './user-details-with-admin.entity.js'
import { presentUserPublic } from './user-public.entity.js'
import { presentUserWithAdmin, userWithAdminRelatedIds } from './user-with-admin.entity.js'

const root = rootFixture()
const alice = userFixture({ createdById: 1, note: 'met at the tea party' })
const ctx = contextFixture({ users: new Map([[1, root]]) })

describe('presentUserWithAdmin', () => {
  it('renders GitLab UserWithAdmin: UserPublic plus the admin fields', () => {
    expect(userWithAdminRelatedIds(alice)).toEqual([1])
    expect(presentUserWithAdmin(alice, ctx)).toEqual({
      ...presentUserPublic(alice, ctx),
      is_admin: false,
      note: 'met at the tea party',
      namespace_id: 7,
      created_by: {
        id: 1,
        username: 'root',
        name: 'Administrator',
        state: 'active',
        locked: false,
        avatar_url: null,
        web_url: 'https://gitlab.example.com/root',
      },
      email_reset_offered_at: null,
    })
  })

  it('renders created_by null when the creator is unknown', () => {
    expect(presentUserWithAdmin(root, ctx).created_by).toBeNull()
  })
})

describe('presentUserDetailsWithAdmin', () => {
  it('adds the sign-in details', () => {
    expect(presentUserDetailsWithAdmin(alice, ctx)).toEqual({
      ...presentUserWithAdmin(alice, ctx),
      highest_role: 0,
      current_sign_in_ip: null,
      last_sign_in_ip: null,
      sign_in_count: 0,
    })
  })
})
