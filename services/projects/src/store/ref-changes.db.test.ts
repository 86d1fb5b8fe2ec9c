import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  BRANCH_UPDATE_OUTBOX,
  HOOK_EVENT_OUTBOX,
  outboxTransactionsOf,
  startQueueOutboxRelay,
  type BranchUpdate,
  type Logger,
} from '@suite/runtime'
import type { Redis } from 'ioredis'
import { sql, type Kysely } from 'kysely'
import { startIntentSweeper } from '../repository/workers/intent-sweeper.js'
import { refChangeRecorder, type PushHookSource } from '../repository/store/ref-change-recorder.js'
import { RepositoryStore, type Repo } from '../repository/store/repository-store.js'
import { commitOn } from '../repository/testing/test-repo.js'
import { migratedDatabase, namespaceOf, projectDraft } from '../testing/test-database.js'
import { ProjectsStore } from './projects.store.js'
import { RefChangesStore } from './ref-changes.store.js'
import type { Database } from './schema.js'

let db: Kysely<Database>
let drop: () => Promise<void>
let root: string
let repositories: RepositoryStore
let store: RefChangesStore
let hooks: PushHookSource

const logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as Logger
const ME = { host: 'repo-0', processId: 'now' }
const EXTERNAL_URL = 'https://gitlab.example.com'
const EARLIER = { host: 'repo-0', processId: 'before-the-crash' }
const ELSEWHERE = { host: 'repo-1', processId: 'alive' }

beforeAll(async () => {
  ;({ db, drop } = await migratedDatabase('refs'))
  root = mkdtempSync(join(tmpdir(), 'ref-changes-test-'))
  repositories = new RepositoryStore(root, { path: process.env['PATH'] ?? '/usr/bin:/bin' })
  store = new RefChangesStore(db)
  hooks = {
    facts: (projectId: number) => store.pushHookFacts(projectId),
    externalUrl: EXTERNAL_URL,
  }
})

afterAll(async () => {
  rmSync(root, { recursive: true, force: true })
  await drop()
})

/** A project row (events need one) with its repository, one commit on main. */
async function projectWithRepo(): Promise<{ projectId: number; repo: Repo; head: string }> {
  const projectId = await new ProjectsStore(db).insert(
    projectDraft(namespaceOf('user', 50, { ownerId: 8 }), 'private'),
    [],
    8,
  )
  await repositories.create(projectId, 'main')
  const repo = repositories.repo(projectId)
  const head = await commitOn(repo, 'main', { 'README.md': 'hello\n' })
  return { projectId, repo, head }
}

async function recorded(projectId: number) {
  const events = await db
    .selectFrom('events')
    .innerJoin('push_event_payloads', 'push_event_payloads.event_id', 'events.id')
    .select(['events.author_id', 'push_event_payloads.ref', 'push_event_payloads.commit_to'])
    .where('events.project_id', '=', projectId)
    .orderBy('events.id')
    .execute()
  const updates = await db
    .selectFrom('branch_update_outbox')
    .select('payload')
    .where('idempotency_key', 'like', `branch_${projectId}_%`)
    .orderBy('id')
    .execute()
  const intents = await db
    .selectFrom('ref_write_intents')
    .select('process_id')
    .where('project_id', '=', projectId)
    .execute()
  return {
    events: events.map((row) => `${row.author_id}:${row.ref}:${row.commit_to}`),
    updates: updates.map((row) => BRANCH_UPDATE_OUTBOX.fromJSON(row.payload)),
    intents: intents.map((row) => row.process_id),
  }
}

/** A branch update's place in its push: a branch (not a tag), the push's first change. */
const FIRST_BRANCH = { tag: false, changeIndex: 0 }

