import { api } from './support/api'
import { createPipeline, createProjectRunner, pushFiles } from './support/ci-jobs'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { createProject } from './support/projects'
import { RunnerClient, type JobPayload } from './support/runner-client'
import type { ProjectJson } from './support/types'

// Pipelines and runner polls on two shared cores.
jest.setTimeout(120_000)

/** Only API pipelines: a push pipeline would hand the runners jobs nobody asked for. */
const CONFIG = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - when: always

print:
  script: echo "$CI_COMMIT_REF_NAME"
`

interface BranchJson {
  name: string
  protected: boolean
}

let owner: UserWithToken
let project: ProjectJson

/** A project runner with the given access_level, verified as gitlab-runner register does. */
async function runnerWith(accessLevel: 'ref_protected' | 'not_protected'): Promise<RunnerClient> {
  const created = await createProjectRunner(owner.token, project.id, {
    description: accessLevel,
  })
  // Set as a runner's owner does in its settings (PUT /runners/:id access_level).
  const updated = await api<{ access_level: string }>(`/runners/${created.id}`, {
    method: 'PUT',
    token: owner.token,
    body: { access_level: accessLevel },
  })
  expect(updated.status).toBe(200)
  expect(updated.body.access_level).toBe(accessLevel)
  const runner = new RunnerClient(created.token)
  const verified = await runner.verify()
  expect(verified.status).toBe(200)
  return runner
}

function variable(job: JobPayload, key: string): string | undefined {
  return job.variables.find((v) => v.key === key)?.value
}

async function branch(name: string): Promise<BranchJson> {
  const res = await api<BranchJson>(`/projects/${project.id}/repository/branches/${name}`, {
    token: owner.token,
  })
  expect(res.status).toBe(200)
  return res.body
}

beforeAll(async () => {
  owner = await createUserWithToken()
  project = await createProject(owner.token, {
    initialize_with_readme: true,
    visibility: 'private',
  })
  await pushFiles(owner, project, { '.gitlab-ci.yml': CONFIG })
  for (const name of ['feature', 'release']) {
    const res = await api(`/projects/${project.id}/repository/branches`, {
      method: 'POST',
      token: owner.token,
      body: { branch: name, ref: 'main' },
    })
    expect(res.status).toBe(201)
  }
})

describe('protected refs in CI', () => {
  it('gives a ref_protected runner only jobs of protected refs, with CI_COMMIT_REF_PROTECTED', async () => {
    // The default branch is protected by default; the new branches are not.
    expect((await branch('main')).protected).toBe(true)
    expect((await branch('feature')).protected).toBe(false)

    const guarded = await runnerWith('ref_protected')
    const unprotectedPipeline = await createPipeline(owner.token, project.id, 'feature')
    // The feature job is pending and older than any other, yet not for this runner.
    expect((await guarded.requestJob('')).status).toBe(204)

    const mainPipeline = await createPipeline(owner.token, project.id, 'main')
    const mainJob = await guarded.waitForJob()
    expect(mainJob.git_info.ref).toBe('main')
    expect(mainJob.job_info).toMatchObject({ pipeline_id: mainPipeline.id })
    expect(mainJob.git_info.protected).toBe(true)
    expect(variable(mainJob, 'CI_COMMIT_REF_PROTECTED')).toBe('true')

    // A not_protected runner takes every ref: the feature job was waiting for it.
    const open = await runnerWith('not_protected')
    const featureJob = await open.waitForJob()
    expect(featureJob.git_info.ref).toBe('feature')
    expect(featureJob.job_info).toMatchObject({ pipeline_id: unprotectedPipeline.id })
    expect(featureJob.git_info.protected).toBe(false)
    expect(variable(featureJob, 'CI_COMMIT_REF_PROTECTED')).toBe('false')
  })

  it("follows the project's own rules: a branch protected by a pattern is protected in CI", async () => {
    const rule = await api(`/projects/${project.id}/protected_branches`, {
      method: 'POST',
      token: owner.token,
      body: { name: 'rel*' },
    })
    expect(rule.status).toBe(201)
    expect((await branch('release')).protected).toBe(true)

    const guarded = await runnerWith('ref_protected')
    const pipeline = await createPipeline(owner.token, project.id, 'release')
    const job = await guarded.waitForJob()
    expect(job.git_info.ref).toBe('release')
    expect(job.job_info).toMatchObject({ pipeline_id: pipeline.id })
    expect(job.git_info.protected).toBe(true)
    expect(variable(job, 'CI_COMMIT_REF_PROTECTED')).toBe('true')
  })

  it('treats a tag as unprotected: a ref_protected runner leaves its job', async () => {
    const tag = await api(`/projects/${project.id}/repository/tags`, {
      method: 'POST',
      token: owner.token,
      body: { tag_name: 'v1.0', ref: 'main' },
    })
    expect(tag.status).toBe(201)
    const guarded = await runnerWith('ref_protected')
    const pipeline = await createPipeline(owner.token, project.id, 'v1.0')
    expect((await guarded.requestJob('')).status).toBe(204)
    const open = await runnerWith('not_protected')
    const job = await open.waitForJob()
    expect(job.job_info).toMatchObject({ pipeline_id: pipeline.id })
    expect(job.git_info).toMatchObject({ ref: 'v1.0', ref_type: 'tag', protected: false })
    expect(variable(job, 'CI_COMMIT_REF_PROTECTED')).toBe('false')
  })
})
