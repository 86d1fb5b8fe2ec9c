import type { ListDiffsRequest, TimeStats } from '@suite/proto'
import {
  mergeRequestFixture,
  milestoneFixture,
  pipelineFixture,
} from '../testing/merge-request-fixture.js'
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
const stats: TimeStats = {
  timeEstimate: 5400,
  totalTimeSpent: 0,
  humanTimeEstimate: '1h 30m',
  humanTotalTimeSpent: undefined,
}

async function start(options: MergeRequestGatewayOptions = {}) {
  const started = await startMergeRequestGateway(options)
  gateway = started
  return started.api
}

function post(body: Record<string, unknown> = {}) {
  return {
    method: 'POST',
    headers: { ...alice, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }
}

describe('diffs', () => {
  it('answers raw_diffs as plain text', async () => {
    const api = await start({
      diffs: { getRawDiffs: () => Promise.resolve({ patch: Buffer.from('diff --git a/x b/x\n') }) },
    })
    const res = await fetch(`${api}${MR}/raw_diffs`, { headers: alice })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain')
    expect(await res.text()).toBe('diff --git a/x b/x\n')
  })

  it('pages diffs (20 by default) and lists versions', async () => {
    const requests: ListDiffsRequest[] = []
    const api = await start({
      diffs: {
        listDiffs: (request) => {
          requests.push(request)
          return Promise.resolve({ diffs: [], pageInfo: { total: 0 } })
        },
        listVersions: () =>
          Promise.resolve({
            versions: [
              {
                id: 1,
                headCommitSha: 'h',
                baseCommitSha: 'b',
                startCommitSha: 's',
                createdAt: new Date('2026-11-21T12:00:00.000Z'),
                mergeRequestId: 101,
                state: 'collected',
                realSize: '1',
                patchIdSha: 'p',
                commits: [],
                diffs: [],
              },
            ],
          }),
      },
    })
    expect((await fetch(`${api}${MR}/diffs?unidiff=true`, { headers: alice })).status).toBe(200)
    expect(requests[0]).toMatchObject({ page: { page: 1, perPage: 20 }, unidiff: true })
    const versions = await fetch(`${api}${MR}/versions`, { headers: alice })
    expect(versions.headers.get('x-total')).toBe('1')
    expect(await versions.json()).toEqual([expect.not.objectContaining({ commits: [] })])
  })
})

describe('pipelines', () => {
  it('lists PipelineBasic and creates a pipeline with 200 (status :ok)', async () => {
    const api = await start({
      diffs: {
        listMergeRequestPipelines: () =>
          Promise.resolve({ pipelineIds: [61, 60], pageInfo: { total: 2 } }),
        createMergeRequestPipeline: () => Promise.resolve({ pipelineId: 62 }),
      },
      pipelines: {
        // The created one (62) is still `created`.
        batchGetPipelines: ({ ids }) =>
          Promise.resolve({
            pipelines: ids.map((id) =>
              pipelineFixture(id === 62 ? { id, status: 'created' } : { id }),
            ),
          }),
      },
    })
    const list = await fetch(`${api}${MR}/pipelines`, { headers: alice })
    expect(((await list.json()) as { id: number }[]).map((pipeline) => pipeline.id)).toEqual([
      61, 60,
    ])
    const created = await fetch(`${api}${MR}/pipelines`, post())
    expect(created.status).toBe(200)
    expect(await created.json()).toMatchObject({
      id: 62,
      status: 'created',
      user: { username: 'alice' },
      detailed_status: { icon: 'status_created', text: 'Created', group: 'created' },
    })
  })
})

describe('time tracking', () => {
  it('answers 200 for the estimate and resets, 201 for spent time', async () => {
    const answer = () => Promise.resolve({ timeStats: stats })
    const api = await start({
      collaboration: {
        setTimeEstimate: answer,
        resetTimeEstimate: answer,
        addSpentTime: answer,
        resetSpentTime: answer,
        getTimeStats: answer,
      },
    })
    const estimate = await fetch(`${api}${MR}/time_estimate`, post({ duration: '1h30m' }))
    expect(estimate.status).toBe(200)
    expect(estimate.headers.get('content-type')).toBe('application/json')
    expect(await estimate.json()).toEqual({
      time_estimate: 5400,
      total_time_spent: 0,
      human_time_estimate: '1h 30m',
      human_total_time_spent: null,
    })
    expect((await fetch(`${api}${MR}/reset_time_estimate`, post())).status).toBe(200)
    expect((await fetch(`${api}${MR}/reset_spent_time`, post())).status).toBe(200)
    expect((await fetch(`${api}${MR}/add_spent_time`, post({ duration: '1h' }))).status).toBe(201)
    expect((await fetch(`${api}${MR}/time_stats`, { headers: alice })).status).toBe(200)
    const missing = await fetch(`${api}${MR}/add_spent_time`, post())
    expect(await missing.json()).toEqual({ error: 'duration is missing' })
  })
})

describe('approvals, blocks, award emoji and milestones', () => {
  it('approves with 201', async () => {
    const approvals = {
      mergeRequest: undefined,
      approvedBy: [{ userId: 2, approvedAt: undefined }],
      userHasApproved: true,
      userCanApprove: false,
    }
    const api = await start({ collaboration: { approve: () => Promise.resolve({ approvals }) } })
    const res = await fetch(`${api}${MR}/approve`, post())
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ approved: true, approved_by: [{ user: { id: 2 } }] })
  })

  it('creates a block with 201 and deletes one with 204', async () => {
    const block = {
      id: 1,
      blockingMergeRequest: mergeRequestFixture({ id: 200, iid: 7 }),
      blockedMergeRequest: mergeRequestFixture(),
      projectId: 5,
    }
    const api = await start({
      collaboration: {
        createBlock: () => Promise.resolve({ block }),
        deleteBlock: () => Promise.resolve({}),
      },
    })
    const created = await fetch(`${api}${MR}/blocks`, post({ blocking_merge_request_id: 200 }))
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ id: 1, blocking_merge_request: { iid: 7 } })
    const deleted = await fetch(`${api}${MR}/blocks/1`, { method: 'DELETE', headers: alice })
    expect(deleted.status).toBe(204)
  })

  it('awards an emoji with 201', async () => {
    const award = {
      id: 8,
      name: 'thumbsup',
      userId: 2,
      createdAt: undefined,
      updatedAt: undefined,
      awardableId: 101,
      awardableType: 'MergeRequest',
    }
    const api = await start({
      collaboration: { createAwardEmoji: () => Promise.resolve({ awardEmoji: award }) },
    })
    const res = await fetch(`${api}${MR}/award_emoji`, post({ name: 'thumbsup' }))
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ id: 8, user: { id: 2 }, url: null })
  })

  it('lists project milestones with their web_url', async () => {
    const api = await start({
      mergeRequests: {
        listMilestones: () =>
          Promise.resolve({ milestones: [milestoneFixture()], pageInfo: { total: 1 } }),
      },
    })
    const res = await fetch(`${api}/projects/5/milestones?state=active`, { headers: alice })
    expect(await res.json()).toEqual([
      expect.objectContaining({
        iid: 1,
        web_url: 'https://gitlab.example.com/top/sub/team-app/-/milestones/1',
      }),
    ])
  })
})
