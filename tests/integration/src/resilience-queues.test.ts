import { api, eventually } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import {
  commitTo,
  createMergeRequest,
  featureBranch,
  mrPath,
  waitForDiff,
  type MergeRequestJson,
} from './support/merge-requests'
import {
  privateRedisUnavailable,
  startPrivateSuite,
  type PrivateSuite,
} from './support/private-suite'
import { createProject } from './support/projects'
import type { EventJson, ProjectJson } from './support/types'
import { describeUnless } from './support/skip'

// Issue 13, point 3: nothing acknowledged is lost. Writes whose effects cross
// domains (a push to a merge request's branch -> a new diff version and a
// push event; a new merge request -> its first diff version; a branch
// pipeline -> the merge request's head pipeline) are made while Redis is
// frozen (CLIENT PAUSE), and again right before the workers are killed; every
// write that was answered 2xx must have its effect once Redis thaws or the
// workers are back. A private suite: freezing its Redis touches no other test.

const FREEZE_MS = 7_000
/** How long an effect may take after the thaw or restart before it counts as lost. */
const EFFECT_WAIT_MS = 60_000

const describeWithRedis = describeUnless(privateRedisUnavailable(), 'resilience-queues.test.ts')

interface Write {
  what: string
  status: number
  /** Resolves true once the write's cross-domain effect is seen. */
  effect: () => Promise<boolean>
}

const CI_CONFIG = 'test:\n  script: echo test\n'
/** The producers of the writes' effects, killed while Redis is frozen. */
const FROZEN_KILLS = ['projects repository', 'ci-triggers server', 'merge-requests server']
/** The consumers, killed right after a burst of pushes. */
const WORKER_KILLS = ['merge-requests worker', 'projects worker', 'projects repository']

