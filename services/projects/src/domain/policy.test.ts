import { AccessLevel, MemberPermission } from '@suite/proto'
import {
  abilityScope,
  LIST_ABILITIES,
  meetsRequirement,
  requirementFor,
  type ListAbility,
} from './access-requirements.js'
import type { Caller } from './caller.js'
import { policySubject } from './policy.js'
import { accessIn, type Memberships } from './project-grant.js'
import { projectAbilities, type ProjectAbilities } from './project-abilities.js'
import type { Grant, Project } from './project.js'
import {
  defaultFeatureLevels,
  FLAG_DEFAULTS,
  type FeatureAccess,
  type FeatureLevels,
} from './project-settings.js'
import { type VisibilityName } from '@suite/runtime'

const PROJECT_ID = 9
const GROUP_ID = 3

/** A caller and the grant they hold in the project's group (none: no membership). */
interface Role {
  caller: Caller
  grant?: Grant
}

const level = (value: AccessLevel, permissions: MemberPermission[] = []): Grant => ({
  level: value,
  permissions,
})

const ROLES: Record<string, Role> = {
  anonymous: { caller: { userId: undefined, admin: false } },
  'non-member': { caller: { userId: 7, admin: false } },
  guest: { caller: { userId: 7, admin: false }, grant: level(AccessLevel.ACCESS_LEVEL_GUEST) },
  reporter: {
    caller: { userId: 7, admin: false },
    grant: level(AccessLevel.ACCESS_LEVEL_REPORTER),
  },
  developer: {
    caller: { userId: 7, admin: false },
    grant: level(AccessLevel.ACCESS_LEVEL_DEVELOPER),
  },
  maintainer: {
    caller: { userId: 7, admin: false },
    grant: level(AccessLevel.ACCESS_LEVEL_MAINTAINER),
  },
  owner: { caller: { userId: 7, admin: false }, grant: level(AccessLevel.ACCESS_LEVEL_OWNER) },
  admin: { caller: { userId: 1, admin: true } },
}

/** Roles with custom member roles on top of a base level. */
const CUSTOM_ROLES: Record<string, Role> = {
  'guest+read_code': {
    caller: { userId: 7, admin: false },
    grant: level(AccessLevel.ACCESS_LEVEL_GUEST, [MemberPermission.MEMBER_PERMISSION_READ_CODE]),
  },
  'guest+admin_merge_request': {
    caller: { userId: 7, admin: false },
    grant: level(AccessLevel.ACCESS_LEVEL_GUEST, [
      MemberPermission.MEMBER_PERMISSION_ADMIN_MERGE_REQUEST,
    ]),
  },
  'minimal+read_code': {
    caller: { userId: 7, admin: false },
    grant: level(AccessLevel.ACCESS_LEVEL_MINIMAL, [MemberPermission.MEMBER_PERMISSION_READ_CODE]),
  },
}

const VISIBILITIES: VisibilityName[] = ['private', 'internal', 'public']
const LEVELS: FeatureAccess[] = ['enabled', 'private', 'disabled']
const SETTINGS = VISIBILITIES.flatMap((visibility) =>
  LEVELS.flatMap((mergeRequests) =>
    LEVELS.map((repository) => ({ visibility, mergeRequests, repository })),
  ),
)
type Setting = (typeof SETTINGS)[number]

function project(setting: Setting, overrides: Partial<Project> = {}): Project {
  const features: FeatureLevels = {
    ...defaultFeatureLevels(setting.visibility),
    merge_requests: setting.mergeRequests,
    repository: setting.repository,
  }
  return {
    id: PROJECT_ID,
    visibility: setting.visibility,
    features,
    archived: false,
    flags: { ...FLAG_DEFAULTS },
    namespace: {
      id: GROUP_ID,
      fullPath: 'team',
      fullName: 'Team',
      kind: 'group',
      parentId: null,
      traversalIds: [GROUP_ID],
      ownerId: null,
    },
    ...overrides,
  } as Project
}

function membershipsOf(role: Role): Memberships {
  return {
    projects: new Map(),
    groups: role.grant ? new Map([[GROUP_ID, role.grant]]) : new Map(),
  }
}

function abilitiesOf(role: Role, subject: Project): ProjectAbilities {
  return projectAbilities(
    subject,
    role.caller,
    accessIn(subject, role.caller.userId, membershipsOf(role)),
  )
}

