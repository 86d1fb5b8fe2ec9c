import { contextFixture, userFixture } from '../testing/fixtures.js'
import { presentUserBasic } from './user-basic.entity.js'

describe('presentUserBasic', () => {
  it('renders GitLab UserBasic', () => {
    expect(presentUserBasic(userFixture({ locked: true }), contextFixture())).toEqual({
      id: 2,
      username: 'alice',
      name: 'Alice Liddell',
      state: 'active',
      locked: true,
      avatar_url: null,
      web_url: 'https://gitlab.example.com/alice',
    })
  })

  it('points avatar_url at the uploaded avatar', () => {
    const user = userFixture({ avatarFilename: 'me and you.png' })
    expect(presentUserBasic(user, contextFixture()).avatar_url).toBe(
      'https://gitlab.example.com/uploads/-/system/user/avatar/2/me%20and%20you.png',
    )
  })
})
