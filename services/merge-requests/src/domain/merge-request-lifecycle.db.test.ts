import { AccessLevel, Project } from '@suite/proto'
import { ConflictError, ForbiddenError, InvalidError, PreconditionError } from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { memberCaller } from '../testing/test-callers.js'
import { attributes, FakeRepository, testDeps } from '../testing/test-deps.js'
import type { MergeRequestsDeps } from './ports.js'
import { createMergeRequest, type CreateMergeRequestInput } from './create-merge-request.js'
import { deleteMergeRequest } from './delete-merge-request.js'
import { listMergeRequests, type ListScope } from './list-merge-requests.js'
import { createMilestone } from './milestones.js'
import { updateMergeRequest } from './update-merge-request.js'

let test: TestDatabase
let deps: MergeRequestsDeps
const developer = memberCaller(1, AccessLevel.ACCESS_LEVEL_DEVELOPER)

function create(given: Partial<CreateMergeRequestInput>) {
  return createMergeRequest(deps, {
    caller: developer,
    projectId: 1,
    sourceBranch: 'feature',
    targetBranch: 'main',
    title: 'A change',
    targetProjectId: undefined,
    attributes: undefined,
    idempotencyKey: '',
    ...given,
  })
}

async function outboxActions(): Promise<string[]> {
  const rows = await test.db.selectFrom('event_outbox').select('payload').orderBy('id').execute()
  return rows.map((row) => (row.payload as { action: string }).action)
}

beforeAll(async () => {
  test = await createTestDatabase()
  const repository = new FakeRepository()
  for (const branch of ['main', 'feature', 'other', 'stable']) repository.setHead(1, branch, 'sha')
  deps = testDeps(test.db, {
    repository,
    usernames: new Map([['bob', 2]]),
    projects: [
      Project.fromPartial({
        id: 1,
        squashOption: 'default_off',
        mergeMethod: 'merge',
        flags: {},
        abilities: { readMergeRequest: true, readIssue: true },
      }),
    ],
    outsiderIds: [3],
  })
}, 60_000)

afterAll(async () => {
  await test.drop()
})