/**
 * GitLab's rules as common.md states them, written independently of the
 * table: `level` is the role's membership level, `admin` the admin flag.
 */
function expected(roleName: string, setting: Setting) {
  const role = ROLES[roleName]!
  const admin = role.caller.admin
  const signedIn = role.caller.userId !== undefined
  const L = Number(role.grant?.level ?? AccessLevel.ACCESS_LEVEL_NO_ACCESS)
  const [guest, reporter, developer, maintainer] = [
    AccessLevel.ACCESS_LEVEL_GUEST,
    AccessLevel.ACCESS_LEVEL_REPORTER,
    AccessLevel.ACCESS_LEVEL_DEVELOPER,
    AccessLevel.ACCESS_LEVEL_MAINTAINER,
  ].map(Number) as [number, number, number, number]
  const { visibility } = setting
  const publicAccess = visibility === 'public' || (visibility === 'internal' && signedIn)
  const open = (feature: FeatureAccess, min: number) =>
    feature === 'enabled' || (feature === 'private' && (admin || L >= min))
  const readProject = admin || publicAccess || L >= guest
  const repository = open(setting.repository, guest)
  const readCode = readProject && repository && (admin || publicAccess || L >= reporter)
  // public_jobs is on by default: guest_access also reads pipelines.
  const guestAccess = L >= guest || (signedIn && visibility !== 'private')
  return {
    readProject,
    repositoryAvailable: readProject && repository,
    readCode,
    readMergeRequest:
      readCode && open(setting.mergeRequests, reporter) && (admin || publicAccess || L >= reporter),
    pushCode: readProject && repository && (admin || L >= developer),
    readPipeline: readProject && repository && (admin || publicAccess || guestAccess),
    adminProject: readProject && (admin || L >= maintainer),
  }
}

const MATRIX = Object.keys(ROLES).flatMap((role) => SETTINGS.map((setting) => ({ role, setting })))

describe('the project policy table', () => {
  it.each(MATRIX)(
    '$role in $setting.visibility (merge requests $setting.mergeRequests, repository $setting.repository)',
    ({ role, setting }) => {
      const answer = abilitiesOf(ROLES[role]!, project(setting))
      expect({
        readProject: answer.readProject,
        repositoryAvailable: answer.repositoryAvailable,
        readCode: answer.readCode,
        readMergeRequest: answer.readMergeRequest,
        pushCode: answer.pushCode,
        readPipeline: answer.readPipeline,
        adminProject: answer.adminProject,
      }).toEqual(expected(role, setting))
    },
  )

  it('names the effective level, Owner for an administrator', () => {
    const setting = SETTINGS[0]!
    expect(abilitiesOf(ROLES.developer!, project(setting))).toMatchObject({
      projectId: PROJECT_ID,
      accessLevel: AccessLevel.ACCESS_LEVEL_DEVELOPER,
    })
    expect(abilitiesOf(ROLES.admin!, project(setting)).accessLevel).toBe(
      AccessLevel.ACCESS_LEVEL_OWNER,
    )
  })

  it("counts the project among the caller's authorized projects (runner details) by any membership", () => {
    const setting = SETTINGS[0]!
    expect(abilitiesOf(ROLES.guest!, project(setting)).authorizedProject).toBe(true)
    expect(abilitiesOf(ROLES.admin!, project(setting)).authorizedProject).toBe(true)
    expect(abilitiesOf(ROLES['non-member']!, project(setting)).authorizedProject).toBe(false)
    expect(abilitiesOf(ROLES.anonymous!, project(setting)).authorizedProject).toBe(false)
  })

  it('lets a custom read_code permission read a private project’s code, not its merge requests', () => {
    const setting: Setting = {
      visibility: 'private',
      mergeRequests: 'enabled',
      repository: 'enabled',
    }
    const answer = abilitiesOf(CUSTOM_ROLES['guest+read_code']!, project(setting))
    expect(answer).toMatchObject({
      readProject: true,
      readCode: true,
      readMergeRequest: false,
      pushCode: false,
      adminProject: false,
    })
    const plainGuest = abilitiesOf(ROLES.guest!, project(setting))
    expect(plainGuest.readCode).toBe(false)
  })

  it('lets a custom admin_merge_request permission read and approve, not push', () => {
    const setting: Setting = {
      visibility: 'private',
      mergeRequests: 'private',
      repository: 'enabled',
    }
    const answer = abilitiesOf(CUSTOM_ROLES['guest+admin_merge_request']!, project(setting))
    expect(answer).toMatchObject({
      readMergeRequest: true,
      adminMergeRequest: true,
      updateMergeRequest: false,
      pushCode: false,
    })
  })

  it('gives nothing on top of read_code to a Minimal Access member who cannot read the project', () => {
    const setting: Setting = {
      visibility: 'private',
      mergeRequests: 'enabled',
      repository: 'enabled',
    }
    const answer = abilitiesOf(CUSTOM_ROLES['minimal+read_code']!, project(setting))
    expect(answer.readProject).toBe(false)
    expect(answer.readCode).toBe(false)
  })

  it('stops pushing, merging and creating in an archived project, not reading', () => {
    const setting: Setting = {
      visibility: 'private',
      mergeRequests: 'enabled',
      repository: 'enabled',
    }
    const answer = abilitiesOf(ROLES.owner!, project(setting, { archived: true }))
    expect(answer).toMatchObject({
      readCode: true,
      readMergeRequest: true,
      pushCode: false,
      adminTag: false,
      createMergeRequestIn: false,
      updateMergeRequest: false,
      createPipeline: false,
      awardEmoji: false,
      adminProject: true,
    })
  })

  it('lets the token scopes carry read_code and push_code', () => {
    const setting: Setting = {
      visibility: 'private',
      mergeRequests: 'enabled',
      repository: 'enabled',
    }
    const developer = (scopes: string[]) =>
      abilitiesOf(
        { ...ROLES.developer!, caller: { userId: 7, admin: false, scopes } },
        project(setting),
      )
    expect(developer(['read_repository'])).toMatchObject({ readCode: true, pushCode: false })
    expect(developer(['write_repository'])).toMatchObject({ readCode: true, pushCode: true })
    expect(developer(['read_user'])).toMatchObject({ readProject: true, readCode: false })
  })

  it('keeps project rules apart: Maintainers rename, Owners change visibility and remove', () => {
    const setting = SETTINGS[0]!
    expect(abilitiesOf(ROLES.maintainer!, project(setting))).toMatchObject({
      renameProject: true,
      changeVisibilityLevel: false,
      changeNamespace: false,
      removeProject: false,
    })
    expect(abilitiesOf(ROLES.owner!, project(setting))).toMatchObject({
      changeVisibilityLevel: true,
      changeNamespace: true,
      removeProject: true,
    })
  })
})

