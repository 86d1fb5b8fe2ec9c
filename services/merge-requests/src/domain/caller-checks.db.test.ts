/**
 * The service checks the caller itself, endpoint by endpoint, from the
 * abilities handed in with it: GitLab's statuses for each refusal.
 */
import { AccessLevel, Project, ProjectAbilities } from '@suite/proto'
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { memberCaller, publicAbilities } from '../testing/test-callers.js'
import { FakeRepository, attributes, testDeps, testProject } from '../testing/test-deps.js'
import { acceptMergeRequest } from './accept-merge-request.js'
import type { Caller } from './caller.js'
import { createAwardEmoji, listAwardEmoji } from './award-emoji.js'
import { deleteMergeRequest } from './delete-merge-request.js'
import type { MergeRequestsDeps } from './ports.js'
import { listLabels } from './labels.js'
import { listMergeRequests, type ListScope } from './list-merge-requests.js'
import type { MergeInput } from './merge.js'
import type { MergeRequest } from './merge-request.js'
import { requireMergeRequest } from './merge-request-access.js'
import { createMilestone, listMilestones } from './milestones.js'
import { listMergeRequestPipelines } from './mr-pipelines.js'
import { updateMergeRequest } from './update-merge-request.js'

const { ACCESS_LEVEL_NO_ACCESS, ACCESS_LEVEL_GUEST, ACCESS_LEVEL_REPORTER } = AccessLevel
const { ACCESS_LEVEL_DEVELOPER, ACCESS_LEVEL_MAINTAINER } = AccessLevel

let test: TestDatabase
let deps: MergeRequestsDeps
const project = Project.fromPartial({ id: 1, defaultBranch: 'main', mergeMethod: 'merge' })

beforeAll(async () => {
  test = await createTestDatabase()
  const repository = new FakeRepository()
  repository.setHead(1, 'main', 'main-sha')
  deps = testDeps(test.db, { repository, projects: [project] })
})
afterAll(() => test.drop())

const keyOf = (row: MergeRequest) => ({ projectId: row.targetProjectId, iid: row.iid })
const mergeAsked = (caller: Caller, row: MergeRequest): MergeInput => ({
  caller,
  projectId: 1,
  iid: row.iid,
  committerName: '',
  committerEmail: '',
})
const guest = memberCaller(5, ACCESS_LEVEL_GUEST)
const reporter = memberCaller(6, ACCESS_LEVEL_REPORTER)
const developer = memberCaller(7, ACCESS_LEVEL_DEVELOPER)

/** What the call was refused with ('resolved' when it was not). */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'resolved',
    (error: unknown) => error,
  )
}

describe('finding a merge request for the caller', () => {
  it('is 403 without abilities for this project, 404 Project when it is unreadable', async () => {
    const row = await insertTestMergeRequest(test.db)
    const noAbilities: Caller = { ...developer, project: undefined }
    expect(await failure(requireMergeRequest(deps, noAbilities, keyOf(row)))).toBeInstanceOf(
      ForbiddenError,
    )
    const elsewhere = memberCaller(7, ACCESS_LEVEL_DEVELOPER, { projectId: 2 })
    expect(await failure(requireMergeRequest(deps, elsewhere, keyOf(row)))).toBeInstanceOf(
      ForbiddenError,
    )
    const outsider = memberCaller(8, ACCESS_LEVEL_NO_ACCESS)
    expect(await failure(requireMergeRequest(deps, outsider, keyOf(row)))).toEqual(
      new NotFoundError('Project'),
    )
  })

  it('is 404 for an unknown request before 403 for an unreadable one', async () => {
    const row = await insertTestMergeRequest(test.db)
    expect(await failure(requireMergeRequest(deps, guest, { projectId: 1, iid: 999 }))).toEqual(
      new NotFoundError('Merge Request'),
    )
    expect(await failure(requireMergeRequest(deps, guest, keyOf(row)))).toEqual(
      new ForbiddenError(),
    )
    expect((await requireMergeRequest(deps, reporter, keyOf(row))).id).toBe(row.id)
  })

  it('hides an unreadable request from merge and delete (404, as their finder)', async () => {
    const row = await insertTestMergeRequest(test.db)
    expect(await failure(deleteMergeRequest(deps, guest, keyOf(row)))).toEqual(
      new NotFoundError('Merge Request'),
    )
    const merge = mergeAsked(guest, row)
    expect(await failure(acceptMergeRequest(deps, merge))).toEqual(
      new NotFoundError('Merge Request'),
    )
  })
})

describe('merge: pushing to the target branch', () => {
  it('answers 401 to a reader who may not push (a reporter)', async () => {
    const row = await insertTestMergeRequest(test.db, { target_branch: 'main' })
    const merge = mergeAsked(reporter, row)
    expect(await failure(acceptMergeRequest(deps, merge))).toBeInstanceOf(UnauthenticatedError)
  })
})

