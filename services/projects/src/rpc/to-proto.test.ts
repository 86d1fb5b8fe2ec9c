import { AccessLevel, FeatureAccessLevel } from '@suite/proto'
import { projectAbilities } from '../domain/project-abilities.js'
import { accessIn } from '../domain/project-grant.js'
import { withAccess } from '../domain/read-projects.js'
import type { Project } from '../domain/project.js'
import { namespaceOf, projectDraft } from '../testing/test-database.js'
import { toAbilityScopeMessage, toProjectMessage } from './to-proto.js'

const project: Project = {
  ...projectDraft(namespaceOf('group', 3, { traversalIds: [1, 3] }), 'private', {
    merge_requests: 'private',
  }),
  id: 12,
  topics: [],
  createdAt: new Date('2026-11-21T12:00:00.000Z'),
  updatedAt: new Date('2026-11-21T12:00:00.000Z'),
  lastActivityAt: new Date('2026-11-21T12:00:00.000Z'),
  version: 4,
  forksCount: 0,
}

describe('toProjectMessage', () => {
  it('carries features, access facts and, for a caller, their abilities', () => {
    const developer = {
      projects: new Map(),
      groups: new Map([[1, { level: 30, permissions: [] }]]),
    }
    const found = withAccess(project, { userId: 7, admin: false }, developer)
    const message = toProjectMessage(project, found, undefined)
    expect(message.features?.mergeRequests).toBe(FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PRIVATE)
    expect(message.features?.repository).toBe(FeatureAccessLevel.FEATURE_ACCESS_LEVEL_ENABLED)
    expect(message.abilities).toMatchObject({
      projectId: 12,
      accessLevel: AccessLevel.ACCESS_LEVEL_DEVELOPER,
      readMergeRequest: true,
      pushCode: true,
      adminProject: false,
    })
    expect(message.accessFacts).toEqual({
      projectId: 12,
      groupIds: [1, 3],
      ownerUserId: undefined,
      archived: false,
      readProject: {
        admin: true,
        anonymous: false,
        signedIn: false,
        memberMinLevel: AccessLevel.ACCESS_LEVEL_GUEST,
      },
      readCode: {
        admin: true,
        anonymous: false,
        signedIn: false,
        memberMinLevel: AccessLevel.ACCESS_LEVEL_REPORTER,
      },
      readMergeRequest: {
        admin: true,
        anonymous: false,
        signedIn: false,
        memberMinLevel: AccessLevel.ACCESS_LEVEL_REPORTER,
      },
      // Issues of a private project: its Guests and up.
      readIssue: {
        admin: true,
        anonymous: false,
        signedIn: false,
        memberMinLevel: AccessLevel.ACCESS_LEVEL_GUEST,
      },
      version: 4,
    })
    expect(message.callerAccessLevel).toBe(30)
  })

  it('answers without abilities when no caller asked (BatchGetProjects)', () => {
    const message = toProjectMessage(project, undefined, undefined)
    expect(message.abilities).toBeUndefined()
    expect(message.accessFacts?.projectId).toBe(12)
    expect(message.callerAccessLevel).toBe(0)
  })

  it('maps every ability field', () => {
    const abilities = projectAbilities(
      project,
      { userId: 1, admin: true },
      accessIn(project, 1, { projects: new Map(), groups: new Map() }),
    )
    const message = toProjectMessage(
      project,
      { access: accessIn(project, 1, { projects: new Map(), groups: new Map() }), abilities },
      undefined,
    )
    expect(Object.keys(message.abilities ?? {}).sort()).toEqual(Object.keys(abilities).sort())
  })
})

describe('toAbilityScopeMessage', () => {
  it('names each membership and what it is worth', () => {
    expect(
      toAbilityScopeMessage({
        admin: false,
        signedIn: true,
        userId: 7,
        projects: [{ sourceId: 12, level: 20 }],
        groups: [],
      }),
    ).toEqual({
      admin: false,
      signedIn: true,
      userId: 7,
      projects: [{ sourceId: 12, accessLevel: AccessLevel.ACCESS_LEVEL_REPORTER }],
      groups: [],
    })
  })
})
