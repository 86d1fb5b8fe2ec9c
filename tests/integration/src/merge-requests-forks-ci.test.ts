import { Gitlab } from '@gitbeaker/rest'
import { api, eventually } from './support/api'
import {
  createProjectRunner,
  getPipeline,
  waitForStatus,
  type PipelineJson,
} from './support/ci-jobs'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import { cloneUrl, commitFile, git, gitOk, withTempDir } from './support/git'
import {
  branchHead,
  mrPath,
  waitForDiff,
  waitForMergeRequest,
  WORKER_TIMEOUT_MS,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember, commitFiles, createProject } from './support/projects'
import { RunnerClient, type JobPayload } from './support/runner-client'
import { runShellJob } from './support/shell-executor'
import { baseUrl } from './support/suite-state'
import { DEVELOPER, type CommitJson, type ProjectJson } from './support/types'

// Rebases, merge refs and pipelines of merge requests from a fork, with real
// git pushes, workers and jobs on two shared cores.
jest.setTimeout(240_000)

interface RequestJson extends MergeRequestJson {
  allow_collaboration: boolean
  rebase_in_progress?: boolean
  merge_error: string | null
  merge_when_pipeline_succeeds: boolean
  head_pipeline: (PipelineJson & { project_id: number; web_url: string }) | null
}

interface ForkPipelineJson extends PipelineJson {
  project_id: number
  web_url: string
}

/** Upstream, its fork, and who acts on them. */
interface Forked {
  owner: UserWithToken
  forker: UserWithToken
  stranger: UserWithToken
  upstream: ProjectJson
  fork: ProjectJson
}

/** A public upstream (with `files` on main before the fork) and its fork by another user. */
async function forkedProject(files: Record<string, string> = {}): Promise<Forked> {
  const [owner, forker, stranger] = await Promise.all([
    createUserWithToken(),
    createUserWithToken(),
    createUserWithToken(),
  ])
  const upstream = await createProject(owner.token, {
    visibility: 'public',
    initialize_with_readme: true,
  })
  const actions = Object.entries(files).map(([path, content]) => ({
    action: 'create' as const,
    file_path: path,
    content,
  }))
  if (actions.length > 0) await commitFiles(owner.token, upstream.id, 'main', actions)
  const forked = await api<ProjectJson>(`/projects/${upstream.id}/fork`, {
    method: 'POST',
    token: forker.token,
  })
  expect(forked.status).toBe(201)
  return { owner, forker, stranger, upstream, fork: forked.body }
}

/** Pushes a commit of `file` to the fork's `branch` (new or existing) with git; its sha. */
function pushToFork(setup: Forked, branch: string, file: string, content: string) {
  return withTempDir(async (dir) => {
    const url = cloneUrl(setup.fork.path_with_namespace, {
      username: setup.forker.user.username,
      token: setup.forker.token,
    })
    await gitOk(['clone', '-q', url, 'work'], dir)
    const tree = `${dir}/work`
    const exists = await git(['rev-parse', '--verify', '-q', `origin/${branch}`], tree)
    const start = exists.code === 0 ? [`origin/${branch}`] : []
    await gitOk(['checkout', '-q', '-B', branch, ...start], tree)
    const sha = await commitFile(tree, file, content, `Change ${file}`)
    await gitOk(['push', '-q', 'origin', branch], tree)
    return sha
  })
}

/** Opens a request from the fork's branch into the upstream's main, as the forker. */
async function openFromFork(
  setup: Forked,
  branch: string,
  extra: Record<string, unknown> = {},
): Promise<RequestJson> {
  const res = await api<RequestJson>(mrPath(setup.fork.id), {
    method: 'POST',
    token: setup.forker.token,
    body: {
      source_branch: branch,
      target_branch: 'main',
      target_project_id: setup.upstream.id,
      title: `From the fork ${branch}`,
      ...extra,
    },
  })
  expect([res.status, res.body.source_project_id, res.body.project_id]).toEqual([
    201,
    setup.fork.id,
    setup.upstream.id,
  ])
  return res.body
}

