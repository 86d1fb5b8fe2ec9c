import { status } from '@grpc/grpc-js'
import type {
  GroupAbilities,
  PipelineServiceClient,
  Project,
  ProjectAbilities,
  RepositoryServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import { groupAbilitiesFixture, projectAbilitiesFixture } from './abilities-fixture.js'
import { fakeAlerting, type FakeAlertingHandlers } from './fake-alerting.js'
import { fakeEvents } from './fake-events.js'
import { fakeIdentity, type FakeIdentityHandlers } from './fake-identity.js'
import {
  fakeMergeRequests,
  fakePipelines,
  type FakeMergeRequestsHandlers,
} from './fake-merge-requests.js'
import { fakeProjects } from './fake-projects.js'
import { fakeRepository } from './fake-repository.js'
import { groupFixture, tokenFixture, userFixture } from './fixtures.js'
import { grpcError } from './grpc-error.js'
import { pipelineFixture } from './merge-request-fixture.js'
import { featuresFixture, projectFixture } from './project-fixture.js'
import { startGateway, type TestGateway } from './test-server.js'

/** The token of `alice` (user 2), the one caller who signs in. */
export const ALICE = { 'PRIVATE-TOKEN': 'alice' }

export interface AbilitySetup extends FakeMergeRequestsHandlers {
  /** The caller's abilities in project 5, as the fake projects service answers them. */
  project?: Partial<ProjectAbilities>
  /** The caller's abilities in group 10, as the fake identity service answers them. */
  group?: Partial<GroupAbilities>
  /** Project 5 is a project the caller may not read: GetProject answers NOT_FOUND. */
  unreadable?: boolean
  identity?: Omit<FakeIdentityHandlers, 'tokens' | 'groups'>
  projects?: Parameters<typeof fakeProjects>[0]
  repository?: Partial<PromiseClient<RepositoryServiceClient>>
  pipelines?: Partial<PromiseClient<PipelineServiceClient>>
  events?: Parameters<typeof fakeEvents>[0]
  alerting?: FakeAlertingHandlers
}

/**
 * The gateway over fakes whose answers carry the abilities a test gives:
 * project 5 (every feature enabled, a Developer's abilities unless
 * overridden) and group 10 (an Owner's abilities unless overridden).
 */
export async function startAbilityGateway(
  setup: AbilitySetup = {},
): Promise<TestGateway & { api: string }> {
  const project: Project = projectFixture({
    features: featuresFixture(),
    abilities: projectAbilitiesFixture(setup.project),
  })
  const identity = fakeIdentity({
    users: { batchGetUsers: () => Promise.resolve({ users: [userFixture()] }) },
    ...setup.identity,
    tokens: {
      authenticateToken: ({ token }) =>
        token === 'alice'
          ? Promise.resolve({ user: userFixture(), token: tokenFixture() })
          : Promise.reject(grpcError(status.UNAUTHENTICATED)),
    },
    groups: {
      getGroup: () =>
        Promise.resolve({ group: groupFixture({ abilities: groupAbilitiesFixture(setup.group) }) }),
    },
  })
  const projects = fakeProjects({
    getProject: () =>
      setup.unreadable ? Promise.reject(grpcError(status.NOT_FOUND)) : Promise.resolve({ project }),
    ...setup.projects,
  })
  const started = await startGateway(identity, {
    projects,
    mergeRequests: fakeMergeRequests(setup),
    pipelines: fakePipelines({
      batchGetPipelines: () => Promise.resolve({ pipelines: [pipelineFixture()] }),
      getPipeline: () => Promise.resolve({ pipeline: pipelineFixture() }),
      ...setup.pipelines,
    }),
    repository: fakeRepository(setup.repository),
    events: fakeEvents(setup.events),
    alerting: fakeAlerting(setup.alerting),
  })
  return { ...started, api: `${started.url}/api/v4` }
}

/** A JSON request by `alice`. */
export function sendAsAlice(method: string, body: Record<string, unknown> = {}): RequestInit {
  return {
    method,
    headers: { ...ALICE, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }
}

/** GitLab's 403 for an ability the caller lacks. */
export async function expectForbidden(res: Response): Promise<void> {
  expect(res.status).toBe(403)
  expect(await res.json()).toEqual({ message: '403 Forbidden' })
}
