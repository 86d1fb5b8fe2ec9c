import { AccessLevel, MemberPermission } from '@suite/proto'
import { admin, anonymous, user } from '../testing/test-callers.js'
import { groupAbilities, type GroupAbilities, type GroupPolicyFacts } from './group-policy.js'
import { DEFAULT_GROUP_SETTINGS, type Group, type GroupSettings } from './namespace.js'
import { VisibilityLevel } from '@suite/runtime'

const { ACCESS_LEVEL_NO_ACCESS, ACCESS_LEVEL_GUEST, ACCESS_LEVEL_REPORTER } = AccessLevel
const { ACCESS_LEVEL_DEVELOPER, ACCESS_LEVEL_MAINTAINER, ACCESS_LEVEL_OWNER } = AccessLevel

function group(
  visibilityLevel: number,
  settings: Partial<GroupSettings> = {},
  parentId: number | null = null,
): Group {
  return {
    id: 3,
    kind: 'group',
    name: 'g',
    path: 'g',
    fullPath: 'g',
    fullName: 'g',
    parentId,
    ownerId: null,
    visibilityLevel,
    traversalIds: parentId === null ? [3] : [parentId, 3],
    description: '',
    createdAt: new Date(0),
    settings: { ...DEFAULT_GROUP_SETTINGS, ...settings },
  }
}

type Role =
  | 'anonymous'
  | 'non-member'
  | 'external'
  | 'member below'
  | 'guest'
  | 'reporter'
  | 'developer'
  | 'maintainer'
  | 'owner'
  | 'admin'

/** Who each role is, as GroupPolicy sees it. */
const ROLES: Record<Role, Omit<GroupPolicyFacts, 'group' | 'customPermissions'>> = {
  anonymous: { caller: anonymous, level: 0, memberWithin: false, internalVisible: false },
  'non-member': { caller: user, level: 0, memberWithin: false, internalVisible: true },
  external: { caller: user, level: 0, memberWithin: false, internalVisible: false },
  'member below': { caller: user, level: 0, memberWithin: true, internalVisible: true },
  guest: { caller: user, level: 10, memberWithin: true, internalVisible: true },
  reporter: { caller: user, level: 20, memberWithin: true, internalVisible: true },
  developer: { caller: user, level: 30, memberWithin: true, internalVisible: true },
  maintainer: { caller: user, level: 40, memberWithin: true, internalVisible: true },
  owner: { caller: user, level: 50, memberWithin: true, internalVisible: true },
  admin: { caller: admin, level: 0, memberWithin: false, internalVisible: true },
}

function abilities(role: Role, of: Group, customPermissions: MemberPermission[] = []) {
  return groupAbilities({ ...ROLES[role], group: of, customPermissions })
}

const VISIBILITIES = {
  private: VisibilityLevel.VISIBILITY_LEVEL_PRIVATE,
  internal: VisibilityLevel.VISIBILITY_LEVEL_INTERNAL,
  public: VisibilityLevel.VISIBILITY_LEVEL_PUBLIC,
} as const

/**
 * read_group / read_group_member by role and visibility: R = read_group only,
 * RM = read_group and read_group_member, - = neither.
 */
const READ_TABLE: Record<Role, Record<keyof typeof VISIBILITIES, '-' | 'R' | 'RM'>> = {
  anonymous: { private: '-', internal: '-', public: 'RM' },
  'non-member': { private: '-', internal: 'RM', public: 'RM' },
  external: { private: '-', internal: '-', public: 'RM' },
  'member below': { private: 'R', internal: 'RM', public: 'RM' },
  guest: { private: 'RM', internal: 'RM', public: 'RM' },
  reporter: { private: 'RM', internal: 'RM', public: 'RM' },
  developer: { private: 'RM', internal: 'RM', public: 'RM' },
  maintainer: { private: 'RM', internal: 'RM', public: 'RM' },
  owner: { private: 'RM', internal: 'RM', public: 'RM' },
  admin: { private: 'RM', internal: 'RM', public: 'RM' },
}

