import { decodeHookEvent } from '@suite/runtime'
import type { Job } from './job.js'
import type { Pipeline } from './pipeline.js'
import {
  detailedStatusLabel,
  hookTime,
  pipelineHookEvent,
  pipelineHookPayload,
  type PipelineHookFacts,
} from './pipeline-hook.js'
import { commitVariables } from './predefined-variables.js'

const SHA = 'a'.repeat(40)
const created = new Date('2026-11-28T12:00:00.000Z')
const at = (seconds: number) => new Date(created.getTime() + seconds * 1000)

function pipeline(values: Partial<Pipeline> = {}): Pipeline {
  return {
    id: 31,
    iid: 4,
    projectId: 3,
    sha: SHA,
    ref: 'main',
    status: 'failed',
    source: 'push',
    userId: 5,
    createdAt: created,
    updatedAt: at(60),
    startedAt: at(2),
    finishedAt: at(60),
    committedAt: null,
    duration: 58,
    queuedDuration: 2,
    coverage: null,
    beforeSha: '0'.repeat(40),
    tag: false,
    yamlErrors: null,
    mergeRequestId: null,
    name: null,
    upstream: null,
    ...values,
  }
}

function job(values: Partial<Job>): Job {
  return {
    id: 100,
    projectId: 3,
    pipelineId: 31,
    name: 'build',
    stage: 'build',
    stageIdx: 0,
    status: 'success',
    ref: 'main',
    tag: false,
    sha: SHA,
    when: 'on_success',
    allowFailure: false,
    needs: null,
    userId: 5,
    createdAt: created,
    updatedAt: at(30),
    queuedAt: at(1),
    startedAt: at(3),
    finishedAt: at(30),
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
    ...values,
  }
}

const predefined = {
  CI_PROJECT_URL: 'https://gitlab.example.com/group/project',
  CI_PROJECT_PATH: 'group/project',
  ...commitVariables(
    {
      message: 'Fix the build\n\nIt was broken.\n',
      title: 'Fix the build',
      authorName: 'Ada Lovelace',
      authorEmail: 'ada@example.com',
    },
    new Date('2026-11-27T10:20:30.000Z'),
  ),
}

function facts(values: Partial<PipelineHookFacts> = {}): PipelineHookFacts {
  return {
    pipeline: pipeline(),
    builds: [
      job({ id: 102, name: 'test', stage: 'test', stageIdx: 1, status: 'failed', runnerId: 9 }),
      job({ id: 101, failureReason: 'stale' }),
    ],
    stages: ['build', 'test'],
    hasWarnings: false,
    variables: [{ key: 'DEPLOY', value: 'yes' }],
    predefinedVariables: predefined,
    runners: new Map([
      [
        9,
        { id: 9, description: 'shared', runnerType: 'instance_type', paused: false, tags: ['x'] },
      ],
    ]),
    upstreamProject: null,
    now: at(120),
    ...values,
  }
}

describe('hookTime', () => {
  it('writes UTC times as GitLab async payloads show them', () => {
    expect(hookTime(new Date('2016-08-12T15:23:28.456Z'))).toBe('2016-08-12 15:23:28 UTC')
    expect(hookTime(null)).toBeNull()
  })
})

describe('detailedStatusLabel', () => {
  it('names statuses as the pipeline status factory labels them', () => {
    expect(detailedStatusLabel('success', false)).toBe('passed')
    expect(detailedStatusLabel('success', true)).toBe('passed with warnings')
    expect(detailedStatusLabel('manual', false)).toBe('waiting for manual action')
    expect(detailedStatusLabel('scheduled', false)).toBe('waiting for delayed job')
    expect(detailedStatusLabel('waiting_for_resource', false)).toBe('waiting for resource')
    expect(detailedStatusLabel('failed', false)).toBe('failed')
    expect(detailedStatusLabel('pending', false)).toBe('pending')
  })
})

