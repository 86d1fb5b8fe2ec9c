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
})
