import { status } from '@grpc/grpc-js'
import type { PipelineServiceClient, Project } from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import { fakeIdentity } from './fake-identity.js'
import {
  fakeMergeRequests,
  fakePipelines,
  type FakeMergeRequestsHandlers,
} from './fake-merge-requests.js'
import { fakeProjects } from './fake-projects.js'
import { groupFixture, rootFixture, tokenFixture, userFixture } from './fixtures.js'
import { grpcError } from './grpc-error.js'
import { projectAbilitiesFixture } from './abilities-fixture.js'
import { featuresFixture, projectFixture } from './project-fixture.js'
import { startGateway, type TestGateway } from './test-server.js'

export interface MergeRequestGatewayOptions extends FakeMergeRequestsHandlers {
  pipelines?: Partial<PromiseClient<PipelineServiceClient>>
  /** Scopes of the `alice` token (a Developer of project 5). */
  scopes?: string[]
  project?: Project
  /** Projects BatchGetProjects knows besides project 5. */
  otherProjects?: Project[]
}

/**
 * The gateway over fake services for merge request route tests: token
 * `root` is the admin, token `alice` a Developer of project 5 (top/sub/team-app),
 * group 4 (top/sub) is readable.
 */
export async function startMergeRequestGateway(
  options: MergeRequestGatewayOptions = {},
): Promise<TestGateway & { api: string }> {
  const project =
    options.project ??
    projectFixture({ features: featuresFixture(), abilities: projectAbilitiesFixture() })
  const known = [project, ...(options.otherProjects ?? [])]
  const users = [rootFixture(), userFixture()]
  const identity = fakeIdentity({
    tokens: {
      authenticateToken: ({ token }) => {
        const user = users.find((candidate) => candidate.username === token)
        return user
          ? Promise.resolve({
              user,
              token: tokenFixture({ userId: user.id, scopes: options.scopes ?? ['api'] }),
            })
          : Promise.reject(grpcError(status.UNAUTHENTICATED))
      },
    },
    users: {
      batchGetUsers: ({ ids }) =>
        Promise.resolve({ users: users.filter((u) => ids.includes(u.id)) }),
    },
    groups: {
      getGroup: ({ group }) =>
        group?.id === 4 || group?.fullPath === 'top/sub'
          ? Promise.resolve({ group: groupFixture({ id: 4, fullPath: 'top/sub', path: 'sub' }) })
          : Promise.reject(grpcError(status.NOT_FOUND)),
    },
  })
  const projects = fakeProjects({
    getProject: ({ project: ref }) =>
      ref?.id === project.id || ref?.fullPath === 'top/sub/team-app'
        ? Promise.resolve({ project })
        : Promise.reject(grpcError(status.NOT_FOUND)),
    batchGetProjects: ({ ids }) =>
      Promise.resolve({ projects: known.filter((candidate) => ids.includes(candidate.id)) }),
  })
  const gateway = await startGateway(identity, {
    projects,
    mergeRequests: fakeMergeRequests(options),
    pipelines: fakePipelines(options.pipelines),
  })
  return { ...gateway, api: `${gateway.url}/api/v4` }
}
