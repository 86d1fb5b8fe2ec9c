import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { api } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import { cloneUrl, commitFile, git, gitOk, withTempDir } from './support/git'
import { HookReceiver } from './support/hook-receiver'
import { commitTo, projectWithMain } from './support/merge-requests'
import {
  privateRedisUnavailable,
  startPrivateSuite,
  type PrivateSuite,
} from './support/private-suite'
import { describeUnless } from './support/skip'
import { rootToken } from './support/suite-state'
import type { ProjectJson } from './support/types'

// Issue 24: shared resources bounded per tenant. A private suite with small limits: pushes of
// at most 1 MiB, four webhook delivery slots of which one project may hold two, one attempt
// per delivery and GitLab's 10 s webhook timeout.
jest.setTimeout(180_000)

interface HookLogJson {
  url: string
  response_status: string
  execution_duration: number
}

const WEBHOOK_TIMEOUT_S = 10

async function addHook(owner: UserWithToken, project: ProjectJson, url: string): Promise<number> {
  const res = await api<{ id: number }>(`/projects/${project.id}/hooks`, {
    method: 'POST',
    token: owner.token,
    body: { url, push_events: true },
  })
  expect(res.status).toBe(201)
  return res.body.id
}

async function hookLog(owner: UserWithToken, project: ProjectJson, hookId: number) {
  const res = await api<HookLogJson[]>(`/projects/${project.id}/hooks/${hookId}/events`, {
    token: owner.token,
  })
  expect(res.status).toBe(200)
  return res.body
}

const newFile = () => [
  { action: 'create' as const, file_path: `${uniqueName('f')}.txt`, content: 'x\n' },
]

describeUnless(privateRedisUnavailable(), 'tenant-limits.test.ts')('limits per tenant', () => {
  let suite: PrivateSuite
  let owner: UserWithToken

  beforeAll(async () => {
    suite = await startPrivateSuite({
      RECEIVE_MAX_INPUT_SIZE_MB: '1',
      WEBHOOK_DELIVERY_CONCURRENCY: '4',
      WEBHOOK_DELIVERY_CONCURRENCY_PER_PROJECT: '2',
      WEBHOOK_DELIVERY_ATTEMPTS: '1',
      WEBHOOK_TIMEOUT_SECONDS: String(WEBHOOK_TIMEOUT_S),
    })
    owner = await createUserWithToken()
  }, 240_000)

  afterAll(async () => {
    await suite?.stop()
  })

  describe('push size (RECEIVE_MAX_INPUT_SIZE_MB)', () => {
    it('refuses a push over the limit through the git client, and takes one under it', async () => {
      const { project } = await projectWithMain(owner)
      const url = cloneUrl(project.path_with_namespace, {
        username: owner.user.username,
        token: owner.token,
      })
      await withTempDir(async (dir) => {
        await gitOk(['clone', '-q', url, 'work'], dir)
        const work = join(dir, 'work')
        // Random bytes do not compress: the pack is about 3 MiB.
        writeFileSync(join(work, 'big.bin'), randomBytes(3 * 1024 * 1024))
        await gitOk(['add', 'big.bin'], work)
        await gitOk(['commit', '-q', '-m', 'too big'], work)
        const started = Date.now()
        const refused = await git(['push', 'origin', 'HEAD:main'], work, {}, 60_000)
        expect(refused.code).not.toBe(0)
        expect(refused.stderr).toContain('pack exceeds maximum allowed size')
        expect(refused.stderr).toMatch(/\[remote rejected\] HEAD -> main \(unpacker error\)/)
        expect(refused.stderr).not.toMatch(/HTTP 5\d\d|RPC failed/)
        expect(Date.now() - started).toBeLessThan(30_000)

        // The branch did not move; a small push still goes through.
        await gitOk(['reset', '-q', '--hard', 'HEAD~1'], work)
        const small = await commitFile(work, 'small.txt', 'small\n', 'small')
        const pushed = await git(['push', 'origin', 'HEAD:main'], work, {}, 60_000)
        expect(pushed.stderr).not.toContain('exceeds')
        expect(pushed.code).toBe(0)
        const branch = await api<{ commit: { id: string } }>(
          `/projects/${project.id}/repository/branches/main`,
          { token: owner.token },
        )
        expect(branch.body.commit.id).toBe(small)
      })
    })
  })

  describe('webhook deliveries', () => {
    const receiver = new HookReceiver()

    beforeAll(async () => {
      await receiver.start()
      receiver.drips = (hook) => hook.path.startsWith('/drip')
      const allowed = await api('/application/settings', {
        method: 'PUT',
        token: rootToken(),
        body: { allow_local_requests_from_web_hooks_and_services: true },
      })
      expect(allowed.status).toBe(200)
    })

    afterAll(async () => {
      await receiver.stop()
    })

    it("stop at the total timeout, and one project's slow receivers leave other projects their slots", async () => {
      const slow = (await projectWithMain(owner)).project
      const other = (await projectWithMain(owner)).project
      // As many dripping hooks as there are delivery slots in all.
      const slowHooks: number[] = []
      for (let i = 1; i <= 4; i++)
        slowHooks.push(await addHook(owner, slow, receiver.url(`/drip/${i}`)))
      const fastHook = await addHook(owner, other, receiver.url('/fast'))

      const slowAfter = await commitTo(owner.token, slow.id, 'main', newFile())
      // Two of the four drip at once (the project's cap); the other two wait for them.
      const dripping = () =>
        receiver.received.filter((hook) => hook.path.startsWith('/drip')).length
      const deadline = Date.now() + 30_000
      while (dripping() < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      expect(dripping()).toBe(2)

      const pushedAt = Date.now()
      const otherAfter = await commitTo(owner.token, other.id, 'main', newFile())
      const [fast] = await receiver.waitFor('/fast', (hook) => hook.body['after'] === otherAfter)
      const fastMs = Date.now() - pushedAt
      expect(fast).toBeDefined()
      // Delivered while the slow project's receivers still hold their requests open.
      expect(receiver.hungUp).toEqual([])
      expect(fastMs).toBeLessThan(WEBHOOK_TIMEOUT_S * 1000 - 2_000)

      // Every slow delivery is given up at the total timeout although bytes keep coming.
      const allDone = Date.now() + 4 * WEBHOOK_TIMEOUT_S * 1000
      while (receiver.hungUp.length < 4 && Date.now() < allDone) {
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      expect(receiver.hungUp).toHaveLength(4)
      for (const { afterMs } of receiver.hungUp) {
        expect(afterMs).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_S * 1000 - 500)
        expect(afterMs).toBeLessThan(WEBHOOK_TIMEOUT_S * 1000 + 3_000)
      }
      for (const hookId of slowHooks) {
        const [entry] = await hookLog(owner, slow, hookId)
        expect(entry?.response_status).toBe('internal error')
        expect(entry?.execution_duration).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_S - 0.5)
        expect(entry?.execution_duration).toBeLessThan(WEBHOOK_TIMEOUT_S + 3)
      }
      const received = receiver.received.filter((hook) => hook.path.startsWith('/drip'))
      expect(received.map((hook) => hook.body['after'])).toEqual(Array(4).fill(slowAfter))
      const [fastEntry] = await hookLog(owner, other, fastHook)
      expect(fastEntry?.response_status).toBe('200')
    })
  })
})
