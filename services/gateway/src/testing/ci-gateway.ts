import { status } from '@grpc/grpc-js'
import type {
  GroupAbilities,
  JobTokenServiceClient,
  ProjectAbilities,
  Runner,
  RunnerServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import { groupAbilitiesFixture, projectAbilitiesFixture } from './abilities-fixture.js'
import { fakeIdentity } from './fake-identity.js'
import { fakePipelines } from './fake-merge-requests.js'
import { fakeProjects } from './fake-projects.js'
import { groupFixture, tokenFixture, userFixture } from './fixtures.js'
import { grpcError } from './grpc-error.js'
import { featuresFixture, projectFixture } from './project-fixture.js'
import { startGateway, type TestGateway } from './test-server.js'

export interface CiSetup {
  runners?: Partial<PromiseClient<RunnerServiceClient>>
  jobTokens?: Partial<PromiseClient<JobTokenServiceClient>>
  /** The caller's abilities in project 5 (a Developer's unless overridden). */
  project?: Partial<ProjectAbilities>
  /** Project 5 is one the caller may not read. */
  unreadable?: boolean
  /** The caller's abilities in group 10 (an Owner's unless overridden). */
  group?: Partial<GroupAbilities>
  projects?: Parameters<typeof fakeProjects>[0]
  /** The scopes of alice's token; api unless said. */
  scopes?: string[]
  /** alice is an admin. */
  admin?: boolean
}

/**
 * The gateway over fakes of ci-triggers' runner and job token services,
 * with project 5 and group 10 answered with the abilities a test gives,
 * for the `alice` token (user 2).
 */
export async function startCiGateway(setup: CiSetup = {}): Promise<TestGateway & { api: string }> {
  const user = userFixture({ admin: setup.admin ?? false })
  const identity = fakeIdentity({
    users: { batchGetUsers: () => Promise.resolve({ users: [userFixture()] }) },
    tokens: {
      authenticateToken: ({ token }) =>
        token === 'alice'
          ? Promise.resolve({ user, token: tokenFixture({ scopes: setup.scopes ?? ['api'] }) })
          : Promise.reject(grpcError(status.UNAUTHENTICATED)),
    },
    groups: {
      getGroup: () =>
        Promise.resolve({ group: groupFixture({ abilities: groupAbilitiesFixture(setup.group) }) }),
    },
  })
  const project = projectFixture({
    features: featuresFixture(),
    abilities: projectAbilitiesFixture(setup.project),
  })
  const projects = fakeProjects({
    getProject: () =>
      setup.unreadable ? Promise.reject(grpcError(status.NOT_FOUND)) : Promise.resolve({ project }),
    ...setup.projects,
  })
  const started = await startGateway(identity, {
    projects,
    pipelines: fakePipelines({}, {}, { runners: setup.runners, jobTokens: setup.jobTokens }),
  })
  return { ...started, api: `${started.url}/api/v4` }
}

/** A runner as ci-triggers answers it. */
export function runnerFixture(overrides: Partial<Runner> = {}): Runner {
  return {
    id: 7,
    description: 'shell runner',
    runnerType: 'project_type',
    paused: false,
    locked: true,
    runUntagged: true,
    tagList: ['docker', 'linux'],
    maximumTimeout: undefined,
    accessLevel: 'not_protected',
    contactedAt: new Date('2026-11-21T11:00:00.000Z'),
    createdAt: new Date('2026-11-21T10:00:00.000Z'),
    version: '17.5.0',
    revision: 'abc12345',
    platform: 'linux',
    architecture: 'amd64',
    ipAddress: '10.0.0.9',
    projectIds: [5],
    groupId: undefined,
    creatorId: 2,
    maintenanceNote: 'rack 4',
    status: 'online',
    online: true,
    name: 'gitlab-runner',
    executor: 'shell',
    tokenExpiresAt: undefined,
    ...overrides,
  }
}
