import { status } from '@grpc/grpc-js'
import type { Caller, ListMergeRequestPipelinesRequest } from '@suite/proto'
import {
  ALICE,
  expectForbidden,
  sendAsAlice,
  startAbilityGateway,
  type AbilitySetup,
} from '../testing/ability-gateway.js'
import type { TestGateway } from '../testing/test-server.js'
import { projectAbilitiesFixture } from '../testing/abilities-fixture.js'
import { grpcError } from '../testing/grpc-error.js'
import { mergeRequestFixture, pipelineFixture } from '../testing/merge-request-fixture.js'
import { projectFixture } from '../testing/project-fixture.js'
import { checkResolvedAbility } from './route-pipeline.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

async function start(setup: AbilitySetup = {}): Promise<string> {
  await gateway?.close()
  const started = await startAbilityGateway(setup)
  gateway = started
  return started.api
}

const MR = '/projects/5/merge_requests/3'

describe('a route declaring the project ability it needs', () => {
  it('answers 403 without it and never calls the service', async () => {
    const getMergeRequest = jest.fn(() => Promise.resolve({ mergeRequest: mergeRequestFixture() }))
    const api = await start({
      project: { readMergeRequest: false },
      mergeRequests: { getMergeRequest },
    })
    await expectForbidden(await fetch(`${api}${MR}`, { headers: ALICE }))
    await expectForbidden(await fetch(`${api}/projects/5/merge_requests`, { headers: ALICE }))
    expect(getMergeRequest).not.toHaveBeenCalled()
  })

  it('answers 404 for a project the caller cannot read, anonymous callers included', async () => {
    const api = await start({ unreadable: true })
    for (const headers of [{}, ALICE]) {
      const res = await fetch(`${api}${MR}`, { headers })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: '404 Project Not Found' })
    }
  })

  it("hands the service a caller carrying the project's abilities as answered", async () => {
    const callers: (Caller | undefined)[] = []
    const api = await start({
      mergeRequests: {
        getMergeRequest: ({ caller }) => {
          callers.push(caller)
          return Promise.resolve({ mergeRequest: mergeRequestFixture({ callerCanMerge: true }) })
        },
      },
    })
    const res = await fetch(`${api}${MR}`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ user: { can_merge: true } })
    expect(callers[0]).toEqual({
      userId: 2,
      admin: false,
      scopes: ['api'],
      project: projectAbilitiesFixture(),
      group: undefined,
    })
  })

  it('answers 404 Repository Not Found before 403 where the repository is closed to the caller', async () => {
    const listBranches = jest.fn(() => Promise.resolve({ branches: [], pageInfo: { total: 0 } }))
    const closed = await start({
      project: { repositoryAvailable: false, readCode: false },
      repository: { listBranches },
    })
    for (const path of ['/repository/branches', '/repository/commits']) {
      const res = await fetch(`${closed}/projects/5${path}`, { headers: ALICE })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: '404 Repository Not Found' })
    }
    const open = await start({ project: { readCode: false }, repository: { listBranches } })
    await expectForbidden(await fetch(`${open}/projects/5/repository/branches`, { headers: ALICE }))
    expect(listBranches).not.toHaveBeenCalled()
  })

  it('needs create_merge_request_from to open a merge request', async () => {
    const createMergeRequest = jest.fn(() =>
      Promise.resolve({ mergeRequest: mergeRequestFixture() }),
    )
    const api = await start({
      project: { createMergeRequestFrom: false },
      mergeRequests: { createMergeRequest },
    })
    const body = { source_branch: 'feature', target_branch: 'main', title: 'x' }
    await expectForbidden(
      await fetch(`${api}/projects/5/merge_requests`, sendAsAlice('POST', body)),
    )
    expect(createMergeRequest).not.toHaveBeenCalled()
  })

  it('needs admin_project to edit a project', async () => {
    const updateProject = jest.fn(() => Promise.resolve({ project: projectFixture() }))
    const api = await start({ project: { adminProject: false }, projects: { updateProject } })
    await expectForbidden(
      await fetch(`${api}/projects/5`, sendAsAlice('PUT', { description: 'x' })),
    )
    expect(updateProject).not.toHaveBeenCalled()
  })

  it('needs read_milestone, admin_milestone and read_label for milestones and labels', async () => {
    const api = await start({
      project: { readMilestone: false, adminMilestone: false, readLabel: false },
    })
    await expectForbidden(await fetch(`${api}/projects/5/milestones`, { headers: ALICE }))
    await expectForbidden(
      await fetch(`${api}/projects/5/milestones`, sendAsAlice('POST', { title: 'v1' })),
    )
    await expectForbidden(await fetch(`${api}/projects/5/labels`, { headers: ALICE }))
  })

  it("needs read_events for a project's events", async () => {
    const listEvents = jest.fn(() => Promise.resolve({ events: [], pageInfo: undefined }))
    const api = await start({ project: { readEvents: false }, events: { listEvents } })
    await expectForbidden(await fetch(`${api}/projects/5/events`, { headers: ALICE }))
    expect(listEvents).not.toHaveBeenCalled()
  })
})