async function readRequest(setup: Forked, iid: number): Promise<RequestJson> {
  const res = await api<RequestJson>(mrPath(setup.upstream.id, iid), {
    token: setup.owner.token,
    query: { include_rebase_in_progress: true },
  })
  expect(res.status).toBe(200)
  return res.body
}

async function parentsOf(token: string, projectId: number, sha: string): Promise<string[]> {
  const res = await api<CommitJson>(`/projects/${projectId}/repository/commits/${sha}`, { token })
  expect(res.status).toBe(200)
  return res.body.parent_ids
}

describe('rebase and merge_ref of a request from a fork', () => {
  let setup: Forked

  beforeAll(async () => {
    setup = await forkedProject()
  })

  async function waitForRebase(iid: number): Promise<RequestJson> {
    let last: RequestJson | undefined
    const done = await eventually(async () => {
      last = await readRequest(setup, iid)
      return last.rebase_in_progress === false
    }, WORKER_TIMEOUT_MS)
    if (!done || !last) throw new Error(`!${iid}: rebase not finished: ${JSON.stringify(last)}`)
    return last
  }

  /** The upstream's main moves on; its new head. */
  async function moveUpstreamMain(): Promise<string> {
    await commitFiles(setup.owner.token, setup.upstream.id, 'main', [
      { action: 'create', file_path: `${uniqueName('up')}.txt`, content: 'upstream\n' },
    ])
    return branchHead(setup.owner.token, setup.upstream.id, 'main')
  }

  it('writes the merge ref in the upstream and rebases the fork branch onto the upstream, in the fork', async () => {
    const { owner, forker, stranger, upstream, fork } = setup
    const branch = uniqueName('rebase')
    const first = await pushToFork(setup, branch, 'fork.txt', 'from the fork\n')
    const mr = await openFromFork(setup, branch)
    const main = await moveUpstreamMain()
    await waitForDiff(owner.token, upstream.id, mr.iid, first)

    // merge_ref: the fork's head merged into the upstream's main, as git fetches it.
    const ref = await api<{ commit_id: string }>(mrPath(upstream.id, mr.iid, '/merge_ref'), {
      token: stranger.token,
    })
    expect(ref.status).toBe(200)
    await withTempDir(async (dir) => {
      await gitOk(['init', '--quiet', '--bare', 'repo.git'], dir)
      const repo = `${dir}/repo.git`
      const url = cloneUrl(upstream.path_with_namespace)
      await gitOk(['fetch', '--quiet', url, `refs/merge-requests/${mr.iid}/merge`], repo)
      expect((await gitOk(['rev-parse', 'FETCH_HEAD'], repo)).trim()).toBe(ref.body.commit_id)
      const parents = await gitOk(['rev-parse', 'FETCH_HEAD^1', 'FETCH_HEAD^2'], repo)
      expect(parents.trim().split('\n')).toEqual([main, first])
    })

    // Neither a stranger nor the upstream's owner may push to the fork: 403.
    const path = mrPath(upstream.id, mr.iid, '/rebase')
    for (const user of [stranger, owner]) {
      const refused = await api(path, { method: 'PUT', token: user.token })
      expect([refused.status, refused.body]).toEqual([
        403,
        { message: '403 Forbidden - Cannot push to source branch' },
      ])
    }
    expect(await branchHead(forker.token, fork.id, branch)).toBe(first)

    // The fork's owner rebases (a client library's call): the fork's branch now sits on the
    // upstream's main.
    const gitlab = new Gitlab({ host: baseUrl(), token: forker.token })
    expect(await gitlab.MergeRequests.rebase(upstream.id, mr.iid)).toEqual({
      rebase_in_progress: true,
    })
    const after = await waitForRebase(mr.iid)
    expect(after.merge_error).toBeNull()
    const rebased = await branchHead(forker.token, fork.id, branch)
    expect(rebased).not.toBe(first)
    expect(await parentsOf(forker.token, fork.id, rebased)).toEqual([main])
    // The upstream has no such branch; the request follows the fork's new head.
    const upstreamBranch = await api(
      `/projects/${upstream.id}/repository/branches/${encodeURIComponent(branch)}`,
      { token: owner.token },
    )
    expect(upstreamBranch.status).toBe(404)
    const refreshed = await waitForDiff(owner.token, upstream.id, mr.iid, rebased)
    expect(refreshed.diff_refs?.base_sha).toBe(main)
  })

  it("lets the upstream's maintainer rebase when the request allows collaboration", async () => {
    const { owner, forker, upstream, fork } = setup
    const branch = uniqueName('collab')
    const first = await pushToFork(setup, branch, 'collab.txt', 'with help\n')
    const mr = await openFromFork(setup, branch, { allow_collaboration: true })
    expect(mr.allow_collaboration).toBe(true)
    const main = await moveUpstreamMain()
    await waitForDiff(owner.token, upstream.id, mr.iid, first)

    const asked = await api(mrPath(upstream.id, mr.iid, '/rebase'), {
      method: 'PUT',
      token: owner.token,
    })
    expect([asked.status, asked.body]).toEqual([202, { rebase_in_progress: true }])
    const after = await waitForRebase(mr.iid)
    expect(after.merge_error).toBeNull()
    const rebased = await branchHead(forker.token, fork.id, branch)
    expect(rebased).not.toBe(first)
    expect(await parentsOf(forker.token, fork.id, rebased)).toEqual([main])
  })
})