describe('merge request lifecycle against PostgreSQL', () => {
  it('creates with GitLab defaults, metadata and a created event', async () => {
    const milestone = await createMilestone(deps, developer, {
      projectId: 1,
      title: 'v1',
      description: '',
    })
    const created = await create({
      title: 'Draft: login',
      attributes: attributes({
        description: '- [x] one\n- [ ] two',
        setLabels: true,
        labels: ['zeta,alpha', 'zeta'],
        setAssignees: true,
        // 0 and 500 (no such user) and 3 (who may not read the project) are dropped.
        assigneeIds: [2, 0, 500, 3],
        setReviewers: true,
        reviewerIds: [3, 2],
        milestoneId: milestone.id,
      }),
    })
    expect(created).toMatchObject({
      iid: 1,
      draft: true,
      mergeStatus: 'unchecked',
      detailedMergeStatus: 'unchecked',
      sha: '',
      diffRefs: undefined,
      changesCount: undefined,
      subscribed: true,
      assigneeIds: [2],
      reviewerIds: [2],
      taskCount: 2,
      taskCompletedCount: 1,
      forceRemoveSourceBranch: true,
      squash: false,
    })
    expect(created.labels.map((label) => [label.title, label.color, label.textColor])).toEqual([
      ['alpha', '#6699cc', '#FFFFFF'],
      ['zeta', '#6699cc', '#FFFFFF'],
    ])
    expect(created.milestone?.title).toBe('v1')
    expect(await outboxActions()).toEqual(['created'])
  })

  it('refuses what GitLab refuses', async () => {
    await expect(create({})).rejects.toThrow(
      new ConflictError('Another open merge request already exists for this source branch: !1'),
    )
    await expect(create({ sourceBranch: 'main' })).rejects.toBeInstanceOf(PreconditionError)
    await expect(create({ sourceBranch: 'gone' })).rejects.toThrow(
      'Source branch "gone" does not exist',
    )
    await expect(create({ sourceBranch: 'other', title: ' ' })).rejects.toBeInstanceOf(InvalidError)
    await expect(
      create({
        sourceBranch: 'other',
        attributes: attributes({ description: 'x'.repeat(1_048_577) }),
      }),
    ).rejects.toMatchObject({
      fieldErrors: { description: ['is too long (maximum is 1048576 characters)'] },
    })
    await expect(
      create({ sourceBranch: 'other', caller: memberCaller(1, AccessLevel.ACCESS_LEVEL_REPORTER) }),
    ).rejects.toBeInstanceOf(ForbiddenError)
  })

  it('answers a retried create with the first request', async () => {
    const first = await create({ sourceBranch: 'other', idempotencyKey: 'k1' })
    const again = await create({ sourceBranch: 'other', idempotencyKey: 'k1' })
    expect(again.id).toBe(first.id)
    expect(first.iid).toBe(2)
  })

  it('updates only what changed, closes and refuses a conflicting reopen', async () => {
    const key = { caller: developer, projectId: 1 }
    const same = await updateMergeRequest(deps, {
      ...key,
      iid: 1,
      attributes: attributes({ title: 'Draft: login' }),
    })
    const before = same.updatedAt
    const retitled = await updateMergeRequest(deps, {
      ...key,
      iid: 1,
      attributes: attributes({ title: 'login', addLabels: ['beta'], removeLabels: ['ZETA'] }),
    })
    expect(retitled.draft).toBe(false)
    expect(retitled.labels.map((label) => label.title)).toEqual(['alpha', 'beta'])
    expect(retitled.updatedAt?.getTime()).toBeGreaterThan(before?.getTime() ?? 0)
    const unset = await updateMergeRequest(deps, {
      ...key,
      iid: 1,
      attributes: attributes({ milestoneId: 0 }),
    })
    expect(unset.milestone).toBeUndefined()
    // Resource label and milestone events: creation's, then this update's, each by its user.
    const labelEvents = await deps.stores.labelEvents.list(retitled.id, { limit: 20, offset: 0 })
    expect(
      labelEvents.events.map((event) => [event.action, event.label?.title, event.userId]),
    ).toEqual([
      ['add', 'zeta', 1],
      ['add', 'alpha', 1],
      ['add', 'beta', 1],
      ['remove', 'zeta', 1],
    ])
    const milestoneEvents = await deps.stores.milestoneEvents.list(retitled.id, {
      limit: 20,
      offset: 0,
    })
    expect(
      milestoneEvents.events.map((event) => [event.action, event.milestone?.title, event.state]),
    ).toEqual([
      ['add', 'v1', 'opened'],
      ['remove', 'v1', 'opened'],
    ])
    const closed = await updateMergeRequest(deps, {
      ...key,
      iid: 1,
      attributes: attributes({ stateEvent: 'close' }),
    })
    expect(closed).toMatchObject({ state: 'closed', closedById: 1 })
    await create({ title: 'Replacement' })
    await expect(
      updateMergeRequest(deps, {
        ...key,
        iid: 1,
        attributes: attributes({ stateEvent: 'reopen' }),
      }),
    ).rejects.toBeInstanceOf(ConflictError)
    expect(await outboxActions()).toEqual([
      'created',
      'created',
      'updated',
      'updated',
      'closed',
      'created',
    ])
    await expect(
      updateMergeRequest(deps, {
        caller: memberCaller(7, AccessLevel.ACCESS_LEVEL_REPORTER),
        projectId: 1,
        iid: 2,
        attributes: attributes({}),
      }),
    ).rejects.toBeInstanceOf(ForbiddenError)
  })

  it('lists with usernames resolved and the scope defaults', async () => {
    const list = (scope: ListScope, given: object = {}) =>
      listMergeRequests(deps, {
        caller: developer,
        listScope: scope,
        projectId: 1,
        groupId: 0,
        scope: '',
        state: 'opened',
        filter: undefined,
        not: undefined,
        orderBy: '',
        ascending: true,
        page: { page: 1, perPage: 20 },
        withMergeStatusRecheck: true,
        nonArchived: true,
        ...given,
      })
    const project = await list('project')
    expect(project.mergeRequests.map((mr) => mr.iid)).toEqual([2, 3])
    const byBob = await list('project', {
      state: 'all',
      filter: { assignee: { username: 'bob', none: false, any: false }, iids: [], searchIn: [] },
    })
    expect(byBob.mergeRequests.map((mr) => mr.iid)).toEqual([1])
    const mine = await list('global', {
      caller: memberCaller(9, AccessLevel.ACCESS_LEVEL_NO_ACCESS),
    })
    expect(mine.total).toBe(0)
  })

  it('deletes for owners only', async () => {
    await expect(
      deleteMergeRequest(deps, memberCaller(1, AccessLevel.ACCESS_LEVEL_MAINTAINER), {
        projectId: 1,
        iid: 3,
      }),
    ).rejects.toBeInstanceOf(ForbiddenError)
    await deleteMergeRequest(deps, memberCaller(1, AccessLevel.ACCESS_LEVEL_OWNER), {
      projectId: 1,
      iid: 3,
    })
    await expect(
      deleteMergeRequest(deps, memberCaller(1, AccessLevel.ACCESS_LEVEL_OWNER), {
        projectId: 1,
        iid: 3,
      }),
    ).rejects.toThrow('Merge Request Not Found')
  })

  it('validates milestones as GitLab', async () => {
    await expect(
      createMilestone(deps, developer, { projectId: 1, title: 'v1', description: '' }),
    ).rejects.toThrow(
      'Failed to create milestone {:title=>["already being used for another group or project milestone."]}',
    )
    await expect(
      createMilestone(deps, developer, { projectId: 1, title: '', description: '' }),
    ).rejects.toThrow('Failed to create milestone {:title=>["can\'t be blank"]}')
    await expect(
      createMilestone(deps, memberCaller(1, AccessLevel.ACCESS_LEVEL_GUEST), {
        projectId: 1,
        title: 'v2',
        description: '',
      }),
    ).rejects.toBeInstanceOf(ForbiddenError)
  })
})