describe('checkResolvedAbility', () => {
  it('refuses, when a route is declared, an ability in a source it does not resolve', () => {
    expect(() => checkResolvedAbility('/x', { projectAbility: 'readCode' })).toThrow(
      '/x: projectAbility on a route that does not resolve a project',
    )
    expect(() =>
      checkResolvedAbility('/y/:id', { resolve: 'project', groupAbility: 'readGroup' }),
    ).toThrow('/y/:id: groupAbility on a route that does not resolve a group')
    expect(() =>
      checkResolvedAbility('/z/:id', { resolve: 'project', projectAbility: 'readCode' }),
    ).not.toThrow()
  })
})

describe('merge request pipelines', () => {
  it('lists what the service lets the caller read (Ci::PipelinesForMergeRequestFinder: none without read_pipeline)', async () => {
    // The merge-requests service applies the rule (a fork's request spans two projects);
    // it is handed the caller's abilities in the project.
    const listMergeRequestPipelines = jest.fn(
      ({ mergeRequest, caller }: ListMergeRequestPipelinesRequest) =>
        mergeRequest?.iid === 3
          ? Promise.resolve({
              pipelineIds: caller?.project?.readPipeline === true ? [61] : [],
              pageInfo: undefined,
            })
          : Promise.reject(grpcError(status.NOT_FOUND, { resource: 'Merge Request' })),
    )
    const batchGetPipelines = jest.fn(() => Promise.resolve({ pipelines: [pipelineFixture()] }))
    const api = await start({
      project: { readPipeline: false },
      diffs: { listMergeRequestPipelines },
      pipelines: { batchGetPipelines },
    })
    const res = await fetch(`${api}${MR}/pipelines`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
    expect(res.headers.get('x-total')).toBe('0')
    expect(batchGetPipelines).not.toHaveBeenCalled()
    const missing = await fetch(`${api}/projects/5/merge_requests/4/pipelines`, { headers: ALICE })
    expect(missing.status).toBe(404)
  })

  it('creates one only with create_pipeline and read_merge_request', async () => {
    const createMergeRequestPipeline = jest.fn(() => Promise.resolve({ pipelineId: 61 }))
    const diffs = { createMergeRequestPipeline }
    let api = await start({ project: { createPipeline: false }, diffs })
    await expectForbidden(await fetch(`${api}${MR}/pipelines`, sendAsAlice('POST')))
    api = await start({ project: { readMergeRequest: false }, diffs })
    await expectForbidden(await fetch(`${api}${MR}/pipelines`, sendAsAlice('POST')))
    expect(createMergeRequestPipeline).not.toHaveBeenCalled()
    api = await start({ diffs })
    expect((await fetch(`${api}${MR}/pipelines`, sendAsAlice('POST'))).status).toBe(200)
  })
})

describe('repository routes', () => {
  const branch = {
    name: 'feature',
    commit: undefined,
    merged: false,
    default: false,
    protected: false,
    developersCanPush: false,
    developersCanMerge: false,
    canPush: false,
    canMerge: false,
    canForcePush: false,
  }

  it('need read_code', async () => {
    const api = await start({ project: { readCode: false } })
    for (const path of ['branches', 'branches/feature', 'tags', 'tags/v1', 'commits']) {
      await expectForbidden(await fetch(`${api}/projects/5/repository/${path}`, { headers: ALICE }))
    }
  })

  it('show can_push as the repository answered it for the caller, and need push_code to create a branch', async () => {
    const createBranch = jest.fn(() => Promise.resolve({ branch }))
    // The repository role answers can_push from the caller's abilities and the rules.
    const repository = {
      getBranch: ({ caller }: { caller?: Caller | undefined }) =>
        Promise.resolve({ branch: { ...branch, canPush: caller?.project?.pushCode ?? false } }),
      createBranch,
    }
    let api = await start({ project: { pushCode: false }, repository })
    const shown = await fetch(`${api}/projects/5/repository/branches/feature`, { headers: ALICE })
    expect(await shown.json()).toMatchObject({ name: 'feature', can_push: false })
    const created = await fetch(
      `${api}/projects/5/repository/branches`,
      sendAsAlice('POST', { branch: 'x', ref: 'main' }),
    )
    await expectForbidden(created)
    expect(createBranch).not.toHaveBeenCalled()
    api = await start({ repository })
    const pushable = await fetch(`${api}/projects/5/repository/branches/feature`, {
      headers: ALICE,
    })
    expect(await pushable.json()).toMatchObject({ can_push: true })
  })

  it('find the tag (404) before authorizing its delete with admin_tag (403)', async () => {
    const deleteTag = jest.fn(() => Promise.resolve({}))
    const api = await start({
      project: { adminTag: false },
      repository: {
        getTag: ({ name }) =>
          name === 'v1'
            ? Promise.resolve({ tag: undefined })
            : Promise.reject(grpcError(status.NOT_FOUND, { resource: 'Tag' })),
        deleteTag,
      },
    })
    const missing = await fetch(`${api}/projects/5/repository/tags/nope`, sendAsAlice('DELETE'))
    expect(missing.status).toBe(404)
    await expectForbidden(
      await fetch(`${api}/projects/5/repository/tags/v1`, sendAsAlice('DELETE')),
    )
    expect(deleteTag).not.toHaveBeenCalled()
  })
})
