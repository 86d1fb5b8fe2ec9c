import { AccessLevel, CompareCommitsResponse, Project } from '@suite/proto'
import { ForbiddenError, HOOK_EVENT_OUTBOX, type HookEvent } from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { memberCaller } from '../testing/test-callers.js'
import { attributes, createTestDeps, FakeRepository, type TestDeps } from '../testing/test-deps.js'
import { approve, unapprove } from './approvals.js'
import { notePushedCommits } from './commit-notes.js'
import { createMergeRequest } from './create-merge-request.js'
import { collectDiffVersion } from './diff-collection.js'
import { mergeMergeRequest } from './merge.js'
import { sampleHookEvent } from './merge-request-hooks.js'
import { createNote, updateNote } from './notes.js'
import { updateMergeRequest } from './update-merge-request.js'

const project = Project.fromPartial({
  id: 1,
  path: 'app',
  namespaceFullPath: 'group',
  mergeMethod: 'merge',
  squashOption: 'default_off',
  flags: { remove_source_branch_after_merge: false },
})
const developer = memberCaller(2, AccessLevel.ACCESS_LEVEL_DEVELOPER)
const maintainer = memberCaller(3, AccessLevel.ACCESS_LEVEL_MAINTAINER)
const REQUEST_URL = 'http://localhost:8080/group/app/-/merge_requests'

let database: TestDatabase
let repository: FakeRepository
let test: TestDeps

/** The hook events written since the test began, oldest first. */
async function hookEvents(): Promise<HookEvent[]> {
  const rows = await database.db
    .selectFrom('hook_event_outbox')
    .select('payload')
    .orderBy('id')
    .execute()
  return rows.map((row) => HOOK_EVENT_OUTBOX.fromJSON(row.payload))
}

const attributesOf = (event: HookEvent | undefined) =>
  event?.payload['object_attributes'] as Record<string, unknown> | undefined

function create(sourceBranch: string, title: string) {
  return createMergeRequest(test.deps, {
    caller: developer,
    projectId: 1,
    sourceBranch,
    targetBranch: 'main',
    title,
    targetProjectId: undefined,
    attributes: undefined,
    idempotencyKey: '',
  })
}

beforeAll(async () => {
  database = await createTestDatabase()
}, 60_000)
afterAll(async () => {
  await database.drop()
})
beforeEach(async () => {
  await database.db.deleteFrom('hook_event_outbox').execute()
  repository = new FakeRepository()
  repository.compare = CompareCommitsResponse.fromPartial({
    commits: [{ id: 'head-1', shortId: 'head-1', title: 'One', message: 'One\n' }],
    diffs: [{ oldPath: 'a', newPath: 'a', diff: '@@ -1 +1 @@\n-a\n+b\n' }],
    realSize: 1,
  })
  for (const branch of [
    'main',
    'open-close',
    'to-merge',
    'noted',
    'internal-noted',
    'normalised',
    'approved',
    'pushed',
  ]) {
    repository.setHead(1, branch, branch === 'main' ? 'main-1' : 'head-1')
  }
  test = createTestDeps(database.db, { repository, projects: [project] })
})
afterEach(async () => {
  await test.close()
})