describe('update: author and assignee rules on top of the abilities', () => {
  it('lets a reporter who wrote it update it, not one who did not', async () => {
    const row = await insertTestMergeRequest(test.db, { author_id: 6 })
    const update = (caller: Caller) =>
      updateMergeRequest(deps, {
        caller,
        projectId: 1,
        iid: row.iid,
        attributes: attributes({ title: `Retitled by ${caller.userId}` }),
      })
    expect((await update(reporter)).title).toBe('Retitled by 6')
    const other = memberCaller(9, ACCESS_LEVEL_REPORTER)
    expect(await failure(update(other))).toBeInstanceOf(ForbiddenError)
  })

  it('keeps authors out of an archived project', async () => {
    const archived = testDeps(test.db, {
      projects: [Project.fromPartial({ ...project, archived: true })],
    })
    const row = await insertTestMergeRequest(test.db, { author_id: 6 })
    const asked = updateMergeRequest(archived, {
      caller: reporter,
      projectId: 1,
      iid: row.iid,
      attributes: attributes({ title: 'No' }),
    })
    expect(await failure(asked)).toBeInstanceOf(ForbiddenError)
  })

  it('does not reopen a locked discussion', async () => {
    const row = await insertTestMergeRequest(test.db, {
      state: 'closed',
      discussion_locked: true,
      source_branch: 'main',
      target_branch: 'stable',
    })
    const reopened = await updateMergeRequest(deps, {
      caller: memberCaller(7, ACCESS_LEVEL_MAINTAINER),
      projectId: 1,
      iid: row.iid,
      attributes: attributes({ stateEvent: 'reopen' }),
    })
    expect(reopened.state).toBe('closed')
  })
})

describe('award emoji: 404 Award Emoji when the caller may not read or award', () => {
  it('applies read_merge_request, award_emoji and the locked discussion', async () => {
    const row = await insertTestMergeRequest(test.db, { discussion_locked: true })
    expect(await failure(listAwardEmoji(deps, guest, keyOf(row), undefined))).toEqual(
      new NotFoundError('Award Emoji'),
    )
    const visitor = memberCaller(10, ACCESS_LEVEL_NO_ACCESS, { abilities: publicAbilities(1) })
    expect((await listAwardEmoji(deps, visitor, keyOf(row), undefined)).total).toBe(0)
    expect(await failure(createAwardEmoji(deps, visitor, keyOf(row), 'tada'))).toEqual(
      new NotFoundError('Award Emoji'),
    )
    expect((await createAwardEmoji(deps, reporter, keyOf(row), 'tada')).userId).toBe(6)
  })
})

describe('milestones, labels and pipelines', () => {
  it('lists milestones and labels with read_milestone / read_label, creates with admin_milestone', async () => {
    const outsider = memberCaller(8, ACCESS_LEVEL_NO_ACCESS)
    const query = { projectId: 1, iids: [], limit: 20, offset: 0 }
    expect(await failure(listMilestones(deps, outsider, query))).toEqual(
      new NotFoundError('Project'),
    )
    expect((await listMilestones(deps, guest, query)).total).toBe(0)
    expect((await listLabels(deps, guest, { projectId: 1, page: 1, perPage: 20 })).total).toBe(0)
    const milestone = { projectId: 1, title: 'v9', description: '' }
    expect(await failure(createMilestone(deps, guest, milestone))).toBeInstanceOf(ForbiddenError)
    expect((await createMilestone(deps, reporter, milestone)).title).toBe('v9')
  })

  it('lists no pipelines to a caller without read_pipeline, without asking ci-triggers', async () => {
    const row = await insertTestMergeRequest(test.db)
    expect(await listMergeRequestPipelines(deps, guest, row, undefined)).toEqual({
      ids: [],
      total: 0,
    })
  })
})

describe('lists', () => {
  it('checks read_merge_request on a project list (403), and asks for the scope otherwise', async () => {
    const list = (caller: Caller, listScope: ListScope) =>
      listMergeRequests(deps, {
        caller,
        listScope,
        projectId: 1,
        groupId: 0,
        scope: 'all',
        state: '',
        filter: undefined,
        not: undefined,
        orderBy: '',
        ascending: true,
        page: undefined,
        withMergeStatusRecheck: false,
        nonArchived: false,
      })
    expect(await failure(list(guest, 'project'))).toBeInstanceOf(ForbiddenError)
    expect((await list(reporter, 'project')).total).toBeGreaterThan(0)
    // No access facts are stored for project 1 here: a list that spans projects shows nothing.
    expect((await list(reporter, 'global')).total).toBe(0)
  })

  it('leaves out what the read model still admits but the projects service no longer does', async () => {
    const admitsEveryone = (projectId: number) => ({
      projectId,
      groupIds: [],
      ownerUserId: undefined,
      archived: false,
      readMergeRequest: {
        admin: true,
        anonymous: true,
        signedIn: true,
        memberMinLevel: ACCESS_LEVEL_NO_ACCESS,
      },
      readIssue: {
        admin: true,
        anonymous: true,
        signedIn: true,
        memberMinLevel: ACCESS_LEVEL_NO_ACCESS,
      },
      version: 1,
    })
    await deps.stores.accessFacts.save([admitsEveryone(2), admitsEveryone(3)])
    const nowPrivate = await insertTestMergeRequest(test.db, { target_project_id: 2 })
    const stillPublic = await insertTestMergeRequest(test.db, { target_project_id: 3 })
    const listing = testDeps(test.db, {
      projects: [
        // Made private meanwhile: its new facts have not reached the read model yet.
        testProject(2, ProjectAbilities.fromPartial({ projectId: 2, readProject: false })),
        testProject(3, ProjectAbilities.fromPartial({ projectId: 3, readMergeRequest: true })),
      ],
    })
    const { mergeRequests, total } = await listMergeRequests(listing, {
      caller: reporter,
      listScope: 'global',
      projectId: 0,
      groupId: 0,
      scope: 'all',
      state: '',
      filter: undefined,
      not: undefined,
      orderBy: '',
      ascending: true,
      page: undefined,
      withMergeStatusRecheck: false,
      nonArchived: false,
    })
    const ids = mergeRequests.map((view) => view.id)
    expect(ids).toContain(stillPublic.id)
    expect(ids).not.toContain(nowPrivate.id)
    expect(total).toBe(mergeRequests.length)
  })
})
