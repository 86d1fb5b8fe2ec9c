import { status } from '@grpc/grpc-js'
import type {
  CreateMergeRequestRequest,
  MergeMergeRequestRequest,
  UpdateMergeRequestRequest,
} from '@suite/proto'
import { grpcError } from '../testing/grpc-error.js'
import { mergeRequestFixture, pipelineFixture } from '../testing/merge-request-fixture.js'
import {
  startMergeRequestGateway,
  type MergeRequestGatewayOptions,
} from '../testing/merge-request-gateway.js'
import type { TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const alice = { 'PRIVATE-TOKEN': 'alice' }
const MR = '/projects/5/merge_requests/3'

async function start(options: MergeRequestGatewayOptions = {}) {
  const started = await startMergeRequestGateway(options)
  gateway = started
  return started.api
}

function send(method: string, body: Record<string, unknown> = {}, token = alice) {
  return {
    method,
    headers: { ...token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }
}

describe('GET /projects/:id/merge_requests/:merge_request_iid', () => {
  it('answers the MergeRequest entity with its head pipeline', async () => {
    const api = await start({
      mergeRequests: {
        getMergeRequest: ({ iid }) =>
          iid === 3
            ? Promise.resolve({ mergeRequest: mergeRequestFixture({ headPipelineId: 61 }) })
            : Promise.reject(grpcError(status.NOT_FOUND, { resource: 'Merge Request' })),
      },
      pipelines: { batchGetPipelines: () => Promise.resolve({ pipelines: [pipelineFixture()] }) },
    })
    const res = await fetch(`${api}${MR}?include_diverged_commits_count=true`, { headers: alice })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      iid: 3,
      subscribed: true,
      diverged_commits_count: 4,
      head_pipeline: { id: 61, user: { username: 'alice' }, detailed_status: { text: 'Passed' } },
      user: { can_merge: false },
    })
    const missing = await fetch(`${api}/projects/5/merge_requests/9`, { headers: alice })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: '404 Merge Request Not Found' })
  })
})

