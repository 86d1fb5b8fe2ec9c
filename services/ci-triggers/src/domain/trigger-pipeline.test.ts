import { InvalidError, NotFoundError } from '@suite/runtime'
import { InMemoryTriggerStore } from '../testing/in-memory-trigger-store.js'
import type { Caller } from './caller.js'
import type { Pipeline } from './pipeline.js'
import type { PipelineRequest } from './pipeline-request.js'
import type { AccessPort, PipelineCreator, ProjectFacts } from './ports.js'
import {
  triggerPipeline,
  type TriggerLookupResult,
  type TriggerPipelineDeps,
} from './trigger-pipeline.js'

const NOW = new Date('2026-11-26T12:00:00.000Z')
const PROJECT: ProjectFacts = {
  id: 7,
  fullPath: 'group/app',
  name: 'App',
  defaultBranch: 'main',
  ciConfigPath: null,
  groupIds: [],
}
const TOKEN = `glptt-${'a'.repeat(40)}`

function ownerCaller(): Caller {
  return {
    userId: 1,
    admin: false,
    grant: {
      projectId: PROJECT.id,
      readPipeline: true,
      createPipeline: true,
      updatePipeline: true,
      adminPipeline: true,
      destroyPipeline: false,
      adminPipelineTriggers: true,
      readBuild: true,
      readCommitStatus: true,
      updateBuild: false,
      adminRunner: false,
      readRunners: false,
      adminJobTokenScope: false,
    },
  }
}

function fakeAccess(owner: Caller | undefined): AccessPort {
  return {
    callerFor: (userId, ref) =>
      Promise.resolve(
        owner && userId === owner.userId && 'id' in ref && ref.id === PROJECT.id
          ? { caller: owner, project: PROJECT }
          : undefined,
      ),
    project: (id) => Promise.resolve(id === PROJECT.id ? PROJECT : undefined),
    groupReach: () => Promise.resolve('missing'),
  }
}

class RecordingCreator implements PipelineCreator {
  readonly requests: PipelineRequest[] = []
  create(request: PipelineRequest): Promise<Pipeline> {
    this.requests.push(request)
    return Promise.resolve({
      id: 42,
      projectId: request.projectId,
      source: request.source,
    } as Pipeline)
  }
}

describe('triggerPipeline', () => {
  let store: InMemoryTriggerStore
  let creator: RecordingCreator
  let lookups: TriggerLookupResult[]
  let deps: TriggerPipelineDeps

  beforeEach(async () => {
    store = new InMemoryTriggerStore(() => NOW)
    creator = new RecordingCreator()
    lookups = []
    deps = {
      triggers: store,
      access: fakeAccess(ownerCaller()),
      pipelines: creator,
      now: () => NOW,
      observeLookup: (result) => lookups.push(result),
    }
    await store.create({
      projectId: PROJECT.id,
      ownerId: 1,
      description: 'd',
      token: TOKEN,
      expiresAt: null,
    })
  })

  const input = (overrides: Partial<Parameters<typeof triggerPipeline>[1]> = {}) => ({
    token: TOKEN,
    project: { id: PROJECT.id },
    ref: 'main',
    variables: [['KEY', 'value']] as const,
    inputs: { stage: 'deploy' },
    ...overrides,
  })

  it('creates a trigger pipeline as the owner and marks the token used', async () => {
    const pipeline = await triggerPipeline(deps, input())
    expect(pipeline.id).toBe(42)
    expect(creator.requests).toEqual([
      {
        caller: ownerCaller(),
        projectId: PROJECT.id,
        ref: 'main',
        sha: null,
        source: 'trigger',
        variables: [
          { key: 'KEY', value: 'value', variableType: 'env_var' },
          {
            key: 'TRIGGER_PAYLOAD',
            value: '{"ref":"main","id":"7","variables":{"KEY":"value"}}',
            variableType: 'file',
          },
        ],
        inputs: { stage: 'deploy' },
        mergeRequest: null,
        triggerId: 1,
        idempotencyKey: null,
      },
    ])
    expect(store.triggers[0]?.lastUsed).toEqual(NOW)
    expect(lookups).toEqual(['found'])
  })

  it('accepts the project by full path, in any case', async () => {
    await triggerPipeline(deps, input({ project: { fullPath: 'Group/App' } }))
    expect(creator.requests).toHaveLength(1)
  })

  it.each([
    ['a wrong token', { token: `glptt-${'b'.repeat(40)}` }, 'not_found'],
    ['a token that is no trigger token', { token: 'job-token' }, 'not_found'],
    ['another project (id)', { project: { id: 8 } }, 'found'],
    ['another project (path)', { project: { fullPath: 'group/other' } }, 'found'],
  ])('answers 404 Not Found for %s', async (_name, overrides, result) => {
    await expect(triggerPipeline(deps, input(overrides))).rejects.toThrow(new NotFoundError(''))
    expect(creator.requests).toHaveLength(0)
    expect(lookups).toEqual([result])
    expect(store.triggers[0]?.lastUsed).toBeNull()
  })

  it('does not trigger with an expired token', async () => {
    store.triggers[0] = { ...store.triggers[0]!, expiresAt: new Date('2026-11-26T11:59:59.000Z') }
    await expect(triggerPipeline(deps, input())).rejects.toBeInstanceOf(NotFoundError)
    expect(lookups).toEqual(['expired'])
  })

  it('runs as nobody when the owner is gone, blocked or cannot read the project', async () => {
    deps = { ...deps, access: fakeAccess(undefined) }
    await triggerPipeline(deps, input())
    expect(creator.requests[0]?.caller).toEqual({ userId: null, admin: false, grant: undefined })
  })

  it('leaves last_used alone when the pipeline is not created', async () => {
    deps = {
      ...deps,
      pipelines: {
        create: () => Promise.reject(new InvalidError({ base: ['Reference not found'] })),
      },
    }
    await expect(triggerPipeline(deps, input())).rejects.toBeInstanceOf(InvalidError)
    expect(store.triggers[0]?.lastUsed).toBeNull()
  })
})
