import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { api, eventually } from './support/api'
import { createProjectRunner, pipelineJobs, type PipelineJson } from './support/ci-jobs'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { cloneUrl, gitOk, withTempDir } from './support/git'
import { HookReceiver } from './support/hook-receiver'
import { addProjectMember, createProject } from './support/projects'
import { RunnerClient, type JobPayload } from './support/runner-client'
import { rootToken } from './support/suite-state'
import { MAINTAINER, type ProjectJson } from './support/types'

jest.setTimeout(120_000)

const ZERO = '0'.repeat(40)

/** Push pipelines only; `build` on branches, `release` on tags. */
const CI_CONFIG = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
build:
  script: echo "before $CI_COMMIT_BEFORE_SHA"
  rules:
    - if: $CI_COMMIT_BRANCH
release:
  script: echo "release $CI_COMMIT_TAG"
  rules:
    - if: $CI_COMMIT_TAG
`

/** A working tree of a project's clone, pushed to with the real git client over HTTP. */
class Clone {
  constructor(
    readonly dir: string,
    readonly url: string,
  ) {}

  static async of(user: UserWithToken, project: ProjectJson, dir: string): Promise<Clone> {
    const url = cloneUrl(project.path_with_namespace, {
      username: user.user.username,
      token: user.token,
    })
    await gitOk(['clone', '-q', url, 'wt'], dir)
    return new Clone(join(dir, 'wt'), url)
  }

  /** Commits `files` on the current branch; returns the new head. */
  async commit(files: Record<string, string>, message: string): Promise<string> {
    for (const [name, content] of Object.entries(files))
      writeFileSync(join(this.dir, name), content)
    await gitOk(['add', '--', ...Object.keys(files)], this.dir)
    await gitOk(['commit', '-q', '-m', message], this.dir)
    return this.head()
  }

  async head(): Promise<string> {
    return (await gitOk(['rev-parse', 'HEAD'], this.dir)).trim()
  }

  /** git push [-o option]... <url> <refspec>... */
  push(refspecs: string[], options: string[] = []): Promise<string> {
    const flags = options.flatMap((option) => ['-o', option])
    return gitOk(['push', '-q', ...flags, this.url, ...refspecs], this.dir)
  }

  git(args: string[]): Promise<string> {
    return gitOk(args, this.dir)
  }
}

async function pipelinesOf(token: string, projectId: number, query: Record<string, string> = {}) {
  const res = await api<PipelineJson[]>(`/projects/${projectId}/pipelines`, {
    token,
    query: { per_page: 100, ...query },
  })
  expect(res.status).toBe(200)
  return res.body
}

/** The project's pipeline for `sha` once the push's job made it; fails after the wait. */
async function pipelineFor(token: string, projectId: number, sha: string, ref?: string) {
  let found: PipelineJson | undefined
  await eventually(async () => {
    const list = await pipelinesOf(token, projectId, { sha, ...(ref ? { ref } : {}) })
    found = list[0]
    return found !== undefined
  }, 30_000)
  if (!found) throw new Error(`no pipeline for ${sha} (${ref ?? 'any ref'})`)
  const res = await api<PipelineJson>(`/projects/${projectId}/pipelines/${found.id}`, { token })
  expect(res.status).toBe(200)
  return res.body
}

/** Pushes that make no pipeline: after a later push's pipeline shows, theirs must not. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1_500))
}

function variable(job: JobPayload, key: string): string | undefined {
  return job.variables.find((v) => v.key === key)?.value
}

/**
 * Pipelines created by pushes (GitLab's Git::BranchPushService and
 * Git::TagPushService): real git pushes over HTTP, the commits API, tags,
 * [skip ci] and `git push -o ci.skip`, deleted branches and commits without
 * .gitlab-ci.yml, the runner's CI_COMMIT_BEFORE_SHA and the pipeline webhook.
 */
describe('push pipelines', () => {
  const receiver = new HookReceiver()
  let owner: UserWithToken
  let pusher: UserWithToken
  let project: ProjectJson
  let readmeSha: string

  beforeAll(async () => {
    await receiver.start()
    ;[owner, pusher] = await Promise.all([createUserWithToken(), createUserWithToken()])
    project = await createProject(owner.token, {
      initialize_with_readme: true,
      visibility: 'private',
    })
    // A maintainer: main is protected, as on GitLab.
    await addProjectMember(project.id, pusher.user.id, MAINTAINER, owner.token)
    const setting = await api('/application/settings', {
      method: 'PUT',
      token: rootToken(),
      body: { allow_local_requests_from_web_hooks_and_services: true },
    })
    expect(setting.status).toBe(200)
    const hook = await api(`/projects/${project.id}/hooks`, {
      method: 'POST',
      token: owner.token,
      body: { url: receiver.url('/ci'), push_events: false, pipeline_events: true },
    })
    expect(hook.status).toBe(201)
    const branch = await api<{ commit: { id: string } }>(
      `/projects/${project.id}/repository/branches/main`,
      { token: owner.token },
    )
    readmeSha = branch.body.commit.id
  }, 60_000)

  afterAll(() => receiver.stop())

  it('creates a push pipeline for a git push over HTTP, which a runner runs with CI_COMMIT_BEFORE_SHA', async () => {
    const runner = new RunnerClient((await createProjectRunner(owner.token, project.id)).token)
    const sha = await withTempDir(async (dir) => {
      const clone = await Clone.of(pusher, project, dir)
      const head = await clone.commit({ '.gitlab-ci.yml': CI_CONFIG }, 'Add CI')
      await clone.push(['HEAD:main'])
      return head
    })
    const pipeline = await pipelineFor(owner.token, project.id, sha)
    expect(pipeline).toMatchObject({
      source: 'push',
      ref: 'main',
      sha,
      before_sha: readmeSha,
      tag: false,
      user: expect.objectContaining({ id: pusher.user.id }) as unknown,
    })
    const jobs = await pipelineJobs(owner.token, project.id, pipeline.id)
    expect(jobs.map((job) => job.name)).toEqual(['build'])

    const job = await runner.waitForJob(30_000)
    expect(job.job_info.name).toBe('build')
    expect(variable(job, 'CI_COMMIT_BEFORE_SHA')).toBe(readmeSha)
    expect(variable(job, 'CI_PIPELINE_SOURCE')).toBe('push')
    expect(variable(job, 'CI_COMMIT_BRANCH')).toBe('main')
    expect(variable(job, 'CI_COMMIT_TAG')).toBeUndefined()
    expect(variable(job, 'GITLAB_USER_ID')).toBe(String(pusher.user.id))
    expect(job.git_info.before_sha).toBe(readmeSha)

    // The pipeline webhook fires for it as for any pipeline.
    const [hook] = await receiver.waitFor(
      '/ci',
      (h) =>
        h.headers['x-gitlab-event'] === 'Pipeline Hook' &&
        (h.body['object_attributes'] as { id?: number }).id === pipeline.id,
    )
    expect(hook!.body['object_attributes']).toMatchObject({
      id: pipeline.id,
      source: 'push',
      ref: 'main',
      tag: false,
      sha,
      before_sha: readmeSha,
    })
  })

  it('creates one for a new branch with the blank before sha, none for its deletion', async () => {
    const branch = `feature-${Date.now()}`
    const sha = await withTempDir(async (dir) => {
      const clone = await Clone.of(pusher, project, dir)
      await clone.push([`HEAD:refs/heads/${branch}`])
      return clone.head()
    })
    const created = await pipelineFor(owner.token, project.id, sha, branch)
    expect(created).toMatchObject({ source: 'push', ref: branch, before_sha: ZERO })

    // One push deletes the branch and starts another: only the other gets a pipeline.
    const sentinel = `sentinel-${Date.now()}`
    await withTempDir(async (dir) => {
      const clone = await Clone.of(pusher, project, dir)
      await clone.push([`:refs/heads/${branch}`, `HEAD:refs/heads/${sentinel}`])
    })
    await pipelineFor(owner.token, project.id, sha, sentinel)
    await settle()
    expect((await pipelinesOf(owner.token, project.id, { ref: branch })).map((p) => p.id)).toEqual([
      created.id,
    ])
  })

  it('creates one for a commit through the commits API, as its author', async () => {
    const before = (
      await api<{ commit: { id: string } }>(`/projects/${project.id}/repository/branches/main`, {
        token: owner.token,
      })
    ).body.commit.id
    const res = await api<{ id: string }>(`/projects/${project.id}/repository/commits`, {
      method: 'POST',
      token: owner.token,
      body: {
        branch: 'main',
        commit_message: 'Through the API',
        actions: [{ action: 'create', file_path: 'api.txt', content: 'api\n' }],
      },
    })
    expect(res.status).toBe(201)
    const pipeline = await pipelineFor(owner.token, project.id, res.body.id, 'main')
    expect(pipeline).toMatchObject({
      source: 'push',
      before_sha: before,
      user: expect.objectContaining({ id: owner.user.id }) as unknown,
    })
  })

  it('creates a tag pipeline for a tag push, with the tag rules', async () => {
    const tag = `v1.${Date.now()}`
    const sha = await withTempDir(async (dir) => {
      const clone = await Clone.of(pusher, project, dir)
      await clone.git(['tag', '-a', tag, '-m', 'Release'])
      await clone.push([`refs/tags/${tag}`])
      return clone.head()
    })
    const pipeline = await pipelineFor(owner.token, project.id, sha, tag)
    expect(pipeline).toMatchObject({ source: 'push', ref: tag, tag: true, before_sha: ZERO, sha })
    const jobs = await pipelineJobs(owner.token, project.id, pipeline.id)
    expect(jobs.map((job) => job.name)).toEqual(['release'])
  })

  it('skips the pipeline for [skip ci] in the head commit and for git push -o ci.skip', async () => {
    const [skipped, optioned] = await withTempDir(async (dir) => {
      const clone = await Clone.of(pusher, project, dir)
      const first = await clone.commit({ 'a.txt': 'a\n' }, 'Docs only [Skip CI]')
      await clone.push(['HEAD:main'])
      const second = await clone.commit({ 'b.txt': 'b\n' }, 'Not marked')
      await clone.push(['HEAD:main'], ['ci.skip', 'ci.variable=PUSHED=yes'])
      return [first, second]
    })
    for (const sha of [skipped, optioned]) {
      const pipeline = await pipelineFor(owner.token, project.id, sha, 'main')
      expect([sha, pipeline.source, pipeline.status]).toEqual([sha, 'push', 'skipped'])
      expect(await pipelineJobs(owner.token, project.id, pipeline.id)).toEqual([])
    }
    const pipeline = await pipelineFor(owner.token, project.id, optioned, 'main')
    const variables = await api(`/projects/${project.id}/pipelines/${pipeline.id}/variables`, {
      token: owner.token,
    })
    expect(variables.body).toEqual([
      { variable_type: 'env_var', key: 'PUSHED', value: 'yes', raw: false },
    ])
  })

  it('creates none for a commit without .gitlab-ci.yml or whose workflow rules refuse pushes', async () => {
    const plain = await createProject(owner.token, { initialize_with_readme: true })
    const shas = await withTempDir(async (dir) => {
      const clone = await Clone.of(owner, plain, dir)
      const noCi = await clone.commit({ 'x.txt': 'x\n' }, 'No CI here')
      await clone.push(['HEAD:main'])
      const refused = await clone.commit(
        {
          '.gitlab-ci.yml':
            'workflow:\n  rules:\n    - if: $CI_PIPELINE_SOURCE == "push"\n      when: never\n    - when: always\nbuild:\n  script: echo\n',
        },
        'API pipelines only',
      )
      await clone.push(['HEAD:main'])
      await clone.commit({ '.gitlab-ci.yml': CI_CONFIG }, 'Push pipelines')
      await clone.push(['HEAD:main'])
      return { noCi, refused, last: await clone.head() }
    })
    await pipelineFor(owner.token, plain.id, shas.last, 'main')
    await settle()
    const all = await pipelinesOf(owner.token, plain.id)
    expect(all.map((p) => p.sha)).toEqual([shas.last])
  })
})
