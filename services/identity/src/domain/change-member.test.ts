import { roleAfterUpdate } from './change-member.js'

describe('roleAfterUpdate', () => {
  const member = { memberRoleId: 4, accessLevel: 10 }

  it('keeps the role when member_role_id is absent, checking it against a new level', () => {
    expect(roleAfterUpdate(member, { accessLevel: 30 })).toEqual({
      memberRoleId: 4,
      accessLevel: 30,
      check: true,
    })
  })

  it('checks a new role against the level the membership keeps', () => {
    expect(roleAfterUpdate({ memberRoleId: null, accessLevel: 10 }, { memberRoleId: 5 })).toEqual({
      memberRoleId: 5,
      accessLevel: 10,
      check: true,
    })
  })

  it('takes the role away for 0, with nothing to check', () => {
    expect(roleAfterUpdate(member, { memberRoleId: 0, accessLevel: 20 })).toEqual({
      memberRoleId: null,
      accessLevel: 20,
      check: false,
    })
  })

  it('checks nothing when neither the role nor the level changes', () => {
    expect(roleAfterUpdate(member, {}).check).toBe(false)
  })
})
