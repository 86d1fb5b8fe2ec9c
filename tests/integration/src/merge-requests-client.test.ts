import { Gitlab } from '@gitbeaker/rest'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import {
  featureBranch,
  projectWithMain,
  waitForMergeStatus,
  type MergeRequestJson,
} from './support/merge-requests'
import { addProjectMember, letDevelopersMerge } from './support/projects'
import { baseUrl } from './support/suite-state'
import { DEVELOPER, type ProjectJson } from './support/types'

// Workers (diff collection, merge status) on two shared cores: a test may wait on several.
jest.setTimeout(120_000)

/**
 * @gitbeaker/rest drives merge requests exactly as its users do: project paths
 * as ids (the client escapes them), camel-case options turned into GitLab's
 * parameters, arrays and `not` hashes, Link-following pagination, and errors.
 */
describe('@gitbeaker/rest with merge requests', () => {
  let owner: UserWithToken
  let dev: UserWithToken
  let project: ProjectJson
  const client = (token: string) => new Gitlab({ host: baseUrl(), token })

  beforeAll(async () => {
    ;[owner, dev] = await Promise.all([createUserWithToken(), createUserWithToken()])
    ;({ project } = await projectWithMain(owner))
    await addProjectMember(project.id, dev.user.id, DEVELOPER, owner.token)
    // dev merges into main, protected for Maintainers from the start.
    await letDevelopersMerge(owner.token, project.id, 'main')
  }, 60_000)

  it('creates, shows, edits and lists with filters by project path', async () => {
    const api = client(owner.token)
    const path = project.path_with_namespace
    const created: MergeRequestJson[] = []
    for (const [title, labels] of [
      ['Client one', 'client,alpha'],
      ['Client two', 'client'],
      ['Draft: client three', 'beta'],
    ] as const) {
      const branch = uniqueName('gb')
      await featureBranch(owner.token, project.id, branch)
      const mr = (await api.MergeRequests.create(path, branch, 'main', title, {
        labels,
        description: `About ${title}`,
        assigneeIds: [dev.user.id],
      })) as unknown as MergeRequestJson
      expect(mr).toMatchObject({ title, project_id: project.id, state: 'opened' })
      created.push(mr)
    }
    const [one, two, three] = created as [MergeRequestJson, MergeRequestJson, MergeRequestJson]
    expect([one.iid, two.iid, three.iid]).toEqual([1, 2, 3])

    const shown = (await api.MergeRequests.show(path, two.iid)) as unknown as MergeRequestJson
    expect(shown).toMatchObject({ id: two.id, labels: ['client'], description: 'About Client two' })

    const edited = (await api.MergeRequests.edit(path, two.iid, {
      title: 'Client two, edited',
      addLabels: 'edited',
    })) as unknown as MergeRequestJson
    expect(edited).toMatchObject({ title: 'Client two, edited', labels: ['client', 'edited'] })

    const byLabel = await api.MergeRequests.all({ projectId: path, labels: 'client' })
    expect(byLabel.map((mr) => mr.iid).sort()).toEqual([1, 2])
    const notAlpha = await api.MergeRequests.all({
      projectId: path,
      labels: 'client',
      not: { labels: 'alpha' },
    })
    expect(notAlpha.map((mr) => mr.iid)).toEqual([2])
    const drafts = await api.MergeRequests.all({ projectId: path, wip: 'yes' })
    expect(drafts.map((mr) => mr.iid)).toEqual([3])
    const assigned = await client(dev.token).MergeRequests.all({ scope: 'assigned_to_me' })
    expect(assigned.map((mr) => mr.id).sort()).toEqual([one.id, two.id, three.id].sort())
    const byIids = await api.MergeRequests.all({ projectId: project.id, iids: [1, 3] })
    expect(byIids.map((mr) => mr.iid).sort()).toEqual([1, 3])

    // One per page: the client follows the Link header to the end.
    const all = await api.MergeRequests.all({ projectId: path, perPage: 1 })
    expect(all.map((mr) => mr.iid)).toEqual([3, 2, 1])
    const paged = await api.MergeRequests.all({
      projectId: path,
      perPage: 2,
      maxPages: 1,
      showExpanded: true,
    })
    expect(paged.data).toHaveLength(2)
    expect(paged.paginationInfo).toMatchObject({ total: 3, totalPages: 2, perPage: 2, next: 2 })
  })

  it('waits for the diff, reads versions and changes, and merges with the sha guard', async () => {
    const api = client(dev.token)
    const path = project.path_with_namespace
    const branch = uniqueName('gbmerge')
    const head = await featureBranch(owner.token, project.id, branch)
    const mr = (await api.MergeRequests.create(path, branch, 'main', 'Merge me', {
      removeSourceBranch: true,
    })) as unknown as MergeRequestJson
    await waitForMergeStatus(dev.token, project.id, mr.iid, head, 'can_be_merged')

    const versions = await api.MergeRequests.allDiffVersions(path, mr.iid)
    expect(versions.map((version) => version.head_commit_sha)).toEqual([head])
    const changes = await api.MergeRequests.showChanges(path, mr.iid)
    expect(changes.changes.map((change) => change.new_path)).toEqual([`${branch}.txt`])

    const wrongSha = api.MergeRequests.merge(path, mr.iid, { sha: '1'.repeat(40) })
    await expect(wrongSha).rejects.toMatchObject({
      message: `SHA does not match HEAD of source branch: ${head}`,
      cause: { response: { status: 409 } },
    })

    const merged = (await api.MergeRequests.merge(path, mr.iid, {
      sha: head,
    })) as unknown as MergeRequestJson
    expect(merged).toMatchObject({ state: 'merged', merge_user: { id: dev.user.id } })

    const again = api.MergeRequests.merge(path, mr.iid)
    await expect(again).rejects.toMatchObject({
      message: '405 Method Not Allowed',
      cause: { response: { status: 405 } },
    })
    const mergedList = await api.MergeRequests.all({ projectId: path, state: 'merged' })
    expect(mergedList.map((item) => item.id)).toEqual([mr.id])
  })

  it('time tracking, award emoji and approvals through their client resources', async () => {
    const api = client(dev.token)
    const path = project.path_with_namespace
    const branch = uniqueName('gbcollab')
    const head = await featureBranch(owner.token, project.id, branch)
    const mr = (await client(owner.token).MergeRequests.create(
      path,
      branch,
      'main',
      'Collaborate',
    )) as unknown as MergeRequestJson

    const estimate = await api.MergeRequests.setTimeEstimate(path, mr.iid, '3h30m')
    expect(estimate).toMatchObject({ time_estimate: 12600, human_time_estimate: '3h 30m' })
    const spent = await api.MergeRequests.addSpentTime(path, mr.iid, '1w')
    expect(spent).toMatchObject({ total_time_spent: 144000, human_total_time_spent: '1w' })

    const award = await api.MergeRequestAwardEmojis.award(path, mr.iid, 'thumbsup')
    expect(award).toMatchObject({ name: 'thumbsup', awardable_type: 'MergeRequest' })
    const shown = (await api.MergeRequests.show(path, mr.iid)) as unknown as MergeRequestJson
    expect(shown.upvotes).toBe(1)

    await waitForMergeStatus(dev.token, project.id, mr.iid, head, 'can_be_merged')
    await api.MergeRequestApprovals.approve(path, mr.iid, { sha: head })
    // showConfiguration with a merge request reads GET .../merge_requests/:iid/approvals.
    const state = (await api.MergeRequestApprovals.showConfiguration(path, {
      mergerequestIId: mr.iid,
    })) as unknown as { approved_by?: { user: { id: number } }[] }
    expect(state.approved_by?.map((entry) => entry.user.id)).toEqual([dev.user.id])
  })
})