describe('pipelineHookPayload', () => {
  it('builds GitLab pipeline payload with its keys in order', () => {
    const payload = pipelineHookPayload(facts())
    expect(Object.keys(payload)).toEqual([
      'object_kind',
      'object_attributes',
      'merge_request',
      'user',
      'project',
      'commit',
      'builds',
    ])
    expect(payload).toEqual({
      object_kind: 'pipeline',
      object_attributes: {
        id: 31,
        iid: 4,
        name: null,
        ref: 'main',
        tag: false,
        sha: SHA,
        before_sha: '0'.repeat(40),
        source: 'push',
        status: 'failed',
        detailed_status: 'failed',
        stages: ['build', 'test'],
        created_at: '2026-11-28 12:00:00 UTC',
        finished_at: '2026-11-28 12:01:00 UTC',
        duration: 58,
        queued_duration: 2,
        variables: [{ key: 'DEPLOY', value: 'yes' }],
        url: 'https://gitlab.example.com/group/project/-/pipelines/31',
      },
      merge_request: null,
      user: null,
      project: null,
      commit: {
        id: SHA,
        message: 'Fix the build\n\nIt was broken.\n',
        title: 'Fix the build',
        timestamp: '2026-11-27T10:20:30Z',
        url: `https://gitlab.example.com/group/project/-/commit/${SHA}`,
        author: { name: 'Ada Lovelace', email: 'ada@example.com' },
      },
      builds: [
        {
          id: 101,
          stage: 'build',
          name: 'build',
          status: 'success',
          created_at: '2026-11-28 12:00:00 UTC',
          started_at: '2026-11-28 12:00:03 UTC',
          finished_at: '2026-11-28 12:00:30 UTC',
          duration: 27,
          queued_duration: 2,
          // Only a failed job tells why.
          failure_reason: null,
          when: 'on_success',
          manual: false,
          allow_failure: false,
          user: null,
          runner: null,
          artifacts_file: { filename: null, size: null },
          environment: null,
        },
        {
          id: 102,
          stage: 'test',
          name: 'test',
          status: 'failed',
          created_at: '2026-11-28 12:00:00 UTC',
          started_at: '2026-11-28 12:00:03 UTC',
          finished_at: '2026-11-28 12:00:30 UTC',
          duration: 27,
          queued_duration: 2,
          failure_reason: null,
          when: 'on_success',
          manual: false,
          allow_failure: false,
          user: null,
          runner: {
            id: 9,
            description: 'shared',
            runner_type: 'instance_type',
            active: true,
            is_shared: true,
            tags: ['x'],
          },
          artifacts_file: { filename: null, size: null },
          environment: null,
        },
      ],
    })
    const attributes = payload['object_attributes'] as Record<string, unknown>
    expect(Object.keys(attributes)).toEqual([
      'id',
      'iid',
      'name',
      'ref',
      'tag',
      'sha',
      'before_sha',
      'source',
      'status',
      'detailed_status',
      'stages',
      'created_at',
      'finished_at',
      'duration',
      'queued_duration',
      'variables',
      'url',
    ])
    const [build] = payload['builds'] as Record<string, unknown>[]
    expect(Object.keys(build ?? {})).toEqual([
      'id',
      'stage',
      'name',
      'status',
      'created_at',
      'started_at',
      'finished_at',
      'duration',
      'queued_duration',
      'failure_reason',
      'when',
      'manual',
      'allow_failure',
      'user',
      'runner',
      'artifacts_file',
      'environment',
    ])
    expect(Object.keys(payload['commit'] as object)).toEqual([
      'id',
      'message',
      'title',
      'timestamp',
      'url',
      'author',
    ])
  })

  it('gives a failed job its reason and counts running jobs to now', () => {
    const payload = pipelineHookPayload(
      facts({
        pipeline: pipeline({ status: 'running', finishedAt: null, duration: null }),
        builds: [
          job({ id: 1, status: 'failed', failureReason: 'script_failure' }),
          job({ id: 2, status: 'running', finishedAt: null }),
          job({ id: 3, status: 'manual', when: 'manual', queuedAt: null, startedAt: null }),
        ],
      }),
    )
    expect(payload['builds']).toMatchObject([
      { id: 1, failure_reason: 'script_failure' },
      { id: 2, duration: 117, finished_at: null },
      { id: 3, manual: true, duration: null, queued_duration: null, started_at: null },
    ])
  })

  it('shows a merge request pipeline under its source branch', () => {
    const payload = pipelineHookPayload(
      facts({
        pipeline: pipeline({ ref: 'refs/merge-requests/2/head', mergeRequestId: 80 }),
        predefinedVariables: { ...predefined, CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature' },
      }),
    )
    expect(payload['object_attributes']).toMatchObject({ ref: 'feature' })
  })

  it('leaves url and commit null when the pipeline kept neither its project nor its commit', () => {
    const payload = pipelineHookPayload(facts({ predefinedVariables: {} }))
    expect(payload['object_attributes']).toMatchObject({ url: null })
    expect(payload['commit']).toBeNull()
  })

  it('adds source_pipeline last for a pipeline a job token triggered', () => {
    const payload = pipelineHookPayload(
      facts({
        pipeline: pipeline({
          source: 'pipeline',
          upstream: { jobId: 7, pipelineId: 6, projectId: 2 },
        }),
        upstreamProject: {
          id: 2,
          webUrl: 'https://gitlab.example.com/group/upstream',
          fullPath: 'group/upstream',
        },
      }),
    )
    expect(Object.keys(payload).at(-1)).toBe('source_pipeline')
    expect(payload['source_pipeline']).toEqual({
      project: {
        id: 2,
        web_url: 'https://gitlab.example.com/group/upstream',
        path_with_namespace: 'group/upstream',
      },
      job_id: 7,
      pipeline_id: 6,
    })
  })
})

describe('pipelineHookEvent', () => {
  it('is a pipeline_hooks event of the pipeline user, decodable by the projects worker', () => {
    const event = pipelineHookEvent('running', facts())
    expect(event).toMatchObject({ projectId: 3, kind: 'pipeline_hooks', userId: 5 })
    expect(decodeHookEvent(JSON.parse(JSON.stringify(event)))).toEqual(event)
  })

  it('is nothing when the status did not change', () => {
    expect(pipelineHookEvent('failed', facts())).toBeUndefined()
  })

  it('has no user for a pipeline without one', () => {
    const event = pipelineHookEvent('running', facts({ pipeline: pipeline({ userId: null }) }))
    expect(event).toBeDefined()
    expect(event && 'userId' in event).toBe(false)
  })
})
