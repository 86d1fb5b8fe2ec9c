import { api } from './support/api'
import {
  createPipeline,
  createProjectRunner,
  getJob,
  getPipeline,
  jobNamed,
  pushFiles,
  waitForStatus,
  type PipelineJson,
} from './support/ci-jobs'
import { createToken, createUser, type CreatedUser, type UserWithToken } from './support/factories'
import { UNAUTHORIZED } from './support/gitlab-errors'
import { cloneUrl, git, withTempDir } from './support/git'
import { createProject } from './support/projects'
import { RunnerClient, type JobPayload } from './support/runner-client'
import { baseUrl, rootToken } from './support/suite-state'
import type { ProjectJson } from './support/types'

// Issue 26, point 3: a blocked or banned user's git access (token or password)
// and the CI_JOB_TOKEN of a job they started stop at the next request, and
// come back on unblock/unban; a block also drops the user's running pipelines
// (GitLab's User state machine: Ci::DropPipelineService, failure reason
// user_blocked), so their job tokens do not come back. GitLab's answers: git over HTTP refuses with 401
// and its "HTTP Basic: Access denied" text (Gitlab::Auth finds no one: the
// user may not log in), the API answers a job token of such a user with 403
// and Gitlab::Auth::UserAccessDeniedReason's text.

jest.setTimeout(120_000)

const ACCESS_DENIED =
  "HTTP Basic: Access denied. If a password was provided for Git authentication, the password was incorrect or you're required to use a token instead of a password. If a token was provided, it was either incorrect, expired, or improperly scoped.\n"

const BLOCKED = { message: '403 Forbidden - Your account has been blocked.' }

const CI_CONFIG = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - when: always
stages: [test, deploy]
hold:
  stage: test
  script: echo held
after:
  stage: deploy
  script: echo after
