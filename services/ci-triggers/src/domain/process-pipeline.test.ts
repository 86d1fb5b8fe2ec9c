import { compositeStatus } from './composite-status.js'
import type { Job, JobStatus } from './job.js'
import { pipelineStateFor, processJobs } from './process-pipeline.js'
import type { Pipeline } from './pipeline.js'

const now = new Date('2026-11-26T10:00:00.000Z')

let nextId = 1
function job(name: string, stageIdx: number, extra: Partial<Job> = {}): Job {
  return {
    id: nextId++,
    projectId: 1,
    pipelineId: 1,
    name,
    stage: `s${stageIdx}`,
    stageIdx,
    status: 'created',
    ref: 'main',
    tag: false,
    sha: 'a'.repeat(40),
    when: 'on_success',
    allowFailure: false,
    needs: null,
    userId: 1,
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

const statuses = (jobs: Job[], changes: ReturnType<typeof processJobs>) => {
  const byId = new Map(changes.map((change) => [change.id, change.status]))
  return Object.fromEntries(jobs.map((j) => [j.name, byId.get(j.id) ?? j.status]))
}

describe('processJobs', () => {
  it('queues the first stage and keeps later stages created', () => {
    const jobs = [job('build', 0), job('lint', 0), job('test', 1), job('deploy', 2)]
    expect(statuses(jobs, processJobs(jobs, now))).toEqual({
      build: 'pending',
      lint: 'pending',
      test: 'created',
      deploy: 'created',
    })
  })

  it('makes manual jobs manual and delayed ones scheduled once their stage is reached', () => {
    const jobs = [
      job('manual', 0, { when: 'manual', allowFailure: true }),
      job('later', 0, { when: 'delayed' }),
    ]
    expect(statuses(jobs, processJobs(jobs, now))).toEqual({ manual: 'manual', later: 'scheduled' })
  })

  it('runs the next stage after success and skips on_success jobs after a failure', () => {
    const done = [
      job('a', 0, { status: 'success' }),
      job('b', 1),
      job('c', 1, { when: 'on_failure' }),
    ]
    expect(statuses(done, processJobs(done, now))).toMatchObject({ b: 'pending', c: 'skipped' })
    const failed = [
      job('a', 0, { status: 'failed' }),
      job('b', 1),
      job('c', 1, { when: 'on_failure' }),
      job('d', 1, { when: 'always' }),
    ]
    expect(statuses(failed, processJobs(failed, now))).toMatchObject({
      b: 'skipped',
      c: 'pending',
      d: 'pending',
    })
  })

  it('lets a failure that is allowed count as success', () => {
    const jobs = [job('a', 0, { status: 'failed', allowFailure: true }), job('b', 1)]
    expect(statuses(jobs, processJobs(jobs, now))).toMatchObject({ b: 'pending' })
  })

  it('starts a job with needs: [] at once and one with needs after its needs', () => {
    const jobs = [
      job('build', 0),
      job('fast', 2, { needs: [] }),
      job('after-build', 2, { needs: ['build'] }),
    ]
    expect(statuses(jobs, processJobs(jobs, now))).toMatchObject({
      fast: 'pending',
      'after-build': 'created',
    })
  })

  it('holds later stages behind a blocking manual job', () => {
    const jobs = [job('gate', 0, { status: 'manual' }), job('deploy', 1)]
    expect(processJobs(jobs, now)).toEqual([])
  })
})

describe('compositeStatus', () => {
  const of = (...list: [JobStatus, boolean?][]) =>
    compositeStatus(
      list.map(([status, allowFailure]) => ({ status, allowFailure: allowFailure ?? false })),
    )

  it('follows GitLab composite rules', () => {
    expect(of()).toBeUndefined()
    expect(of(['skipped'])).toBe('skipped')
    expect(of(['success'], ['failed', true])).toBe('success')
    expect(of(['pending'], ['created'])).toBe('pending')
    expect(of(['success'], ['pending'])).toBe('running')
    expect(of(['success'], ['created'])).toBe('running')
    expect(of(['canceled'], ['success'])).toBe('canceled')
    expect(of(['failed'], ['success'])).toBe('failed')
    expect(of(['manual'], ['success'])).toBe('manual')
    expect(of(['manual', true], ['success'])).toBe('success')
  })
})

describe('pipelineStateFor', () => {
  const pipeline = {
    createdAt: now,
    startedAt: null,
    finishedAt: null,
    status: 'created',
  } as Pipeline

  it('is pending without start or finish while its jobs wait for a runner', () => {
    expect(pipelineStateFor(pipeline, [job('a', 0, { status: 'pending' })], now)).toEqual({
      status: 'pending',
      startedAt: null,
      finishedAt: null,
      duration: null,
      queuedDuration: null,
    })
  })

  it('finishes when canceled, and records a start and duration once it ran', () => {
    const later = new Date(now.getTime() + 30_000)
    expect(pipelineStateFor(pipeline, [job('a', 0, { status: 'canceled' })], later)).toMatchObject({
      status: 'canceled',
      finishedAt: later,
      duration: null,
    })
    const started = {
      ...pipeline,
      startedAt: new Date(now.getTime() + 10_000),
      status: 'running',
    } as Pipeline
    expect(pipelineStateFor(started, [job('a', 0, { status: 'success' })], later)).toMatchObject({
      status: 'success',
      finishedAt: later,
      duration: 20,
      queuedDuration: 10,
    })
  })
})