describe('ref changes on PostgreSQL', () => {
  it("records a write's push event and branch update with the end of its intent", async () => {
    const { projectId, repo, head } = await projectWithRepo()
    let wakes = 0
    const recorder = refChangeRecorder({
      store,
      logger,
      hooks,
      owner: ME,
      wake: () => (wakes += 1),
    })
    const next = await recorder.write(repo, projectId, 8, async () => {
      const after = await commitOn(repo, 'main', { 'README.md': 'again\n' })
      return { result: after, changes: [{ ref: 'refs/heads/main', oldId: head, newId: after }] }
    })
    expect(await recorded(projectId)).toEqual({
      events: [`8:main:${next}`],
      updates: [
        { projectId, branch: 'main', before: head, after: next, userId: 8, ...FIRST_BRANCH },
      ],
      intents: [],
    })
    expect(wakes).toBe(1)
  })

  it('records what a failed write changed, from the refs, and rethrows', async () => {
    const { projectId, repo, head } = await projectWithRepo()
    const recorder = refChangeRecorder({ store, logger, hooks, owner: ME, wake: () => undefined })
    let moved = ''
    await expect(
      recorder.write(repo, projectId, 8, async () => {
        moved = await commitOn(repo, 'topic', { 'a.txt': 'a\n' }, { start: 'main' })
        throw new Error('the rest of the push was refused')
      }),
    ).rejects.toThrow('refused')
    const { updates, intents } = await recorded(projectId)
    expect(updates).toEqual([
      {
        projectId,
        branch: 'topic',
        before: '0'.repeat(head.length),
        after: moved,
        userId: 8,
        ...FIRST_BRANCH,
      },
    ])
    expect(intents).toEqual([])
  })

  it('derives the changes of a write whose process died, and leaves live writes alone', async () => {
    const { projectId, repo, head } = await projectWithRepo()
    // The earlier process stored its intent, moved main, and died before recording.
    await store.openIntent(EARLIER, projectId, 8, await repo.refs())
    const pushed = await commitOn(repo, 'main', { 'README.md': 'lost?\n' })
    // Another host's write in progress: not this process's to sweep yet.
    await store.openIntent(ELSEWHERE, projectId, 9, await repo.refs())

    let wakes = 0
    const stop = startIntentSweeper(
      { store, repositories, logger, hooks, owner: ME, wake: () => (wakes += 1) },
      { everyMs: 60_000 },
    )
    for (let i = 0; i < 100 && wakes === 0; i++) await new Promise((r) => setTimeout(r, 20))
    await stop()
    expect(await recorded(projectId)).toEqual({
      events: [`8:main:${pushed}`],
      updates: [
        { projectId, branch: 'main', before: head, after: pushed, userId: 8, ...FIRST_BRANCH },
      ],
      intents: ['alive'],
    })
  })

  it('writes push and tag push hook events only for a project with hooks that want them', async () => {
    const { projectId, repo, head } = await projectWithRepo()
    const recorder = refChangeRecorder({ store, logger, hooks, owner: ME, wake: () => undefined })
    const hookEvents = async () =>
      (
        await db
          .selectFrom('hook_event_outbox')
          .select('payload')
          .where(sql<boolean>`(payload ->> 'projectId')::bigint = ${projectId}`)
          .orderBy('id')
          .execute()
      ).map((row) => HOOK_EVENT_OUTBOX.fromJSON(row.payload))
    const first = await recorder.write(repo, projectId, 8, async () => {
      const after = await commitOn(repo, 'main', { 'a.txt': 'a\n' })
      return { result: after, changes: [{ ref: 'refs/heads/main', oldId: head, newId: after }] }
    })
    expect(await hookEvents()).toEqual([])

    await db
      .insertInto('web_hooks')
      .values({
        project_id: projectId,
        url_ciphertext: 'sealed',
        events: JSON.stringify({ push_events: true, tag_push_events: false }),
      })
      .execute()
    const second = await recorder.write(repo, projectId, 8, async () => {
      const after = await commitOn(repo, 'main', { 'a.txt': 'changed\n', 'b.txt': 'b\n' })
      return { result: after, changes: [{ ref: 'refs/heads/main', oldId: first, newId: after }] }
    })
    await recorder.write(repo, projectId, 8, async () => {
      await repo.run(['tag', 'v1', second])
      return {
        result: undefined,
        changes: [{ ref: 'refs/tags/v1', oldId: undefined, newId: second }],
      }
    })
    const events = await hookEvents()
    expect(events).toHaveLength(1)
    const [push] = events
    expect(push).toMatchObject({ projectId, kind: 'push_hooks', branch: 'main', userId: 8 })
    expect(Object.keys(push!.payload)).toEqual([
      'object_kind',
      'event_name',
      'before',
      'after',
      'ref',
      'ref_protected',
      'checkout_sha',
      'message',
      'user_id',
      'user_name',
      'user_username',
      'user_email',
      'user_avatar',
      'project_id',
      'project',
      'commits',
      'total_commits_count',
      'push_options',
      'repository',
    ])
    expect(push!.payload).toMatchObject({
      object_kind: 'push',
      before: first,
      after: second,
      ref: 'refs/heads/main',
      checkout_sha: second,
      total_commits_count: 1,
      commits: [
        {
          id: second,
          url: expect.stringMatching(new RegExp(`^${EXTERNAL_URL}/.+/-/commit/${second}$`)),
          added: ['b.txt'],
          modified: ['a.txt'],
          removed: [],
        },
      ],
    })
  })

  it('relays the branch updates to their queue and empties the outbox', async () => {
    const { projectId, repo, head } = await projectWithRepo()
    const recorder = refChangeRecorder({ store, logger, hooks, owner: ME, wake: () => undefined })
    await recorder.write(repo, projectId, undefined, async () => {
      const after = await commitOn(repo, 'main', { 'b.txt': 'b\n' })
      return { result: after, changes: [{ ref: 'refs/heads/main', oldId: head, newId: after }] }
    })
    const queued: BranchUpdate[] = []
    const relay = startQueueOutboxRelay(
      {
        stores: outboxTransactionsOf(db, BRANCH_UPDATE_OUTBOX),
        logger,
        redis: () => ({ status: 'ready', on: () => undefined }) as unknown as Redis,
        what: 'branch updates',
        createPublisher: () => ({
          publish: (update) => {
            queued.push(update)
            return Promise.resolve()
          },
          close: () => Promise.resolve(),
        }),
        keyOf: BRANCH_UPDATE_OUTBOX.keyOf,
      },
      { intervalMs: 60_000 },
    )
    for (let i = 0; i < 100 && queued.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
    await relay.stop()
    expect(queued.filter((update) => update.projectId === projectId)).toHaveLength(1)
    expect((await recorded(projectId)).updates).toEqual([])
  })
})