`

function act(action: string, userId: number) {
  return api(`/users/${userId}/${action}`, { method: 'POST', token: rootToken() })
}

/** info/refs of a project with Basic credentials: status, body and WWW-Authenticate. */
async function infoRefs(project: ProjectJson, username: string, password: string) {
  const basic = Buffer.from(`${username}:${password}`).toString('base64')
  const response = await fetch(
    `${baseUrl()}/${project.path_with_namespace}.git/info/refs?service=git-upload-pack`,
    { headers: { Authorization: `Basic ${basic}`, 'User-Agent': 'git/2.43.0' } },
  )
  const text = await response.text()
  return {
    status: response.status,
    text: response.status === 200 ? '' : text,
    challenge: response.headers.get('www-authenticate'),
  }
}

/** A real `git clone` with the credentials; git's exit code. */
function cloneWith(project: ProjectJson, username: string, password: string): Promise<number> {
  return withTempDir(async (dir) => {
    const url = cloneUrl(project.path_with_namespace, { username, token: password })
    return (await git(['clone', '-q', url, 'wt'], dir)).code
  })
}

const REFUSED = { status: 401, text: ACCESS_DENIED, challenge: 'Basic realm="GitLab"' }
const SERVED = { status: 200, text: '', challenge: null }

describe('git with a username and password', () => {
  let user: CreatedUser
  let project: ProjectJson

  beforeAll(async () => {
    user = await createUser()
    const { token } = await createToken(user.id, ['api'])
    project = await createProject(token, { visibility: 'private', initialize_with_readme: true })
  })

  it('clones with the password (username or email as login); a wrong one is 401', async () => {
    expect(await cloneWith(project, user.username, user.password)).toBe(0)
    expect(await infoRefs(project, (user.email ?? '').toUpperCase(), user.password)).toEqual(SERVED)
    expect(await infoRefs(project, user.username, `${user.password}x`)).toEqual(REFUSED)
    expect(await infoRefs(project, 'no-such-user', user.password)).toEqual(REFUSED)
  })

  it.each([
    ['block', 'unblock'],
    ['ban', 'unban'],
  ])('%s refuses the password at once; %s gives it back', async (stop, restore) => {
    expect((await act(stop, user.id)).status).toBe(201)
    expect(await infoRefs(project, user.username, user.password)).toEqual(REFUSED)
    expect(await cloneWith(project, user.username, user.password)).not.toBe(0)
    expect((await act(restore, user.id)).status).toBe(201)
    expect(await infoRefs(project, user.username, user.password)).toEqual(SERVED)
  })
})

describe("a running job's CI_JOB_TOKEN and pipelines when its user is banned or blocked", () => {
  let owner: UserWithToken
  let project: ProjectJson
  let runner: RunnerClient
  let job: JobPayload
  let pipeline: PipelineJson
  let rootPipeline: PipelineJson

  const currentJob = () => api('/job', { headers: { 'JOB-TOKEN': job.token } })

  beforeAll(async () => {
    const user = await createUser()
    const { token } = await createToken(user.id, ['api'])
    owner = { user, token }
    project = await createProject(token, { visibility: 'private', initialize_with_readme: true })
    await pushFiles(owner, project, { '.gitlab-ci.yml': CI_CONFIG })
    runner = new RunnerClient((await createProjectRunner(token, project.id)).token)
    pipeline = await createPipeline(token, project.id)
    // Taken by the runner: running, its token alive until the runner finishes it.
    job = await runner.waitForJob()
    // Someone else's pipeline in the same project, waiting for a runner.
    rootPipeline = await createPipeline(rootToken(), project.id)
  }, 90_000)

  it('works while the user is active', async () => {
    expect((await currentJob()).status).toBe(200)
    expect(await infoRefs(project, 'gitlab-ci-token', job.token)).toEqual(SERVED)
  })

  it('ban stops it for the API (403) and git (401) at once; unban restores it', async () => {
    expect((await act('ban', owner.user.id)).status).toBe(201)
    const refused = await currentJob()
    expect([refused.status, refused.body]).toEqual([403, BLOCKED])
    expect(await infoRefs(project, 'gitlab-ci-token', job.token)).toEqual(REFUSED)
    expect(await cloneWith(project, 'gitlab-ci-token', job.token)).not.toBe(0)
    // The user's own token stops too (same request, no waiting for a cache).
    expect((await api('/user', { token: owner.token })).body).toEqual(UNAUTHORIZED)
    expect(await infoRefs(project, owner.user.username, owner.token)).toEqual(REFUSED)

    expect((await act('unban', owner.user.id)).status).toBe(201)
    // A ban leaves the user's pipelines running (GitLab drops them on block only).
    expect((await getJob(rootToken(), project.id, job.id)).status).toBe('running')
    expect((await currentJob()).status).toBe(200)
    expect(await cloneWith(project, 'gitlab-ci-token', job.token)).toBe(0)
  })

  it("block stops it at once and drops the user's running pipeline; unblock brings neither back", async () => {
    expect((await act('block', owner.user.id)).status).toBe(201)
    const refused = await currentJob()
    expect([refused.status, refused.body]).toEqual([403, BLOCKED])
    expect(await infoRefs(project, 'gitlab-ci-token', job.token)).toEqual(REFUSED)

    // Ci::DropPipelineService, through identity's outbox and the CI worker.
    const dropped = await waitForStatus(() => getJob(rootToken(), project.id, job.id), 'failed')
    expect([dropped.status, dropped.failure_reason]).toEqual(['failed', 'user_blocked'])
    const after = await jobNamed(rootToken(), project.id, pipeline.id, 'after')
    expect([after.status, after.failure_reason]).toEqual(['failed', 'user_blocked'])
    const failed = await waitForStatus(
      () => getPipeline(rootToken(), project.id, pipeline.id),
      'failed',
    )
    expect(failed.status).toBe('failed')
    // Another user's pipeline in the project is left alone.
    expect((await getPipeline(rootToken(), project.id, rootPipeline.id)).status).toBe('pending')

    expect((await act('unblock', owner.user.id)).status).toBe(201)
    // The runner learns on its next update that the job is over.
    const update = await runner.updateJob(job.id, job.token, 'running')
    expect([update.status, update.jobStatus]).toEqual([403, 'failed'])
    // A dropped job's token stays dead after the unblock.
    expect((await currentJob()).status).toBe(401)
    expect((await getPipeline(rootToken(), project.id, pipeline.id)).status).toBe('failed')
  })
})
