import { contextFixture, userFixture } from '../testing/fixtures.js'
import { commitFixture, jobFixture } from '../testing/job-fixture.js'
import { pipelineFixture } from '../testing/merge-request-fixture.js'
import { projectFixture } from '../testing/project-fixture.js'
import { presentJob, presentJobBasic, jobUserIds } from './job.entity.js'
import { presentPipelineBasic } from './pipeline.entity.js'
import { presentPipelineVariable } from './pipeline-variable.entity.js'
import { presentUser } from './user.entity.js'

const project = projectFixture()
const pipeline = pipelineFixture({ ref: 'main' })
const item = { job: jobFixture(), pipeline, project, commit: commitFixture() }
const ctx = contextFixture({ users: new Map([[2, userFixture()]]) })

describe('job entities', () => {
  it('presents JobBasic with its user, commit and pipeline', () => {
    expect(presentJobBasic(item, ctx)).toEqual({
      id: 301,
      status: 'success',
      stage: 'test',
      name: 'rspec',
      ref: 'main',
      tag: false,
      coverage: null,
      allow_failure: false,
      created_at: '2026-11-21T10:56:24.123Z',
      started_at: '2026-11-21T10:57:00.000Z',
      finished_at: '2026-11-21T10:58:30.500Z',
      erased_at: null,
      duration: 90.5,
      queued_duration: 35.877,
      user: presentUser(userFixture(), ctx),
      commit: expect.objectContaining({
        id: 'abc123',
        short_id: 'abc123',
        title: 'Add CI',
        web_url: 'https://gitlab.example.com/top/sub/team-app/-/commit/abc123',
      }),
      pipeline: presentPipelineBasic({ pipeline, project }, ctx),
      web_url: 'https://gitlab.example.com/top/sub/team-app/-/jobs/301',
      project: { ci_job_token_scope_enabled: false },
    })
  })

  it('presents Job: no artifacts, no runner, sorted tags', () => {
    expect(presentJob(item, ctx)).toEqual({
      ...presentJobBasic(item, ctx),
      artifacts: [],
      runner: null,
      runner_manager: null,
      artifacts_expire_at: null,
      archived: false,
      tag_list: ['docker', 'linux'],
    })
    expect(presentJob(item, ctx)).not.toHaveProperty('artifacts_file')
  })

  it('shows failure_reason only for a failed job, and a numeric coverage', () => {
    expect(presentJob(item, ctx)).not.toHaveProperty('failure_reason')
    const failed = {
      ...item,
      job: jobFixture({ status: 'failed', failureReason: 'script_failure', coverage: '87.5' }),
    }
    expect(presentJob(failed, ctx)).toMatchObject({
      failure_reason: 'script_failure',
      coverage: 87.5,
    })
  })

  it('shows null for what was not loaded', () => {
    const bare = {
      job: jobFixture({ userId: undefined }),
      pipeline: undefined,
      project,
      commit: undefined,
    }
    expect(presentJob(bare, ctx)).toMatchObject({ user: null, commit: null, pipeline: null })
    expect(jobUserIds(bare)).toEqual([])
    expect(jobUserIds(item)).toEqual([2])
  })

  it('presents a pipeline variable with its type and raw flag', () => {
    expect(presentPipelineVariable({ key: 'A', value: 'b', variableType: '' })).toEqual({
      variable_type: 'env_var',
      key: 'A',
      value: 'b',
      raw: false,
    })
  })
})