type ManageAbility = Exclude<
  keyof GroupAbilities,
  'groupId' | 'accessLevel' | 'readGroup' | 'readGroupMember' | 'readNamespace' | 'ownerAccess'
>

/**
 * Management abilities by role in a top-level group with GitLab's defaults
 * (subgroup_creation_level maintainer, project_creation_level developer),
 * whatever its visibility.
 */
const MANAGE_TABLE: Record<Role, readonly ManageAbility[]> = {
  anonymous: [],
  'non-member': [],
  external: [],
  'member below': [],
  guest: [],
  reporter: [],
  developer: ['createProjects'],
  maintainer: ['createSubgroup', 'createProjects'],
  owner: [
    'adminGroupMember',
    'adminGroup',
    'createSubgroup',
    'createProjects',
    'removeGroup',
    'changeVisibilityLevel',
    'adminMemberRoles',
    'readSamlIdentities',
    'adminCicdVariables',
  ],
  admin: [
    'adminGroupMember',
    'adminGroup',
    'createSubgroup',
    'createProjects',
    'removeGroup',
    'changeVisibilityLevel',
    'adminMemberRoles',
    'readSamlIdentities',
    'adminCicdVariables',
  ],
}

const MANAGE_ABILITIES: readonly ManageAbility[] = [
  'adminGroupMember',
  'adminGroup',
  'createSubgroup',
  'createProjects',
  'removeGroup',
  'changeVisibilityLevel',
  'adminMemberRoles',
  'readSamlIdentities',
  'adminCicdVariables',
]

function granted(answer: GroupAbilities): ManageAbility[] {
  return MANAGE_ABILITIES.filter((ability) => answer[ability])
}

describe('GroupPolicy table (role x visibility)', () => {
  const cases = (Object.keys(ROLES) as Role[]).flatMap((role) =>
    (Object.keys(VISIBILITIES) as (keyof typeof VISIBILITIES)[]).map(
      (visibility) => [role, visibility] as const,
    ),
  )

  it.each(cases)('%s, %s group', (role, visibility) => {
    const answer = abilities(role, group(VISIBILITIES[visibility]))
    const read = READ_TABLE[role][visibility]
    expect({ readGroup: answer.readGroup, readGroupMember: answer.readGroupMember }).toEqual({
      readGroup: read !== '-',
      readGroupMember: read === 'RM',
    })
    expect(granted(answer)).toEqual(MANAGE_TABLE[role])
  })
})

describe('the effective level', () => {
  it('is the membership level, Owner for an admin, nothing for an anonymous caller', () => {
    expect(abilities('developer', group(0)).accessLevel).toBe(ACCESS_LEVEL_DEVELOPER)
    expect(abilities('admin', group(0)).accessLevel).toBe(ACCESS_LEVEL_OWNER)
    expect(abilities('member below', group(0)).accessLevel).toBe(ACCESS_LEVEL_NO_ACCESS)
    const answer = groupAbilities({
      ...ROLES.anonymous,
      level: ACCESS_LEVEL_OWNER,
      group: group(20),
      customPermissions: [MemberPermission.MEMBER_PERMISSION_ADMIN_GROUP_MEMBER],
    })
    expect(answer.accessLevel).toBe(ACCESS_LEVEL_NO_ACCESS)
    expect(answer.adminGroupMember).toBe(false)
  })

  it('names the group and reads the namespace through any membership', () => {
    expect(abilities('guest', group(0)).groupId).toBe(3)
    expect(abilities('guest', group(0)).readNamespace).toBe(true)
    expect(abilities('member below', group(20)).readNamespace).toBe(false)
    expect(abilities('admin', group(0)).readNamespace).toBe(true)
  })

  it("counts the group among the caller's authorized groups (runner details) by any membership", () => {
    expect(abilities('guest', group(0)).authorizedGroup).toBe(true)
    expect(abilities('member below', group(20)).authorizedGroup).toBe(false)
    expect(abilities('non-member', group(20)).authorizedGroup).toBe(false)
    expect(abilities('admin', group(0)).authorizedGroup).toBe(true)
  })

  it('gives owner access to Owners and admins only', () => {
    expect(abilities('maintainer', group(0)).ownerAccess).toBe(false)
    expect(abilities('owner', group(0)).ownerAccess).toBe(true)
    expect(abilities('admin', group(0)).ownerAccess).toBe(true)
  })
})

