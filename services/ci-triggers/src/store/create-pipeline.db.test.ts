import { InvalidError, createDatabase, migrateToLatest } from '@suite/runtime'
import { sql, type Kysely } from 'kysely'
import { migrations } from '../migrations/index.js'
import type { Caller } from '../domain/caller.js'
import { cancelPipeline, deletePipeline, retryPipeline } from '../domain/change-pipeline.js'
import { createPipelineFromConfig, type CreatePipelineDeps } from '../domain/create-pipeline.js'
import type { PipelineRequest } from '../domain/pipeline-request.js'
import { listPipelineJobs, pipelineVariables } from '../domain/read-pipelines.js'
import { PipelinesStore } from './pipelines.store.js'
import type { Database } from './schema.js'

// A real PostgreSQL schema; the repository and projects are small fakes.
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const schema = `ci_create_test_${process.pid}_${Date.now()}`
const SHA = 'c'.repeat(40)

let db: Kysely<Database>
let deps: CreatePipelineDeps
const files = new Map<string, string>()

const developer: Caller = {
  userId: 5,
  admin: false,
  grant: {
    projectId: 1,
    readPipeline: true,
    createPipeline: true,
    updatePipeline: true,
    adminPipeline: false,
    destroyPipeline: false,
    adminPipelineTriggers: false,
    readBuild: true,
    readCommitStatus: true,
    updateBuild: false,
    adminRunner: false,
    readRunners: false,
    adminJobTokenScope: false,
  },
}
const owner: Caller = {
  ...developer,
  grant: { ...developer.grant!, adminPipeline: true, destroyPipeline: true },
}

beforeAll(async () => {
  db = createDatabase<Database>({ url, schema, maxConnections: 4 })
  await migrateToLatest(db as Kysely<unknown>, schema, migrations)
  deps = {
    store: new PipelinesStore(db),
    repository: {
      resolveRef: (_projectId, ref) =>
        Promise.resolve(
          ref === 'main' ? { sha: SHA, tag: false, protected: true, committedAt: null } : undefined,
        ),
      readFile: (_projectId, _sha, path) => Promise.resolve(files.get(path)),
    },
    access: {
      project: (id) =>
        Promise.resolve({
          id,
          fullPath: 'group/project',
          name: 'Project',
          defaultBranch: 'main',
          ciConfigPath: null,
          groupIds: [],
        }),
    },
    externalUrl: 'http://localhost:8080',
  }
})

afterAll(async () => {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
  await db.destroy()
})

function request(extra: Partial<PipelineRequest> = {}): PipelineRequest {
  return {
    caller: developer,
    projectId: 1,
    ref: 'main',
    sha: null,
    source: 'api',
    variables: [],
    inputs: {},
    mergeRequest: null,
    triggerId: null,
    idempotencyKey: null,
    ...extra,
  }
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(InvalidError)
  return (error as InvalidError).fieldErrors
}

describe('createPipelineFromConfig', () => {
  it('builds stages and jobs, queues the first stage and keeps the variables', async () => {
    files.set(
      '.gitlab-ci.yml',
      [
        'stages: [build, test]',
        'build:',
        '  stage: build',
        '  script: make',
        'test:',
        '  script: make test',
        'deploy:',
        '  stage: test',
        '  script: deploy',
        '  when: manual',
        '  rules:',
        '    - if: $CI_COMMIT_BRANCH == "main"',
        '',
      ].join('\n'),
    )
    const pipeline = await createPipelineFromConfig(
      deps,
      request({ variables: [{ key: 'GREETING', value: 'hi', variableType: 'env_var' }] }),
    )
    expect(pipeline).toMatchObject({ status: 'pending', sha: SHA, ref: 'main', source: 'api' })
    const { jobs } = await listPipelineJobs(
      deps.store,
      developer,
      1,
      pipeline.id,
      { statuses: [], includeRetried: false },
      undefined,
    )
    // Newest first, as GitLab lists a pipeline's jobs.
    expect(jobs.map((job) => [job.name, job.stage, job.status])).toEqual([
      ['deploy', 'test', 'created'],
      ['test', 'test', 'created'],
      ['build', 'build', 'pending'],
    ])
    expect(await pipelineVariables(deps.store, developer, 1, pipeline.id)).toEqual([
      { key: 'GREETING', value: 'hi', variableType: 'env_var' },
    ])

    const canceled = await cancelPipeline(deps.store, developer, 1, pipeline.id)
    expect(canceled.status).toBe('canceled')
    expect(canceled.finishedAt).toBeInstanceOf(Date)
    const retried = await retryPipeline(deps.store, developer, 1, pipeline.id)
    expect(retried).toMatchObject({ status: 'pending', finishedAt: null })
    const all = await listPipelineJobs(
      deps.store,
      developer,
      1,
      pipeline.id,
      { statuses: [], includeRetried: true },
      undefined,
    )
    expect(all.jobs.filter((job) => job.retried)).toHaveLength(3)
    await expect(deletePipeline(deps.store, developer, 1, pipeline.id)).rejects.toThrow()
    await deletePipeline(deps.store, owner, 1, pipeline.id)
    expect(await deps.store.findInProject(1, pipeline.id)).toBeUndefined()
  })

  it('refuses an unknown ref, a missing file and a caller who may not create', async () => {
    expect(await refusal(createPipelineFromConfig(deps, request({ ref: 'nope' })))).toEqual({
      base: ['Reference not found'],
    })
    files.delete('.gitlab-ci.yml')
    expect(await refusal(createPipelineFromConfig(deps, request()))).toEqual({
      base: ['Missing CI config file'],
    })
    const guest = { ...developer, grant: { ...developer.grant!, createPipeline: false } }
    expect(await refusal(createPipelineFromConfig(deps, request({ caller: guest })))).toEqual({
      base: ['Insufficient permissions to create a new pipeline'],
    })
  })

  it('stores an invalid configuration as a failed pipeline, except for POST /pipeline', async () => {
    files.set('.gitlab-ci.yml', 'build:\n  stage: build\n')
    const pipeline = await createPipelineFromConfig(deps, request({ source: 'trigger' }))
    expect(pipeline.status).toBe('failed')
    expect(pipeline.yamlErrors).toEqual(expect.stringContaining('build'))
    expect(await refusal(createPipelineFromConfig(deps, request()))).toEqual({
      base: [pipeline.yamlErrors],
    })
  })

  it('runs merge request only jobs for a merge request pipeline, and refuses a push', async () => {
    files.set('.gitlab-ci.yml', 'test:\n  script: echo test\n  only:\n    - merge_requests\n')
    const pipeline = await createPipelineFromConfig(
      deps,
      request({
        source: 'merge_request_event',
        ref: 'refs/merge-requests/3/head',
        sha: SHA,
        mergeRequest: {
          id: 30,
          iid: 3,
          title: 'MR',
          sourceBranch: 'feature',
          targetBranch: 'main',
          targetProjectId: 1,
          sourceProjectId: 1,
          sourceBranchSha: SHA,
          targetBranchSha: '',
          labels: [],
        },
      }),
    )
    expect(pipeline).toMatchObject({ status: 'pending', mergeRequestId: 30 })
    await refusal(createPipelineFromConfig(deps, request({ source: 'push' })))
  })
})