describe('merge request webhook events in the hook event outbox', () => {
  it('writes open with the first diff version and close with the update, by the acting user', async () => {
    const created = await create('open-close', 'Open me')
    // GitLab runs the open hook once the request's diff exists, so it names the last commit.
    expect(await hookEvents()).toEqual([])
    await collectDiffVersion(test.deps, created.id)
    await updateMergeRequest(test.deps, {
      caller: developer,
      projectId: 1,
      iid: created.iid,
      attributes: attributes({ stateEvent: 'close', title: 'Closed now' }),
    })

    const [open, close, ...rest] = await hookEvents()
    expect(rest).toEqual([])
    expect(open).toMatchObject({
      projectId: 1,
      kind: 'merge_request_hooks',
      userId: 2,
      projectBlocks: { 'object_attributes.source': 1, 'object_attributes.target': 1 },
      payload: { object_kind: 'merge_request', event_type: 'merge_request', changes: {} },
    })
    expect(attributesOf(open)).toMatchObject({
      id: created.id,
      iid: created.iid,
      title: 'Open me',
      state: 'opened',
      url: `${REQUEST_URL}/${created.iid}`,
      action: 'open',
      last_commit: { id: 'head-1' },
    })
    // Kept as text, the payload keeps GitLab's key order.
    expect(Object.keys(open?.payload ?? {})).toEqual([
      'object_kind',
      'event_type',
      'user',
      'project',
      'object_attributes',
      'labels',
      'changes',
      'repository',
    ])
    expect(close?.uuid).not.toBe(open?.uuid)
    expect(attributesOf(close)).toMatchObject({ state: 'closed', state_id: 2, action: 'close' })
    expect(close?.payload['changes']).toMatchObject({
      state_id: { previous: 1, current: 2 },
      title: { previous: 'Open me', current: 'Closed now' },
    })
  })

  it('writes merge with the merge', async () => {
    const created = await create('to-merge', 'Merge me')
    await collectDiffVersion(test.deps, created.id)
    await database.db.deleteFrom('hook_event_outbox').execute()
    await mergeMergeRequest(test.deps, created, {
      caller: maintainer,
      projectId: 1,
      iid: created.iid,
      sha: 'head-1',
      committerName: 'Maintainer',
      committerEmail: 'm@example.com',
    })

    const events = await hookEvents()
    expect(events.map((event) => attributesOf(event)?.['action'])).toEqual(['merge'])
    expect(events[0]).toMatchObject({ kind: 'merge_request_hooks', userId: 3 })
    expect(attributesOf(events[0])).toMatchObject({
      state: 'merged',
      merge_commit_sha: 'merge-sha',
      merge_user_id: 3,
    })
  })

  it('writes approved and unapproved with the approval', async () => {
    const created = await create('approved', 'Approve me')
    await database.db.deleteFrom('hook_event_outbox').execute()
    const key = { projectId: 1, iid: created.iid }
    await approve(test.deps, maintainer, key, undefined)
    await unapprove(test.deps, maintainer, key)

    const events = await hookEvents()
    expect(events.map((event) => [event.userId, attributesOf(event)?.['action']])).toEqual([
      [3, 'approved'],
      [3, 'unapproved'],
    ])
  })

  it('writes update with oldrev and the new last commit once per push', async () => {
    const created = await create('pushed', 'Push to me')
    await database.db.deleteFrom('hook_event_outbox').execute()
    const update = {
      projectId: 1,
      branch: 'pushed',
      before: 'b'.repeat(40),
      after: 'head-1',
      userId: 2,
    }
    await notePushedCommits(test.deps, update)
    await notePushedCommits(test.deps, update)

    // The push brought the first version: the open hook goes first, then the update.
    const events = await hookEvents()
    expect(events.map((event) => attributesOf(event)?.['action'])).toEqual(['open', 'update'])
    expect(events[1]).toMatchObject({ kind: 'merge_request_hooks', userId: 2 })
    expect(attributesOf(events[1])).toMatchObject({
      iid: created.iid,
      action: 'update',
      oldrev: 'b'.repeat(40),
      last_commit: {
        id: 'head-1',
        title: 'One',
        url: 'http://localhost:8080/group/app/-/commit/head-1',
      },
    })
  })

  it('writes note hooks for user notes only, on create and update', async () => {
    const created = await create('noted', 'Talk about me')
    // The title change writes a system note: it fires no note hook.
    await updateMergeRequest(test.deps, {
      caller: developer,
      projectId: 1,
      iid: created.iid,
      attributes: attributes({ title: 'Talked about' }),
    })
    const key = { projectId: 1, iid: created.iid }
    const note = await createNote(test.deps, developer, key, {
      body: 'First',
      internal: false,
      createdAt: null,
    })
    await updateNote(test.deps, developer, key, note.id, 'First, edited')

    const events = (await hookEvents()).filter((event) => event.kind === 'note_hooks')
    expect(events).toHaveLength(2)
    const [create_, update] = events
    expect(create_).toMatchObject({
      projectId: 1,
      userId: 2,
      payload: { object_kind: 'note', event_type: 'note', project_id: 1 },
    })
    expect(attributesOf(create_)).toMatchObject({
      id: note.id,
      note: 'First',
      noteable_type: 'MergeRequest',
      noteable_id: created.id,
      system: false,
      url: `${REQUEST_URL}/${created.iid}#note_${note.id}`,
      action: 'create',
    })
    expect(create_?.payload['merge_request']).toMatchObject({
      iid: created.iid,
      title: 'Talked about',
    })
    expect(attributesOf(update)).toMatchObject({ note: 'First, edited', action: 'update' })
  })

  it('saves the body as GitLab does, and an edit to the same body writes no hook', async () => {
    const created = await create('normalised', 'Danger was here')
    const key = { projectId: 1, iid: created.iid }
    const note = await createNote(test.deps, developer, key, {
      body: 'Danger  \r\nsays hi\r\n ',
      internal: false,
      createdAt: null,
    })
    expect(note.body).toBe('Danger  \nsays hi')
    const before = (await hookEvents()).length
    const same = await updateNote(test.deps, developer, key, note.id, 'Danger  \r\nsays hi\r\n')
    expect(same).toEqual(note)
    expect(await hookEvents()).toHaveLength(before)
  })

  it('writes an internal note as a confidential_note event for confidential note hooks only', async () => {
    const created = await create('internal-noted', 'Internal talk')
    const key = { projectId: 1, iid: created.iid }
    const before = (await hookEvents()).length
    const note = await createNote(test.deps, developer, key, {
      body: 'Between us',
      internal: true,
      createdAt: null,
    })
    expect(note.internal).toBe(true)
    await updateNote(test.deps, developer, key, note.id, 'Between us, edited')

    const events = (await hookEvents()).slice(before)
    expect(events.map((event) => event.kind)).toEqual([
      'confidential_note_hooks',
      'confidential_note_hooks',
    ])
    expect(events[0]?.payload).toMatchObject({
      object_kind: 'note',
      event_type: 'confidential_note',
    })
    expect(attributesOf(events[1])).toMatchObject({ id: note.id, action: 'update' })
  })

  it('samples the newest request and the newest user note for a hook test', async () => {
    await database.db.deleteFrom('notes').execute()
    await database.db.deleteFrom('merge_requests').execute()
    expect(await sampleHookEvent(test.deps, maintainer, 1, 'merge_request_hooks')).toBeUndefined()
    expect(await sampleHookEvent(test.deps, maintainer, 1, 'note_hooks')).toBeUndefined()
    await create('open-close', 'Older')
    const newest = await create('noted', 'Newest')
    const note = await createNote(
      test.deps,
      developer,
      { projectId: 1, iid: newest.iid },
      {
        body: 'Sampled',
        internal: false,
        createdAt: null,
      },
    )

    const mergeRequest = await sampleHookEvent(test.deps, maintainer, 1, 'merge_request_hooks')
    expect(mergeRequest).toMatchObject({ kind: 'merge_request_hooks', projectId: 1, userId: 3 })
    expect(attributesOf(mergeRequest)).toMatchObject({ iid: newest.iid, action: 'open' })
    const sampled = await sampleHookEvent(test.deps, maintainer, 1, 'note_hooks')
    expect(attributesOf(sampled)).toMatchObject({ id: note.id, note: 'Sampled', action: 'create' })

    // Only for callers who may read the project's requests.
    const elsewhere = memberCaller(3, AccessLevel.ACCESS_LEVEL_MAINTAINER, { projectId: 2 })
    await expect(sampleHookEvent(test.deps, elsewhere, 1, 'note_hooks')).rejects.toThrow(
      ForbiddenError,
    )
  })
})