/** Merge request pipelines only (no push pipelines), one job that needs the checkout. */
const MR_CONFIG = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - when: always
mr-check:
  script:
    - test -f fork.txt
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
`

/** Push pipelines only. */
const PUSH_CONFIG = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
build:
  script: echo build
`

const variable = (job: JobPayload, key: string) =>
  job.variables.find((entry) => entry.key === key)?.value

/** The request's pipelines, newest first. */
async function requestPipelines(setup: Forked, iid: number): Promise<ForkPipelineJson[]> {
  const res = await api<ForkPipelineJson[]>(mrPath(setup.upstream.id, iid, '/pipelines'), {
    token: setup.owner.token,
  })
  expect(res.status).toBe(200)
  return res.body
}

async function waitForPipelines(
  setup: Forked,
  iid: number,
  count: number,
): Promise<ForkPipelineJson[]> {
  let last: ForkPipelineJson[] = []
  const done = await eventually(async () => {
    last = await requestPipelines(setup, iid)
    return last.length >= count
  }, WORKER_TIMEOUT_MS)
  if (!done) throw new Error(`!${iid}: ${count} pipelines not listed: ${JSON.stringify(last)}`)
  return last
}

function waitForHeadPipeline(setup: Forked, iid: number, pipelineId: number) {
  return waitForMergeRequest(
    setup.owner.token,
    setup.upstream.id,
    iid,
    `head pipeline ${pipelineId}`,
    (seen) => (seen as RequestJson).head_pipeline?.id === pipelineId,
  ) as Promise<RequestJson>
}

/** Runs the fork's next pending job to success with a real shell; the job. */
async function runForkJob(setup: Forked, runner: RunnerClient): Promise<JobPayload> {
  const job = await runner.waitForJob(30_000)
  const result = await runShellJob(runner, job)
  if (result.state !== 'success') throw new Error(`job failed:\n${result.output}`)
  return job
}

