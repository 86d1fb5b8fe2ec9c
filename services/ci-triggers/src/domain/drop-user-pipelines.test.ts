import { dropChanges, dropUserPipelines, USER_BLOCKED_REASON } from './drop-user-pipelines.js'
import type { Job, JobStatus } from './job.js'
import type { Pipeline } from './pipeline.js'
import type { JobChange, LockedPipeline, PipelineState } from './ports.js'

const now = new Date('2026-11-29T09:00:00.000Z')

let nextId = 1
function job(status: JobStatus, stageIdx = 0, extra: Partial<Job> = {}): Job {
  return {
    id: nextId++,
    projectId: 1,
    pipelineId: 1,
    name: `job${nextId}`,
    stage: `s${stageIdx}`,
    stageIdx,
    status,
    ref: 'main',
    tag: false,
    sha: 'a'.repeat(40),
    when: 'on_success',
    allowFailure: false,
    needs: null,
    userId: 5,
    createdAt: now,
    updatedAt: now,
    queuedAt: null,
    startedAt: null,
    finishedAt: null,
    erasedAt: null,
    coverage: null,
    failureReason: null,
    tagList: [],
    retried: false,
    runnerId: null,
    options: {},
    yamlVariables: {},
    timeout: null,
    exitCode: null,
    ...extra,
  }
}

describe('dropChanges', () => {
  it('fails every cancelable job with user_blocked and leaves finished and manual ones', () => {
    const jobs = [
      job('running'),
      job('pending'),
      job('created', 1),
      job('scheduled', 1),
      job('success'),
      job('failed'),
      job('canceled'),
      job('skipped'),
      job('manual', 1),
    ]
    const changes = dropChanges(jobs, now)
    expect(changes.map((change) => change.id)).toEqual(jobs.slice(0, 4).map((one) => one.id))
    for (const change of changes) {
      expect(change).toEqual({
        id: change.id,
        status: 'failed',
        queuedAt: null,
        finishedAt: now,
        failureReason: USER_BLOCKED_REASON,
      })
    }
  })
})

/** Pipelines (id -> jobs) of user 5 in a store that applies changes and stores states. */
function fakeStore(pipelines: Map<number, Job[]>) {
  const states = new Map<number, PipelineState>()
  const asked: [number, number][] = []
  const store = {
    cancelableOfUser: (userId: number, afterId: number, limit: number) => {
      asked.push([afterId, limit])
      const ids = [...pipelines.keys()]
        .filter((id) => id > afterId && userId === 5)
        .filter((id) =>
          (pipelines.get(id) ?? []).some((one) => !['failed', 'success'].includes(one.status)),
        )
        .sort((a, b) => a - b)
        .slice(0, limit)
      return Promise.resolve(ids.map((id) => ({ projectId: 1, id })))
    },
    withLocked: async <T>(
      _projectId: number,
      id: number,
      work: (l: LockedPipeline) => Promise<T>,
    ) => {
      const jobs = pipelines.get(id)
      if (!jobs) return undefined
      const pipeline = {
        id,
        status: 'running',
        startedAt: now,
        createdAt: now,
        finishedAt: null,
      } as Pipeline
      const locked: LockedPipeline = {
        pipeline,
        jobs,
        updateJobs: (changes: readonly JobChange[]) => {
          const byId = new Map(changes.map((change) => [change.id, change]))
          pipelines.set(
            id,
            (pipelines.get(id) ?? []).map((one) => {
              const change = byId.get(one.id)
              return change ? { ...one, status: change.status } : one
            }),
          )
          return Promise.resolve()
        },
        retryJobs: () => Promise.resolve([]),
        updatePipeline: (state: PipelineState) => {
          states.set(id, state)
          return Promise.resolve({ ...pipeline, ...state })
        },
      }
      return work(locked)
    },
  }
  return { store, states, asked }
}

describe('dropUserPipelines', () => {
  it('drops the jobs of every cancelable pipeline in batches; the pipelines fail', async () => {
    const pipelines = new Map<number, Job[]>([
      [10, [job('running'), job('created', 1)]],
      [11, [job('pending')]],
      [12, [job('success')]],
      [13, [job('success'), job('running', 1), job('created', 2, { when: 'always' })]],
    ])
    const { store, states, asked } = fakeStore(pipelines)
    expect(await dropUserPipelines(store, 5, () => now, 2)).toBe(5)
    expect(asked).toEqual([
      [0, 2],
      [11, 2],
    ])
    for (const id of [10, 11, 13]) {
      expect(pipelines.get(id)?.map((one) => one.status)).not.toContain('running')
      expect(states.get(id)?.status).toBe('failed')
    }
    // An always job is dropped too: nothing is left to run after the block.
    expect(pipelines.get(13)?.map((one) => one.status)).toEqual(['success', 'failed', 'failed'])
    expect(states.has(12)).toBe(false)
    // Again: nothing left to drop.
    expect(await dropUserPipelines(store, 5, () => now, 2)).toBe(0)
  })
})
