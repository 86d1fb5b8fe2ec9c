import type { Member } from './member.js'
import { memberActivity, memberActivityKey } from './member-activity.js'

const at = new Date('2026-11-21T11:00:00.000Z')

function member(sourceType: Member['sourceType']): Member {
  return {
    id: 9,
    sourceType,
    sourceId: 3,
    userId: 2,
    accessLevel: 30,
    expiresAt: null,
    createdById: 1,
    memberRoleId: null,
    createdAt: at,
  }
}

describe('memberActivity', () => {
  it('reports project memberships', () => {
    expect(memberActivity(member('Project'), 'joined', at)).toEqual({
      action: 'joined',
      projectId: 3,
      userId: 2,
      memberId: 9,
      at,
    })
  })

  it("reports nothing when the project's owner becomes its member", () => {
    expect(memberActivity(member('Project'), 'joined', at, true)).toBeUndefined()
  })

  it('reports nothing for group memberships', () => {
    expect(memberActivity(member('Namespace'), 'left', at)).toBeUndefined()
  })

  it('keys the event by project, user, action and membership', () => {
    const activity = memberActivity(member('Project'), 'left', at)
    expect(activity && memberActivityKey(activity)).toBe('member:3:2:left:9')
  })
})
