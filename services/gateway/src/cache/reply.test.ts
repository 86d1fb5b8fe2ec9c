import type { Principal } from '../auth/principal.js'
import { tokenFixture, userFixture } from '../testing/fixtures.js'
import { cacheKey, dependencyTags, pathUserIds, writtenTags } from './reply.js'

const viewer: Principal = {
  user: userFixture({ id: 3 }),
  token: tokenFixture({ id: 11 }),
  sudo: false,
}

describe('cacheKey', () => {
  it('names the viewer and token, and leaves credentials in the query string out', () => {
    expect(cacheKey(viewer, '/api/v4/projects/1?private_token=secret&x=1')).toBe(
      '3:11:0:/api/v4/projects/1?&x=1',
    )
    expect(cacheKey(viewer, '/api/v4/projects/1?access_token=secret')).not.toContain('secret')
    expect(cacheKey({ user: undefined, token: undefined, sudo: false }, '/p')).toBe('0:0:0:/p')
  })
})

describe('dependencyTags', () => {
  it('names the viewer, the project, and every user and project the body shows', () => {
    const tags = dependencyTags(
      {
        status: 200,
        projectId: 1,
        json: [
          {
            id: 50,
            project_id: 1,
            source_project_id: 4,
            author: { id: 8, username: 'ann' },
            reviewers: [{ id: 9, username: 'bob' }],
            forked_from_project: { id: 6, path_with_namespace: 'g/p' },
          },
        ],
      },
      viewer,
    )
    expect(tags.sort()).toEqual(['p:1', 'p:4', 'p:6', 'u:3', 'u:8', 'u:9'])
  })
})

describe('writtenTags', () => {
  it("names a project's writes by the project, a group's as a flush, the rest by user", () => {
    expect(writtenTags({ status: 200, projectId: 2 })).toEqual(['p:2'])
    expect(writtenTags({ status: 200, groupId: 4 })).toEqual(['*'])
    expect(writtenTags({ status: 201, actorId: 1 })).toEqual(['u:1'])
    expect(writtenTags({ status: 200, actorId: 1 }, pathUserIds('/api/v4/users/7/block'))).toEqual([
      'u:7',
      'u:1',
    ])
    expect(pathUserIds('/api/v4/users/alice')).toEqual([])
    expect(pathUserIds('/api/v4/user/keys')).toEqual([])
  })
})
