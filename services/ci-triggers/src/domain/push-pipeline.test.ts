import { InvalidError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { Pipeline } from './pipeline.js'
import type { PipelineRequest } from './pipeline-request.js'
import type { ResolvedRef } from './ports.js'
import {
  ciPushOptions,
  createPushPipeline,
  pushIdempotencyKey,
  type PushPipelineDeps,
  type RefUpdate,
} from './push-pipeline.js'

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const ZERO = '0'.repeat(40)
const CALLER: Caller = { userId: 9, admin: false, grant: undefined }

const UPDATE: RefUpdate = {
  projectId: 3,
  ref: 'main',
  tag: false,
  before: A,
  after: B,
  userId: 9,
  pushOptions: [],
  changeIndex: 0,
}

function commit(message: string): ResolvedRef {
  return {
    sha: B,
    tag: false,
    protected: true,
    committedAt: null,
    commit: { message, title: message, authorName: 'A', authorEmail: 'a@example.com' },
  }
}

function setup(message = 'Add a file', refuse?: string) {
  const requests: PipelineRequest[] = []
  const deps: PushPipelineDeps = {
    access: {
      callerFor: (userId) =>
        Promise.resolve(
          userId === 9
            ? {
                caller: CALLER,
                project: {
                  id: 3,
                  fullPath: 'g/p',
                  name: 'p',
                  defaultBranch: 'main',
                  ciConfigPath: null,
                  groupIds: [],
                },
              }
            : undefined,
        ),
    },
    commits: { pushedCommit: () => Promise.resolve(commit(message)) },
    pipelines: {
      create: (request) => {
        requests.push(request)
        if (refuse) return Promise.reject(new InvalidError({ base: [refuse] }))
        return Promise.resolve({ id: 77 } as Pipeline)
      },
    },
  }
  return { deps, requests }
}

describe('createPushPipeline', () => {
  it('asks for a push pipeline on the new commit, as the pusher, with the old sha', async () => {
    const { deps, requests } = setup()
    const outcome = await createPushPipeline(deps, UPDATE)
    expect(outcome).toEqual({ kind: 'created', pipeline: { id: 77 } })
    expect(requests[0]).toMatchObject({
      caller: CALLER,
      projectId: 3,
      ref: 'main',
      sha: B,
      source: 'push',
      beforeSha: A,
      commit: commit('Add a file'),
      skipped: false,
      idempotencyKey: pushIdempotencyKey(UPDATE),
    })
  })

  it('makes none for a deleted ref, past the push limit, or without a pusher who can read', async () => {
    const { deps, requests } = setup()
    expect(await createPushPipeline(deps, { ...UPDATE, after: ZERO })).toMatchObject({
      kind: 'none',
    })
    expect(await createPushPipeline(deps, { ...UPDATE, changeIndex: 4 })).toMatchObject({
      kind: 'none',
    })
    expect(await createPushPipeline(deps, { ...UPDATE, userId: null })).toMatchObject({
      kind: 'none',
    })
    expect(await createPushPipeline(deps, { ...UPDATE, userId: 10 })).toMatchObject({
      kind: 'none',
    })
    expect(requests).toHaveLength(0)
  })

  it('skips for [skip ci] in the message or the ci.skip push option', async () => {
    const skipped = setup('Docs [Skip CI]')
    await createPushPipeline(skipped.deps, UPDATE)
    expect(skipped.requests[0]?.skipped).toBe(true)
    const option = setup()
    await createPushPipeline(option.deps, { ...UPDATE, pushOptions: ['ci.skip'] })
    expect(option.requests[0]?.skipped).toBe(true)
  })

  it('answers none with the reason when GitLab would not store a pipeline', async () => {
    const { deps } = setup('x', 'Missing CI config file')
    expect(await createPushPipeline(deps, UPDATE)).toEqual({
      kind: 'none',
      reason: 'Missing CI config file',
    })
  })
})

describe('pushIdempotencyKey', () => {
  it('is one per project, ref kind, ref, before and after', () => {
    const key = pushIdempotencyKey(UPDATE)
    expect(pushIdempotencyKey({ ...UPDATE, pushOptions: ['ci.skip'] })).toBe(key)
    expect(pushIdempotencyKey({ ...UPDATE, tag: true })).not.toBe(key)
    expect(pushIdempotencyKey({ ...UPDATE, before: ZERO })).not.toBe(key)
    expect(pushIdempotencyKey({ ...UPDATE, projectId: 4 })).not.toBe(key)
    expect(key).toMatch(/^push:[0-9a-f]{64}$/)
  })
})

describe('ciPushOptions', () => {
  it('reads ci.skip and ci.variable=KEY=value, leaving bad keys out', () => {
    expect(
      ciPushOptions(['ci.variable=A=1=2', 'ci.variable=B', 'ci.variable=bad-key=x', 'ci.skip']),
    ).toEqual({
      skip: true,
      variables: [
        { key: 'A', value: '1=2', variableType: 'env_var' },
        { key: 'B', value: '', variableType: 'env_var' },
      ],
    })
    expect(ciPushOptions([])).toEqual({ skip: false, variables: [] })
  })
})