describe('pipelines of a request from a fork', () => {
  it('runs its merge request pipelines in the fork, lists them, and heads, checks and auto-merges the request with them', async () => {
    const setup = await forkedProject({ '.gitlab-ci.yml': MR_CONFIG })
    const { owner, forker, upstream, fork } = setup
    const strict = await api(`/projects/${upstream.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { only_allow_merge_if_pipeline_succeeds: true },
    })
    expect(strict.status).toBe(200)
    const registered = await createProjectRunner(forker.token, fork.id)
    const runner = new RunnerClient(registered.token)
    expect((await runner.verify()).status).toBe(200)

    // Opened by the fork's owner, who may not run pipelines in the upstream: it runs in the fork.
    const branch = uniqueName('forkci')
    const head = await pushToFork(setup, branch, 'fork.txt', 'one\n')
    const mr = await openFromFork(setup, branch)
    const [first] = await waitForPipelines(setup, mr.iid, 1)
    expect(first).toEqual(
      expect.objectContaining({
        project_id: fork.id,
        sha: head,
        ref: branch,
        source: 'merge_request_event',
        status: 'pending',
      }),
    )
    expect(first?.web_url).toContain(`/${fork.path_with_namespace}/-/pipelines/`)
    // The merge status sees the fork's pipeline: it must succeed first.
    const opened = (await waitForMergeRequest(
      owner.token,
      upstream.id,
      mr.iid,
      'ci_still_running on the fork pipeline',
      (seen) =>
        (seen as RequestJson).head_pipeline?.id === first?.id &&
        seen.detailed_merge_status === 'ci_still_running',
    )) as RequestJson
    expect(opened.head_pipeline).toEqual(
      expect.objectContaining({ id: first?.id, project_id: fork.id, sha: head }),
    )
    const job = await runForkJob(setup, runner)
    expect({
      project: variable(job, 'CI_PROJECT_ID'),
      source: variable(job, 'CI_PIPELINE_SOURCE'),
      iid: variable(job, 'CI_MERGE_REQUEST_IID'),
      target: variable(job, 'CI_MERGE_REQUEST_PROJECT_ID'),
      sourceProject: variable(job, 'CI_MERGE_REQUEST_SOURCE_PROJECT_ID'),
      refPath: variable(job, 'CI_MERGE_REQUEST_REF_PATH'),
      sourceBranch: variable(job, 'CI_MERGE_REQUEST_SOURCE_BRANCH_NAME'),
    }).toEqual({
      project: String(fork.id),
      source: 'merge_request_event',
      iid: String(mr.iid),
      target: String(upstream.id),
      sourceProject: String(fork.id),
      refPath: `refs/merge-requests/${mr.iid}/head`,
      sourceBranch: branch,
    })
    await waitForStatus(() => getPipeline(forker.token, fork.id, first?.id ?? 0), 'success')

    // POST .../pipelines by the upstream's maintainer runs in the upstream (its default).
    const inUpstream = await api<ForkPipelineJson>(mrPath(upstream.id, mr.iid, '/pipelines'), {
      method: 'POST',
      token: owner.token,
    })
    expect(inUpstream.status).toBe(200)
    expect(inUpstream.body).toEqual(
      expect.objectContaining({
        project_id: upstream.id,
        ref: `refs/merge-requests/${mr.iid}/head`,
        sha: head,
        source: 'merge_request_event',
      }),
    )
    // With fork pipelines kept out of the upstream, it runs in the fork for those who may
    // create pipelines there, and is refused to the others.
    const setting = await api(`/projects/${upstream.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { ci_allow_fork_pipelines_to_run_in_parent_project: false },
    })
    expect(setting.status).toBe(200)
    const refused = await api(mrPath(upstream.id, mr.iid, '/pipelines'), {
      method: 'POST',
      token: owner.token,
    })
    expect([refused.status, refused.body]).toEqual([
      400,
      { message: { base: ['Insufficient permissions to create a new pipeline'] } },
    ])
    await addProjectMember(upstream.id, forker.user.id, DEVELOPER, owner.token)
    // The new member's abilities reach the gateway's read model by a change event.
    let inFork = await api<ForkPipelineJson>(mrPath(upstream.id, mr.iid, '/pipelines'), {
      method: 'POST',
      token: forker.token,
    })
    for (let attempt = 0; inFork.status === 403 && attempt < 40; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      inFork = await api<ForkPipelineJson>(mrPath(upstream.id, mr.iid, '/pipelines'), {
        method: 'POST',
        token: forker.token,
      })
    }
    expect(inFork.status).toBe(200)
    expect(inFork.body).toEqual(
      expect.objectContaining({ project_id: fork.id, ref: branch, sha: head }),
    )
    await runForkJob(setup, runner)
    expect((await requestPipelines(setup, mr.iid)).map((pipeline) => pipeline.id)).toEqual([
      inFork.body.id,
      inUpstream.body.id,
      first?.id,
    ])

    // A push to the fork's branch: a new pipeline in the fork heads the request; auto-merge
    // set on it merges into the upstream once it succeeds.
    const pushed = await pushToFork(setup, branch, 'fork.txt', 'one\ntwo\n')
    await waitForDiff(owner.token, upstream.id, mr.iid, pushed)
    const [newest] = await waitForPipelines(setup, mr.iid, 4)
    expect(newest).toEqual(
      expect.objectContaining({ project_id: fork.id, sha: pushed, ref: branch }),
    )
    const current = (await waitForMergeRequest(
      owner.token,
      upstream.id,
      mr.iid,
      'ci_still_running on the push pipeline',
      (seen) =>
        (seen as RequestJson).head_pipeline?.id === newest?.id &&
        seen.detailed_merge_status === 'ci_still_running',
    )) as RequestJson
    const auto = await api<RequestJson>(mrPath(upstream.id, mr.iid, '/merge'), {
      method: 'PUT',
      token: owner.token,
      body: { merge_when_pipeline_succeeds: true, sha: current.sha },
    })
    expect([auto.status, auto.body.state, auto.body.merge_when_pipeline_succeeds]).toEqual([
      200,
      'opened',
      true,
    ])
    const last = await runForkJob(setup, runner)
    expect(last.git_info.sha).toBe(pushed)
    const merged = await waitForMergeRequest(
      owner.token,
      upstream.id,
      mr.iid,
      'merged by auto-merge',
      (seen) => seen.state === 'merged',
    )
    expect(merged.state).toBe('merged')
    const mergeCommit = await branchHead(owner.token, upstream.id, 'main')
    expect((await parentsOf(owner.token, upstream.id, mergeCommit))[1]).toBe(pushed)
  })

  it("makes the fork's push pipeline of the source head the head pipeline, and lists it", async () => {
    const setup = await forkedProject()
    const { owner, forker, upstream, fork } = setup
    const branch = uniqueName('forkpush')
    const head = await pushToFork(setup, branch, '.gitlab-ci.yml', PUSH_CONFIG)
    let pushPipeline: ForkPipelineJson | undefined
    const found = await eventually(async () => {
      const res = await api<ForkPipelineJson[]>(`/projects/${fork.id}/pipelines`, {
        token: forker.token,
        query: { ref: branch },
      })
      pushPipeline = res.body[0]
      return res.status === 200 && pushPipeline !== undefined
    }, WORKER_TIMEOUT_MS)
    expect(found).toBe(true)
    expect(pushPipeline).toEqual(expect.objectContaining({ sha: head, source: 'push' }))
    const mr = await openFromFork(setup, branch)
    const headed = await waitForHeadPipeline(setup, mr.iid, pushPipeline?.id ?? 0)
    expect(headed.head_pipeline).toEqual(
      expect.objectContaining({ project_id: fork.id, source: 'push', sha: head }),
    )
    const gitlab = new Gitlab({ host: baseUrl(), token: owner.token })
    const listed = await gitlab.MergeRequests.allPipelines(upstream.id, mr.iid)
    expect(listed.map((pipeline) => [pipeline.id, pipeline.project_id])).toEqual([
      [pushPipeline?.id, fork.id],
    ])
    // A later push pipeline of the same branch heads it once the request has its commit.
    const next = await pushToFork(setup, branch, 'more.txt', 'more\n')
    await waitForDiff(owner.token, upstream.id, mr.iid, next)
    const both = await waitForPipelines(setup, mr.iid, 2)
    expect(both.map((pipeline) => [pipeline.sha, pipeline.project_id])).toEqual([
      [next, fork.id],
      [head, fork.id],
    ])
    await waitForHeadPipeline(setup, mr.iid, both[0]?.id ?? 0)
  })
})