describe('the issue abilities (ProjectPolicy with the issues feature)', () => {
  const roles: Record<string, Role> = {
    ...ROLES,
    planner: {
      caller: { userId: 7, admin: false },
      grant: level(AccessLevel.ACCESS_LEVEL_PLANNER),
    },
  }
  const cases = Object.keys(roles).flatMap((role) =>
    VISIBILITIES.flatMap((visibility) => LEVELS.map((issues) => ({ role, visibility, issues }))),
  )

  it.each(cases)(
    '$role in a $visibility project, issues $issues',
    ({ role, visibility, issues }) => {
      const subject = project({ visibility, mergeRequests: 'enabled', repository: 'enabled' })
      subject.features = { ...subject.features, issues }
      const r = roles[role]!
      const admin = r.caller.admin
      const signedIn = r.caller.userId !== undefined
      const L = Number(r.grant?.level ?? AccessLevel.ACCESS_LEVEL_NO_ACCESS)
      const [GUEST, PLANNER, OWNER] = [
        AccessLevel.ACCESS_LEVEL_GUEST,
        AccessLevel.ACCESS_LEVEL_PLANNER,
        AccessLevel.ACCESS_LEVEL_OWNER,
      ].map(Number) as [number, number, number]
      const publicAccess = visibility === 'public' || (visibility === 'internal' && signedIn)
      const readProject = admin || publicAccess || L >= GUEST
      // A private feature is open to its members from Guest up (issues are not
      // among ProjectFeature's PRIVATE_FEATURES_MIN_ACCESS_LEVEL).
      const feature = issues === 'enabled' || (issues === 'private' && (admin || L >= GUEST))
      const planner = admin || L >= PLANNER
      expect(abilitiesOf(r, subject)).toMatchObject({
        readIssue: readProject && feature,
        createIssue:
          readProject && feature && (admin || L >= GUEST || (signedIn && visibility !== 'private')),
        updateIssue: readProject && feature && planner,
        adminIssue: readProject && feature && planner,
        readConfidentialIssues: readProject && planner,
        destroyIssue: readProject && feature && (admin || L >= OWNER || L === PLANNER),
      })
    },
  )

  it('stops opening, editing and deleting issues in an archived project, not reading them', () => {
    const subject = project(
      { visibility: 'private', mergeRequests: 'enabled', repository: 'enabled' },
      { archived: true },
    )
    expect(abilitiesOf(ROLES.owner!, subject)).toMatchObject({
      readIssue: true,
      readConfidentialIssues: true,
      createIssue: false,
      updateIssue: false,
      adminIssue: false,
      destroyIssue: false,
    })
  })
})