describeWithRedis('resilience: acknowledged writes keep their queued effects', () => {
  let suite: PrivateSuite
  let owner: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    suite = await startPrivateSuite()
    owner = await createUserWithToken()
    project = await createProject(owner.token, { initialize_with_readme: true })
    // Every branch gets a CI configuration, so that branch pipelines can be created.
    await commitTo(owner.token, project.id, 'main', [
      { action: 'create', file_path: '.gitlab-ci.yml', content: CI_CONFIG },
    ])
  }, 180_000)

  afterAll(async () => {
    await suite?.stop()
  }, 60_000)

  async function mergeRequestOf(branch: string): Promise<{ mr: MergeRequestJson; head: string }> {
    const head = await featureBranch(owner.token, project.id, branch)
    const mr = await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: `Change ${branch}`,
    })
    await waitForDiff(owner.token, project.id, mr.iid, head)
    return { mr, head }
  }

  async function mergeRequest(iid: number): Promise<MergeRequestJson | undefined> {
    const res = await api<MergeRequestJson>(mrPath(project.id, iid), { token: owner.token })
    return res.status === 200 ? res.body : undefined
  }

  async function pushedTo(sha: string): Promise<boolean> {
    const res = await api<EventJson[]>(`/projects/${project.id}/events`, {
      token: owner.token,
      query: { action: 'pushed', per_page: 100 },
    })
    return res.status === 200 && res.body.some((event) => event.push_data?.commit_to === sha)
  }

  /** A push to an opened request's branch: a new diff version and a push event. */
  async function push(branch: string, iid: number): Promise<Write[]> {
    const res = await api<{ id: string }>(`/projects/${project.id}/repository/commits`, {
      method: 'POST',
      token: owner.token,
      body: {
        branch,
        commit_message: `More on ${branch}`,
        actions: [{ action: 'create', file_path: `${uniqueName('f')}.txt`, content: 'x\n' }],
      },
    })
    const sha = res.body?.id
    return [
      {
        what: `diff version of !${iid} at ${sha}`,
        status: res.status,
        effect: async () => {
          const mr = await mergeRequest(iid)
          return mr?.diff_refs?.head_sha === sha && mr?.sha === sha
        },
      },
      { what: `push event of ${sha}`, status: res.status, effect: () => pushedTo(sha) },
    ]
  }

  /** A new merge request from a prepared branch: its first diff version. */
  async function open(branch: string, head: string): Promise<Write> {
    const res = await api<MergeRequestJson>(mrPath(project.id), {
      method: 'POST',
      token: owner.token,
      body: { source_branch: branch, target_branch: 'main', title: `Open ${branch}` },
    })
    const iid = res.body?.iid
    return {
      what: `first diff version of new !${iid}`,
      status: res.status,
      effect: async () => (await mergeRequest(iid))?.diff_refs?.head_sha === head,
    }
  }

  /** A pipeline of a request's source branch: the request's head pipeline. */
  async function pipeline(branch: string, iid: number): Promise<Write> {
    const res = await api<{ id: number }>(`/projects/${project.id}/pipeline`, {
      method: 'POST',
      token: owner.token,
      body: { ref: branch },
    })
    const id = res.body?.id
    return {
      what: `head pipeline ${id} of !${iid}`,
      status: res.status,
      effect: async () =>
        ((await mergeRequest(iid))?.head_pipeline as { id?: number } | null)?.id === id,
    }
  }

  /** SIGKILLs the roles (the launcher restarts them); answers those it found. */
  function killRoles(roles: readonly string[]): string[] {
    const killed: string[] = []
    for (const role of roles) {
      const pid = suite.pidOf(role)
      if (pid === undefined) continue
      process.kill(pid, 'SIGKILL')
      killed.push(role)
    }
    return killed
  }

  /** Waits for every acknowledged write's effect; answers the figures. */
  async function settle(label: string, writes: Write[]) {
    const acknowledged = writes.filter((write) => write.status >= 200 && write.status < 300)
    const pending = new Set(acknowledged)
    const startedAt = Date.now()
    await eventually(
      async () => {
        for (const write of [...pending]) if (await write.effect()) pending.delete(write)
        return pending.size === 0
      },
      EFFECT_WAIT_MS,
      500,
    )
    const figures = {
      label,
      writes: writes.length,
      acknowledged: acknowledged.length,
      lost: pending.size,
      settledMs: Date.now() - startedAt,
    }
    process.stderr.write(
      `\n[resilience-queues] ${label}: acknowledged ${figures.acknowledged} of ${figures.writes}, ` +
        `lost ${figures.lost}, all effects seen ${figures.settledMs} ms after the fault\n`,
    )
    return { figures, lost: [...pending].map((write) => write.what) }
  }

  it('keeps every effect of writes made while Redis is frozen', async () => {
    const pushed = await Promise.all([0, 1, 2].map(() => mergeRequestOf(uniqueName('frz'))))
    const piped = await Promise.all([0, 1].map(() => mergeRequestOf(uniqueName('pipe'))))
    const fresh = await Promise.all(
      [0, 1].map(async () => {
        const branch = uniqueName('new')
        return { branch, head: await featureBranch(owner.token, project.id, branch) }
      }),
    )

    await suite.redis.admin.call('CLIENT', 'PAUSE', String(FREEZE_MS), 'WRITE')
    const frozenAt = Date.now()
    const writes = (
      await Promise.all([
        ...pushed.map(({ mr }) => push(mr.source_branch, mr.iid)),
        ...fresh.map(async ({ branch, head }) => [await open(branch, head)]),
        ...piped.map(async ({ mr }) => [await pipeline(mr.source_branch, mr.iid)]),
      ])
    ).flat()
    const answeredWithinFreeze = Date.now() - frozenAt < FREEZE_MS
    // Still frozen: the processes holding what they could not queue yet die with it.
    const killed = answeredWithinFreeze ? killRoles(FROZEN_KILLS) : []
    expect(killed).toEqual(answeredWithinFreeze ? FROZEN_KILLS : [])
    const { figures, lost } = await settle('Redis frozen', writes)
    process.stderr.write(
      `[resilience-queues] writes answered ${answeredWithinFreeze ? 'during' : 'after'} the ` +
        `freeze; killed while frozen: ${killed.join(', ') || 'none'}\n`,
    )
    expect(lost).toEqual([])
    // Most writes must be acknowledged, or the test proves nothing.
    expect(figures.acknowledged).toBeGreaterThanOrEqual(figures.writes - 1)
  }, 150_000)

  it('keeps every effect of writes whose workers are killed right after', async () => {
    const requests = await Promise.all([0, 1, 2, 3].map(() => mergeRequestOf(uniqueName('kil'))))
    const writes = (
      await Promise.all(requests.map(({ mr }) => push(mr.source_branch, mr.iid)))
    ).flat()
    const killed = killRoles(WORKER_KILLS)
    expect(killed).toEqual(WORKER_KILLS)
    const { figures, lost } = await settle(`killed ${killed.join(', ')}`, writes)
    expect(lost).toEqual([])
    expect(figures.acknowledged).toBe(writes.length)
  }, 150_000)
})