describe('writes', () => {
  it('creates with 201 and GitLab attributes', async () => {
    const requests: CreateMergeRequestRequest[] = []
    const api = await start({
      mergeRequests: {
        createMergeRequest: (request) => {
          requests.push(request)
          return Promise.resolve({ mergeRequest: mergeRequestFixture() })
        },
      },
    })
    const res = await fetch(
      `${api}/projects/5/merge_requests`,
      send('POST', {
        title: 'Add feature',
        source_branch: 'feature',
        target_branch: 'main',
        assignee_ids: [2],
        reviewer_ids: [1],
        labels: 'bug,ux',
        milestone_id: 21,
        remove_source_branch: true,
        squash: 'True',
        allow_maintainer_to_push: true,
      }),
    )
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ iid: 3, web_url: expect.any(String) })
    expect(requests[0]).toMatchObject({
      projectId: 5,
      title: 'Add feature',
      sourceBranch: 'feature',
      targetBranch: 'main',
      // The caller carries the abilities the projects service answered with project 5.
      caller: { userId: 2, project: { projectId: 5, createMergeRequestFrom: true } },
      attributes: {
        setAssignees: true,
        assigneeIds: [2],
        reviewerIds: [1],
        labels: ['bug', 'ux'],
        milestoneId: 21,
        removeSourceBranch: true,
        squash: true,
        allowCollaboration: true,
      },
    })
    const missing = await fetch(`${api}/projects/5/merge_requests`, send('POST', { title: 'x' }))
    expect(await missing.json()).toEqual({
      error: 'source_branch is missing, target_branch is missing',
    })
  })

  it('updates, closing with state_event, and needs at least one attribute', async () => {
    const requests: UpdateMergeRequestRequest[] = []
    const api = await start({
      mergeRequests: {
        updateMergeRequest: (request) => {
          requests.push(request)
          return Promise.resolve({ mergeRequest: mergeRequestFixture({ state: 'closed' }) })
        },
      },
    })
    const res = await fetch(`${api}${MR}`, send('PUT', { state_event: 'close' }))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ state: 'closed' })
    expect(requests[0]?.attributes).toMatchObject({ stateEvent: 'close', setAssignees: false })
    const empty = await fetch(`${api}${MR}`, send('PUT'))
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { error: string }).error).toMatch(
      /are missing, at least one parameter must be provided$/,
    )
  })

  it('needs a token and the api scope for writes', async () => {
    const api = await start({ scopes: ['read_api'] })
    expect((await fetch(`${api}${MR}`, { method: 'DELETE' })).status).toBe(401)
    const res = await fetch(`${api}${MR}`, { method: 'DELETE', headers: alice })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ error: 'insufficient_scope' })
  })

  it('deletes with 204', async () => {
    const api = await start({ mergeRequests: { deleteMergeRequest: () => Promise.resolve({}) } })
    const res = await fetch(`${api}${MR}`, { method: 'DELETE', headers: alice })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
  })

  it('merges, and maps the sha and mergeability failures', async () => {
    const requests: MergeMergeRequestRequest[] = []
    const api = await start({
      mergeRequests: {
        mergeMergeRequest: (request) => {
          requests.push(request)
          if (request.sha === 'old') {
            return Promise.reject(
              grpcError(status.FAILED_PRECONDITION, {
                reason: 'sha_mismatch',
                message: 'SHA does not match HEAD of source branch: abc123',
              }),
            )
          }
          if (request.squash) {
            return Promise.reject(
              grpcError(status.FAILED_PRECONDITION, { reason: 'not_mergeable' }),
            )
          }
          return Promise.resolve({
            mergeRequest: mergeRequestFixture({ state: 'merged', mergeUserId: 2 }),
          })
        },
      },
    })
    const merged = await fetch(
      `${api}${MR}/merge`,
      send('PUT', { merge_when_pipeline_succeeds: true, should_remove_source_branch: true }),
    )
    expect(merged.status).toBe(200)
    expect(await merged.json()).toMatchObject({ state: 'merged', merged_by: { id: 2 } })
    expect(requests[0]).toMatchObject({
      autoMerge: true,
      shouldRemoveSourceBranch: true,
      committerName: 'Alice Liddell',
      committerEmail: 'alice@example.com',
    })
    const stale = await fetch(`${api}${MR}/merge`, send('PUT', { sha: 'old' }))
    expect(stale.status).toBe(409)
    expect(await stale.json()).toEqual({
      message: 'SHA does not match HEAD of source branch: abc123',
    })
    const blocked = await fetch(`${api}${MR}/merge`, send('PUT', { squash: true }))
    expect(blocked.status).toBe(405)
    expect(await blocked.json()).toEqual({ message: '405 Method Not Allowed' })
  })
})

describe('subscriptions and to-dos', () => {
  it('subscribes with 201 and answers 304 without a body when nothing changes', async () => {
    let subscribed = false
    const api = await start({
      collaboration: {
        subscribe: () => {
          if (subscribed) {
            return Promise.reject(grpcError(status.FAILED_PRECONDITION, { reason: 'not_modified' }))
          }
          subscribed = true
          return Promise.resolve({
            mergeRequest: mergeRequestFixture({ subscribed: true }),
            issue: undefined,
          })
        },
      },
    })
    const first = await fetch(`${api}${MR}/subscribe`, send('POST'))
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({ subscribed: true })
    const again = await fetch(`${api}${MR}/subscribe`, send('POST'))
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('creates a to-do with 201', async () => {
    const api = await start({
      collaboration: {
        createTodo: () =>
          Promise.resolve({
            todo: {
              id: 4,
              projectId: 5,
              authorId: 2,
              userId: 2,
              actionName: 'marked',
              targetType: 'MergeRequest',
              target: mergeRequestFixture(),
              body: 'Add feature',
              state: 'pending',
              createdAt: new Date('2026-11-21T12:00:00.000Z'),
            },
          }),
      },
    })
    const res = await fetch(`${api}${MR}/todo`, send('POST'))
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      id: 4,
      project: { path_with_namespace: 'top/sub/team-app' },
      target: { iid: 3 },
    })
  })
})