describe('list Requirements read off the table', () => {
  const everyRole = { ...ROLES, ...CUSTOM_ROLES }
  const cases = Object.keys(everyRole).flatMap((role) =>
    SETTINGS.map((setting) => ({ role, setting })),
  )

  it.each(cases)(
    '$role in $setting.visibility (merge requests $setting.mergeRequests, repository $setting.repository)',
    ({ role, setting }) => {
      const subject = project(setting)
      const holder = everyRole[role]!
      const abilities = abilitiesOf(holder, subject)
      const meets = (name: ListAbility) => {
        const scope = abilityScope(holder.caller, membershipsOf(holder), name)
        const level = Math.max(0, ...scope.groups.map((grant) => grant.level))
        return meetsRequirement(requirementFor(name, policySubject(subject)), {
          admin: scope.admin,
          signedIn: scope.signedIn,
          level,
        })
      }
      // What a list checks in SQL, the ability's Requirement alone, is the ability.
      for (const name of LIST_ABILITIES) {
        expect({ [name]: meets(name) }).toEqual({ [name]: abilities[name] })
      }
    },
  )

  it('states who reads a private project’s merge requests: Reporters and administrators', () => {
    const setting: Setting = {
      visibility: 'private',
      mergeRequests: 'enabled',
      repository: 'enabled',
    }
    const requirement = requirementFor('readMergeRequest', policySubject(project(setting)))
    expect(requirement).toEqual({
      admin: true,
      anonymous: false,
      signedIn: false,
      memberMinLevel: AccessLevel.ACCESS_LEVEL_REPORTER,
    })
  })

  it('states a disabled feature as held by nobody, administrators included', () => {
    const setting: Setting = {
      visibility: 'public',
      mergeRequests: 'disabled',
      repository: 'enabled',
    }
    expect(requirementFor('readMergeRequest', policySubject(project(setting)))).toEqual({
      admin: false,
      anonymous: false,
      signedIn: false,
      memberMinLevel: AccessLevel.ACCESS_LEVEL_NO_ACCESS,
    })
  })

  it('maps a custom read_code permission to Reporter for read_code only', () => {
    const holder = CUSTOM_ROLES['guest+read_code']!
    const worth = (name: ListAbility) =>
      abilityScope(holder.caller, membershipsOf(holder), name).groups[0]?.level
    expect(worth('readCode')).toBe(AccessLevel.ACCESS_LEVEL_REPORTER)
    expect(worth('readProject')).toBe(AccessLevel.ACCESS_LEVEL_GUEST)
    expect(worth('readMergeRequest')).toBe(AccessLevel.ACCESS_LEVEL_GUEST)
  })
})

describe('admin_cicd_variables', () => {
  const setting: Setting = {
    visibility: 'private',
    mergeRequests: 'enabled',
    repository: 'enabled',
  }

  it('is held by Maintainers, Owners and administrators', () => {
    const holders = Object.keys(ROLES).filter(
      (name) => abilitiesOf(ROLES[name]!, project(setting)).adminCicdVariables,
    )
    expect(holders).toEqual(['maintainer', 'owner', 'admin'])
  })

  it('is switched on for a Guest by the custom admin_cicd_variables permission', () => {
    const holder: Role = {
      caller: { userId: 7, admin: false },
      grant: level(AccessLevel.ACCESS_LEVEL_GUEST, [
        MemberPermission.MEMBER_PERMISSION_ADMIN_CICD_VARIABLES,
      ]),
    }
    const abilities = abilitiesOf(holder, project(setting))
    expect(abilities.adminCicdVariables).toBe(true)
    expect(abilities.adminPipeline).toBe(false)
  })
})
