import { AccessLevel, MemberPermission } from '@suite/proto'
import { accessIn, effectiveFor } from './project-grant.js'
import type { Grant } from './project.js'
import type { ProjectNamespace } from './project.js'

function namespace(overrides: Partial<ProjectNamespace> = {}): ProjectNamespace {
  return {
    id: 4,
    fullPath: 'top/sub',
    fullName: 'Top / Sub',
    kind: 'group',
    parentId: 3,
    traversalIds: [3, 4],
    ownerId: null,
    ...overrides,
  }
}

const grant = (level: AccessLevel, permissions: MemberPermission[] = []): Grant => ({
  level,
  permissions,
})
const none = { projects: new Map<number, Grant>(), groups: new Map<number, Grant>() }

describe('accessIn', () => {
  it('is the max of the project membership and the groups above it, with every grant', () => {
    const readCode = grant(AccessLevel.ACCESS_LEVEL_GUEST, [
      MemberPermission.MEMBER_PERMISSION_READ_CODE,
    ])
    const memberships = {
      projects: new Map([[9, readCode]]),
      groups: new Map([
        [3, grant(AccessLevel.ACCESS_LEVEL_MAINTAINER)],
        [8, grant(AccessLevel.ACCESS_LEVEL_OWNER)],
      ]),
    }
    expect(accessIn({ id: 9, namespace: namespace() }, 7, memberships)).toEqual({
      level: 40,
      projectLevel: 10,
      groupLevel: 40,
      grants: [readCode, grant(AccessLevel.ACCESS_LEVEL_MAINTAINER)],
    })
  })

  it('makes the owner of a personal namespace Owner', () => {
    const personal = namespace({ kind: 'user', traversalIds: [], ownerId: 7 })
    expect(accessIn({ id: 9, namespace: personal }, 7, none)).toMatchObject({
      level: 50,
      projectLevel: 50,
      groupLevel: 0,
    })
  })

  it('gives nothing to an anonymous caller', () => {
    const memberships = { projects: new Map([[9, grant(30)]]), groups: new Map() }
    expect(accessIn({ id: 9, namespace: namespace() }, undefined, memberships)).toEqual({
      level: 0,
      projectLevel: 0,
      groupLevel: 0,
      grants: [],
    })
  })
})

describe('effectiveFor', () => {
  it('makes an administrator Owner and leaves the memberships as they are', () => {
    const access = accessIn({ id: 9, namespace: namespace() }, 1, none)
    expect(effectiveFor({ userId: 1, admin: true }, access)).toMatchObject({
      level: 50,
      projectLevel: 0,
    })
    expect(effectiveFor({ userId: 1, admin: false }, access).level).toBe(0)
  })
})