describe('group settings', () => {
  it('lets only Owners create subgroups when subgroup_creation_level is owner', () => {
    const ownersOnly = group(0, { subgroupCreationLevel: 'owner' })
    expect(abilities('maintainer', ownersOnly).createSubgroup).toBe(false)
    expect(abilities('owner', ownersOnly).createSubgroup).toBe(true)
    expect(abilities('admin', ownersOnly).createSubgroup).toBe(true)
  })

  it.each([
    ['noone', []],
    ['administrator', ['admin']],
    ['owner', ['owner', 'admin']],
    ['maintainer', ['maintainer', 'owner', 'admin']],
    ['developer', ['developer', 'maintainer', 'owner', 'admin']],
  ] as const)('project_creation_level %s lets %j create projects', (setting, who) => {
    const of = group(20, { projectCreationLevel: setting })
    const creators = (Object.keys(ROLES) as Role[]).filter(
      (role) => abilities(role, of).createProjects,
    )
    expect(creators).toEqual(who)
  })

  it('keeps member roles and SAML identities to top-level groups', () => {
    const subgroup = group(0, {}, 1)
    for (const role of ['owner', 'admin'] as const) {
      expect(abilities(role, subgroup).adminMemberRoles).toBe(false)
      expect(abilities(role, subgroup).readSamlIdentities).toBe(false)
      expect(abilities(role, subgroup).adminGroup).toBe(true)
    }
  })
})

describe('custom member role permissions', () => {
  const { MEMBER_PERMISSION_ADMIN_GROUP_MEMBER, MEMBER_PERMISSION_REMOVE_GROUP } = MemberPermission

  it('switch on admin_group_member for a member with a lower base level', () => {
    const answer = abilities('reporter', group(0), [MEMBER_PERMISSION_ADMIN_GROUP_MEMBER])
    expect(answer.adminGroupMember).toBe(true)
    expect(answer.ownerAccess).toBe(false)
    expect(answer.adminGroup).toBe(false)
    expect(answer.accessLevel).toBe(ACCESS_LEVEL_REPORTER)
  })

  it('switch on remove_group in subgroups only', () => {
    const permissions = [MEMBER_PERMISSION_REMOVE_GROUP]
    expect(abilities('guest', group(0, {}, 1), permissions).removeGroup).toBe(true)
    expect(abilities('guest', group(0), permissions).removeGroup).toBe(false)
  })

  it('switch on nothing they do not name', () => {
    const answer = abilities('guest', group(0), [MemberPermission.MEMBER_PERMISSION_READ_CODE])
    expect(granted(answer)).toEqual([])
    expect(answer.accessLevel).toBe(ACCESS_LEVEL_GUEST)
  })

  it('switch on admin_cicd_variables for a Guest', () => {
    const permissions = [MemberPermission.MEMBER_PERMISSION_ADMIN_CICD_VARIABLES]
    expect(abilities('guest', group(0), permissions).adminCicdVariables).toBe(true)
    expect(abilities('guest', group(0)).adminCicdVariables).toBe(false)
    expect(abilities('anonymous', group(20), permissions).adminCicdVariables).toBe(false)
  })

  it('leave a higher base level as it is', () => {
    const answer = abilities('maintainer', group(0), [MEMBER_PERMISSION_ADMIN_GROUP_MEMBER])
    expect(granted(answer)).toEqual(['adminGroupMember', 'createSubgroup', 'createProjects'])
    expect(answer.accessLevel).toBe(ACCESS_LEVEL_MAINTAINER)
  })
})
