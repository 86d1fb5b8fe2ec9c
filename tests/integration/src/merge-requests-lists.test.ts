import { api, type Params } from './support/api'
import {
  addMember,
  createGroup,
  createUserWithToken,
  uniqueName,
  type UserWithToken,
} from './support/factories'
import {
  branchHead,
  createMergeRequest,
  createMilestone,
  featureBranch,
  fieldTypeMismatches,
  MERGE_REQUEST_BASIC_FIELDS,
  mrPath,
  sortedIids,
  waitForMergeRequest,
  waitForMergeStatus,
  type MergeRequestJson,
} from './support/merge-requests'
import { createProject, letDevelopersMerge } from './support/projects'
import { rootToken } from './support/suite-state'
import { DEVELOPER, REPORTER, type GroupJson, type ProjectJson } from './support/types'

// Workers (diff collection, merge status) on two shared cores: a test may wait on several.
jest.setTimeout(120_000)

/**
 * The three list endpoints (G: /merge_requests, P: /projects/:id/merge_requests,
 * R: /groups/:id/merge_requests) over one fixture:
 *
 * project A (public, in group G):
 *   !1 alice "Alpha fix"       labels bug,frontend  milestone v1  assignee bob    reviewer carol  opened
 *   !2 bob   "Draft: Beta"     labels feature       -             -               -               opened
 *   !3 alice "Gamma <needle>"  -                    milestone v2  assignee alice  reviewer bob    closed, target develop
 *   !4 alice "Delta merged"    -                    -             -               -               merged by bob
 * project B (public, in subgroup S of G):  !1 alice "Epsilon" labels bug
 * project C (public, dave's namespace):     !1 dave  "Zeta"
 * project D (private, dave's namespace):    !1 dave  "Eta"
 * bob approved A!1 and awarded thumbsup on it; alice awarded star on A!2.
 * Every title carries `tag`, so G lists can be narrowed to the fixture with search=tag.
 */
describe('merge request lists', () => {
  let alice: UserWithToken
  let bob: UserWithToken
  let carol: UserWithToken
  let dave: UserWithToken
  let eve: UserWithToken
  let group: GroupJson
  let subgroup: GroupJson
  let projectA: ProjectJson
  let projectB: ProjectJson
  let projectC: ProjectJson
  let projectD: ProjectJson
  const tag = uniqueName('lst')
  const needle = uniqueName('needle')
  const v1 = uniqueName('v1')
  const v2 = uniqueName('v2')
  const a: Record<number, MergeRequestJson> = {}
  let b1: MergeRequestJson
  let c1: MergeRequestJson
  let d1: MergeRequestJson

  async function mrIn(
    token: string,
    project: ProjectJson,
    attributes: Record<string, unknown>,
    target = 'main',
  ): Promise<MergeRequestJson> {
    const branch = uniqueName('lb')
    await featureBranch(token, project.id, branch, undefined, 'main')
    return createMergeRequest(token, project.id, {
      source_branch: branch,
      target_branch: target,
      ...attributes,
    })
  }

  beforeAll(async () => {
    ;[alice, bob, carol, dave, eve] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    group = await createGroup(alice.token, { visibility: 'public' })
    subgroup = await createGroup(alice.token, { visibility: 'public', parent_id: group.id })
    await addMember(group.id, bob.user.id, DEVELOPER, alice.token)
    await addMember(group.id, carol.user.id, REPORTER, alice.token)
    const readme = { initialize_with_readme: true, visibility: 'public' }
    ;[projectA, projectB, projectC, projectD] = await Promise.all([
      createProject(alice.token, { ...readme, namespace_id: group.id }),
      createProject(alice.token, { ...readme, namespace_id: subgroup.id }),
      createProject(dave.token, readme),
      createProject(dave.token, { ...readme, visibility: 'private' }),
    ])
    // bob, a Developer, merges A!4 into main, protected for Maintainers from the start.
    await letDevelopersMerge(alice.token, projectA.id, 'main')
    const m1 = await createMilestone(alice.token, projectA.id, { title: v1 })
    const m2 = await createMilestone(alice.token, projectA.id, { title: v2 })
    await featureBranch(alice.token, projectA.id, 'develop')

    a[1] = await mrIn(alice.token, projectA, {
      title: `Alpha fix ${tag}`,
      description: `the ${needle} is here`,
      labels: 'bug,frontend',
      milestone_id: m1.id,
      assignee_ids: [bob.user.id],
      reviewer_ids: [carol.user.id],
    })
    a[2] = await mrIn(bob.token, projectA, {
      title: `Draft: Beta ${tag}`,
      description: 'plain',
      labels: 'feature',
    })
    a[3] = await mrIn(
      alice.token,
      projectA,
      {
        title: `Gamma ${needle} ${tag}`,
        milestone_id: m2.id,
        assignee_ids: [alice.user.id],
        reviewer_ids: [bob.user.id],
      },
      'develop',
    )
    const delta = uniqueName('delta')
    const deltaHead = await featureBranch(alice.token, projectA.id, delta)
    a[4] = await createMergeRequest(alice.token, projectA.id, {
      source_branch: delta,
      target_branch: 'main',
      title: `Delta merged ${tag}`,
    })
    b1 = await mrIn(alice.token, projectB, { title: `Epsilon ${tag}`, labels: 'bug' })
    c1 = await mrIn(dave.token, projectC, { title: `Zeta ${tag}` })
    d1 = await mrIn(dave.token, projectD, { title: `Eta ${tag}` })

    const closed = await api(mrPath(projectA.id, a[3].iid), {
      method: 'PUT',
      token: alice.token,
      body: { state_event: 'close' },
    })
    if (closed.status !== 200) throw new Error(`close: ${closed.status} ${closed.text}`)
    await waitForMergeStatus(alice.token, projectA.id, a[4].iid, deltaHead, 'can_be_merged')
    const merged = await api(mrPath(projectA.id, a[4].iid, '/merge'), {
      method: 'PUT',
      token: bob.token,
    })
    if (merged.status !== 200) throw new Error(`merge: ${merged.status} ${merged.text}`)
    for (const [token, iid, name] of [
      [bob.token, a[1].iid, 'thumbsup'],
      [alice.token, a[2].iid, 'star'],
    ] as const) {
      const award = await api(mrPath(projectA.id, iid, '/award_emoji'), {
        method: 'POST',
        token,
        body: { name },
      })
      if (award.status !== 201) throw new Error(`award: ${award.status} ${award.text}`)
    }
    const approved = await api(mrPath(projectA.id, a[1].iid, '/approve'), {
      method: 'POST',
      token: bob.token,
    })
    if (approved.status !== 201) throw new Error(`approve: ${approved.status} ${approved.text}`)
    // The merge moved main: let the workers record the open requests' new
    // versions and merge status before the last update.
    const main = await branchHead(alice.token, projectA.id, 'main')
    for (const open of [a[1], a[2]]) {
      await waitForMergeRequest(
        alice.token,
        projectA.id,
        open.iid,
        `start_sha ${main} and a merge status`,
        (mr) =>
          mr.diff_refs?.start_sha === main && !['unchecked', 'checking'].includes(mr.merge_status),
      )
    }
    // Last of all: !1 becomes the most recently updated.
    await new Promise((done) => setTimeout(done, 20))
    await api(mrPath(projectA.id, a[1].iid), {
      method: 'PUT',
      token: alice.token,
      body: { description: `the ${needle} is still here` },
    })
  }, 240_000)

  /** P list of project A as `token` (alice by default); fails unless 200. */
  async function listA(query: Params, token: string | undefined = alice.token) {
    const res = await api<MergeRequestJson[]>(mrPath(projectA.id), {
      token,
      query: { per_page: 100, ...query },
    })
    expect([JSON.stringify(query), res.status, res.text.slice(0, 200)]).toEqual([
      JSON.stringify(query),
      200,
      expect.any(String),
    ])
    return res.body
  }
  /** The iids of a P list of A, in answer order. */
  const iidsOfA = async (query: Params, token?: string) =>
    (await listA(query, token)).map((mr) => mr.iid)
  /** Sorted iids of a P list of A. */
  const setOfA = async (query: Params, token?: string) => sortedIids(await listA(query, token))

  async function listGlobal(query: Params, token: string | undefined) {
    const res = await api<MergeRequestJson[]>('/merge_requests', {
      token,
      query: { per_page: 100, search: tag, ...query },
    })
    expect([JSON.stringify(query), res.status]).toEqual([JSON.stringify(query), 200])
    return res.body
  }
  const globalIds = async (query: Params, token: string | undefined) =>
    (await listGlobal(query, token)).map((mr) => mr.id).sort((x, y) => x - y)
  const sortedIds = (...mrs: MergeRequestJson[]) => mrs.map((mr) => mr.id).sort((x, y) => x - y)

  async function badRequest(path: string, query: Params, token = alice.token) {
    const res = await api(path, { token, query })
    expect([JSON.stringify(query), res.status]).toEqual([JSON.stringify(query), 400])
    return res.body
  }

  describe('P: GET /projects/:id/merge_requests', () => {
    it('lists every state by default, newest first, with the list fields', async () => {
      const body = await listA({})
      expect(body.map((mr) => mr.iid)).toEqual([4, 3, 2, 1])
      for (const mr of body) {
        expect([mr.iid, fieldTypeMismatches(mr, MERGE_REQUEST_BASIC_FIELDS)]).toEqual([mr.iid, []])
        // subscribed and changes_count belong to single-request answers only.
        expect(mr).not.toHaveProperty('subscribed')
        expect(mr).not.toHaveProperty('changes_count')
        expect(mr.references).toEqual({
          short: `!${mr.iid}`,
          relative: `!${mr.iid}`,
          full: `${projectA.path_with_namespace}!${mr.iid}`,
        })
      }
      const one = body.find((mr) => mr.iid === 1) as MergeRequestJson
      expect(one).toMatchObject({ labels: ['bug', 'frontend'], upvotes: 1, downvotes: 0 })
    })

    it('state: opened, closed, merged, locked (nothing), all', async () => {
      expect(await setOfA({ state: 'opened' })).toEqual([1, 2])
      expect(await setOfA({ state: 'closed' })).toEqual([3])
      expect(await setOfA({ state: 'merged' })).toEqual([4])
      expect(await setOfA({ state: 'locked' })).toEqual([])
      expect(await setOfA({ state: 'all' })).toEqual([1, 2, 3, 4])
      const merged = (await listA({ state: 'merged' }))[0] as MergeRequestJson
      expect(merged.merge_user?.id).toBe(bob.user.id)
      expect(merged.merged_at).not.toBeNull()
      expect(await badRequest(mrPath(projectA.id), { state: 'open' })).toEqual({
        error: 'state does not have a valid value',
      })
    })

    it('labels: all must match, comma list or labels[], None, Any, predefined names in any case', async () => {
      expect(await setOfA({ labels: 'bug' })).toEqual([1])
      expect(await setOfA({ labels: 'bug,frontend' })).toEqual([1])
      expect(await setOfA({ labels: ['bug', 'frontend'] })).toEqual([1])
      expect(await setOfA({ labels: 'bug,feature' })).toEqual([])
      expect(await setOfA({ labels: 'feature' })).toEqual([2])
      expect(await setOfA({ labels: 'nope' })).toEqual([])
      for (const none of ['None', 'none', 'NONE'])
        expect(await setOfA({ labels: none })).toEqual([3, 4])
      for (const any of ['Any', 'any', 'ANY']) expect(await setOfA({ labels: any })).toEqual([1, 2])
    })

    it('milestone: title, None, Any, unknown', async () => {
      expect(await setOfA({ milestone: v1 })).toEqual([1])
      expect(await setOfA({ milestone: v2 })).toEqual([3])
      expect(await setOfA({ milestone: 'None' })).toEqual([2, 4])
      expect(await setOfA({ milestone: 'Any' })).toEqual([1, 3])
      expect(await setOfA({ milestone: 'no-such-milestone' })).toEqual([])
    })

    it('author_id, author_username; both together are a 400', async () => {
      expect(await setOfA({ author_id: bob.user.id })).toEqual([2])
      expect(await setOfA({ author_username: alice.user.username })).toEqual([1, 3, 4])
      expect(
        await badRequest(mrPath(projectA.id), {
          author_id: bob.user.id,
          author_username: bob.user.username,
        }),
      ).toEqual({ error: 'author_id, author_username are mutually exclusive' })
    })

    it('assignee_id: a user, None, Any', async () => {
      expect(await setOfA({ assignee_id: bob.user.id })).toEqual([1])
      expect(await setOfA({ assignee_id: 'None' })).toEqual([2, 4])
      expect(await setOfA({ assignee_id: 'Any' })).toEqual([1, 3])
    })

    it('reviewer_id and reviewer_username: a user, None, Any; both together are a 400', async () => {
      expect(await setOfA({ reviewer_id: carol.user.id })).toEqual([1])
      expect(await setOfA({ reviewer_username: bob.user.username })).toEqual([3])
      expect(await setOfA({ reviewer_id: 'None' })).toEqual([2, 4])
      expect(await setOfA({ reviewer_id: 'Any' })).toEqual([1, 3])
      expect(
        await badRequest(mrPath(projectA.id), {
          reviewer_id: bob.user.id,
          reviewer_username: bob.user.username,
        }),
      ).toEqual({ error: 'reviewer_id, reviewer_username are mutually exclusive' })
    })

    it('merge_user_id and merge_user_username; both together are a 400', async () => {
      expect(await setOfA({ merge_user_id: bob.user.id })).toEqual([4])
      expect(await setOfA({ merge_user_username: bob.user.username })).toEqual([4])
      expect(await setOfA({ merge_user_id: alice.user.id })).toEqual([])
      expect(
        await badRequest(mrPath(projectA.id), {
          merge_user_id: bob.user.id,
          merge_user_username: bob.user.username,
        }),
      ).toEqual({ error: 'merge_user_id, merge_user_username are mutually exclusive' })
    })

    it('my_reaction_emoji: the caller’s own reactions, None, Any', async () => {
      expect(await setOfA({ my_reaction_emoji: 'star' })).toEqual([2])
      expect(await setOfA({ my_reaction_emoji: 'thumbsup' })).toEqual([])
      expect(await setOfA({ my_reaction_emoji: 'thumbsup' }, bob.token)).toEqual([1])
      expect(await setOfA({ my_reaction_emoji: 'Any' })).toEqual([2])
      expect(await setOfA({ my_reaction_emoji: 'None' })).toEqual([1, 3, 4])
    })

    it('approved_by_ids: the approvers, None, Any', async () => {
      expect(await setOfA({ approved_by_ids: [bob.user.id] })).toEqual([1])
      expect(await setOfA({ approved_by_ids: [bob.user.id, alice.user.id] })).toEqual([])
      expect(await setOfA({ approved_by_ids: 'None' })).toEqual([2, 3, 4])
      expect(await setOfA({ approved_by_ids: 'Any' })).toEqual([1])
    })

    it('approver_ids: nobody is an individual approver here, so None is all and Any is none', async () => {
      expect(await setOfA({ approver_ids: [bob.user.id] })).toEqual([])
      expect(await setOfA({ approver_ids: 'None' })).toEqual([1, 2, 3, 4])
      expect(await setOfA({ approver_ids: 'Any' })).toEqual([])
    })

    it('not[...] excludes labels, milestone, author, assignee, reviewer and my_reaction_emoji', async () => {
      const cases: [Params, number[]][] = [
        [{ 'not[labels]': 'bug' }, [2, 3, 4]],
        [{ 'not[labels]': 'bug,feature' }, [3, 4]],
        [{ 'not[milestone]': v1 }, [2, 3, 4]],
        [{ 'not[author_id]': bob.user.id }, [1, 3, 4]],
        [{ 'not[author_username]': alice.user.username }, [2]],
        [{ 'not[assignee_id]': bob.user.id }, [2, 3, 4]],
        [{ 'not[assignee_username]': alice.user.username }, [1, 2, 4]],
        [{ 'not[reviewer_id]': carol.user.id }, [2, 3, 4]],
        [{ 'not[reviewer_username]': bob.user.username }, [1, 2, 4]],
        [{ 'not[my_reaction_emoji]': 'star' }, [1, 3, 4]],
        [{ 'not[labels]': 'bug', state: 'opened' }, [2]],
      ]
      for (const [query, expected] of cases) {
        expect([query, await setOfA(query)]).toEqual([query, expected])
      }
    })

    it('not[reviewer_id] takes no None or Any, and its pair is mutually exclusive (400)', async () => {
      for (const value of ['Any', 'None']) {
        expect(await badRequest(mrPath(projectA.id), { 'not[reviewer_id]': value })).toEqual({
          error: 'not[reviewer_id] is invalid',
        })
      }
      expect(
        await badRequest(mrPath(projectA.id), {
          'not[reviewer_id]': bob.user.id,
          'not[reviewer_username]': bob.user.username,
        }),
      ).toEqual({ error: 'not[reviewer_id], not[reviewer_username] are mutually exclusive' })
    })

    it('source_branch and target_branch are exact', async () => {
      expect(await setOfA({ source_branch: a[2]?.source_branch })).toEqual([2])
      expect(await setOfA({ target_branch: 'develop' })).toEqual([3])
      expect(await setOfA({ target_branch: 'main' })).toEqual([1, 2, 4])
      expect(await setOfA({ source_branch: 'lb' })).toEqual([])
    })

    it('search matches title and description', async () => {
      expect(await setOfA({ search: needle })).toEqual([1, 3])
      expect(await setOfA({ search: 'Alpha' })).toEqual([1])
      expect(await setOfA({ search: 'plain' })).toEqual([2])
    })

    it('wip=yes gives only drafts, wip=no the others', async () => {
      expect(await setOfA({ wip: 'yes' })).toEqual([2])
      expect(await setOfA({ wip: 'no' })).toEqual([1, 3, 4])
    })

    it('iids[] picks requests by iid', async () => {
      expect(await iidsOfA({ iids: [3, 1] })).toEqual([3, 1])
      expect(await setOfA({ iids: [2] })).toEqual([2])
      expect(await setOfA({ iids: [99] })).toEqual([])
    })

    it('created_after and created_before are inclusive bounds', async () => {
      const two = a[2] as MergeRequestJson
      const at = Date.parse(two.created_at)
      expect(await setOfA({ created_after: two.created_at })).toEqual([2, 3, 4])
      // The answer shows milliseconds; the upper bound gets one more so that a
      // stored sub-millisecond part does not decide the case.
      expect(await setOfA({ created_before: new Date(at + 1).toISOString() })).toEqual([1, 2])
      expect(
        await setOfA({
          created_after: two.created_at,
          created_before: new Date(at + 1).toISOString(),
        }),
      ).toEqual([2])
      expect(await setOfA({ created_after: '2100-01-01T00:00:00Z' })).toEqual([])
      expect(await setOfA({ created_before: '2000-01-01T00:00:00Z' })).toEqual([])
    })

    it('updated_after and updated_before are inclusive bounds', async () => {
      const body = await listA({ order_by: 'updated_at' })
      const newest = body[0] as MergeRequestJson
      const oldest = body[body.length - 1] as MergeRequestJson
      expect(await setOfA({ updated_after: newest.updated_at })).toEqual([newest.iid])
      const at = Date.parse(oldest.updated_at)
      expect(await setOfA({ updated_before: new Date(at + 1).toISOString() })).toEqual([oldest.iid])
      expect(await setOfA({ updated_after: oldest.updated_at })).toEqual([1, 2, 3, 4])
      expect(await setOfA({ updated_before: '2000-01-01T00:00:00Z' })).toEqual([])
    })

    it('answers 400 for a datetime that is not one', async () => {
      const body = await badRequest(mrPath(projectA.id), { created_after: 'yesterday-ish' })
      expect(body).toEqual({ error: 'created_after is invalid' })
    })

    it('order_by created_at, updated_at and title with sort asc and desc', async () => {
      expect(await iidsOfA({ sort: 'asc' })).toEqual([1, 2, 3, 4])
      expect(await iidsOfA({ order_by: 'created_at', sort: 'desc' })).toEqual([4, 3, 2, 1])
      expect(await iidsOfA({ order_by: 'title', sort: 'asc' })).toEqual([1, 4, 2, 3])
      expect(await iidsOfA({ order_by: 'title', sort: 'desc' })).toEqual([3, 2, 4, 1])
      const byUpdated = await listA({ order_by: 'updated_at' })
      const times = byUpdated.map((mr) => Date.parse(mr.updated_at))
      expect(times).toEqual([...times].sort((x, y) => y - x))
      expect(byUpdated[0]?.iid).toBe(1)
      const ascending = await listA({ order_by: 'updated_at', sort: 'asc' })
      expect(ascending.map((mr) => mr.iid)).toEqual(byUpdated.map((mr) => mr.iid).reverse())
    })

    it('answers 400 for an order_by or sort GitLab does not have', async () => {
      expect(await badRequest(mrPath(projectA.id), { order_by: 'iid' })).toEqual({
        error: 'order_by does not have a valid value',
      })
      expect(await badRequest(mrPath(projectA.id), { sort: 'up' })).toEqual({
        error: 'sort does not have a valid value',
      })
    })

    it('view=simple gives iid, URL, title, description and basic state only', async () => {
      const body = await listA({ view: 'simple', iids: [1] })
      expect(body).toHaveLength(1)
      expect(Object.keys(body[0] as object).sort()).toEqual(
        [
          'id',
          'iid',
          'project_id',
          'title',
          'description',
          'state',
          'created_at',
          'updated_at',
          'web_url',
        ].sort(),
      )
      expect(body[0]).toMatchObject({
        id: a[1]?.id,
        iid: 1,
        project_id: projectA.id,
        state: 'opened',
        web_url: `${projectA.web_url}/-/merge_requests/1`,
      })
      expect(await badRequest(mrPath(projectA.id), { view: 'full' })).toEqual({
        error: 'view does not have a valid value',
      })
    })

    it('with_labels_details=true gives label objects; with_merge_status_recheck is accepted', async () => {
      const [one] = await listA({ iids: [1], with_labels_details: true })
      expect(one?.labels.map((label) => (label as { name: string }).name)).toEqual([
        'bug',
        'frontend',
      ])
      expect(await setOfA({ with_merge_status_recheck: true })).toEqual([1, 2, 3, 4])
    })

    it('environment with no deployments gives nothing', async () => {
      expect(await setOfA({ environment: 'production' })).toEqual([])
    })

    it('scope: created_by_me and assigned_to_me (also with dashes) narrow to the caller', async () => {
      expect(await setOfA({ scope: 'created_by_me' }, bob.token)).toEqual([2])
      expect(await setOfA({ scope: 'created-by-me' }, bob.token)).toEqual([2])
      expect(await setOfA({ scope: 'assigned_to_me' }, bob.token)).toEqual([1])
      expect(await setOfA({ scope: 'assigned-to-me' }, bob.token)).toEqual([1])
      expect(await setOfA({ scope: 'all' }, bob.token)).toEqual([1, 2, 3, 4])
    })

    it('pages with GitLab’s headers, the Link carrying the filters', async () => {
      const res = await api<MergeRequestJson[]>(mrPath(projectA.id), {
        token: alice.token,
        query: { per_page: 1, page: 2, state: 'all', order_by: 'created_at', sort: 'asc' },
      })
      expect(res.status).toBe(200)
      expect(res.body.map((mr) => mr.iid)).toEqual([2])
      expect(
        Object.fromEntries(
          ['x-page', 'x-per-page', 'x-total', 'x-total-pages', 'x-next-page', 'x-prev-page'].map(
            (h) => [h, res.headers.get(h)],
          ),
        ),
      ).toEqual({
        'x-page': '2',
        'x-per-page': '1',
        'x-total': '4',
        'x-total-pages': '4',
        'x-next-page': '3',
        'x-prev-page': '1',
      })
      const link = res.headers.get('link') ?? ''
      for (const rel of ['prev', 'next', 'first', 'last']) expect(link).toContain(`rel="${rel}"`)
      expect(link).toContain('sort=asc')
      const capped = await api(mrPath(projectA.id), {
        token: alice.token,
        query: { per_page: 1000 },
      })
      expect(capped.headers.get('x-per-page')).toBe('100')
    })

    it('an anonymous caller lists a public project’s requests', async () => {
      expect(await setOfA({}, undefined)).toEqual([1, 2, 3, 4])
    })

    it('a private project’s list is 404 for strangers and anonymous callers', async () => {
      for (const token of [eve.token, undefined]) {
        const res = await api(mrPath(projectD.id), { token })
        expect(res.status).toBe(404)
        expect(res.body).toEqual({ message: '404 Project Not Found' })
      }
      const admin = await api<MergeRequestJson[]>(mrPath(projectD.id), { token: rootToken() })
      expect(admin.body.map((mr) => mr.id)).toEqual([d1.id])
    })
  })

  describe('G: GET /merge_requests', () => {
    it('needs authentication unless scope=all (401)', async () => {
      const res = await api('/merge_requests')
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: '401 Unauthorized' })
      const assigned = await api('/merge_requests', { query: { scope: 'assigned_to_me' } })
      expect(assigned.status).toBe(401)
    })

    it('scope=all without a token lists public requests only', async () => {
      expect(await globalIds({ scope: 'all' }, undefined)).toEqual(
        sortedIds(a[1]!, a[2]!, a[3]!, a[4]!, b1, c1),
      )
    })

    it('defaults to created_by_me across projects', async () => {
      expect(await globalIds({}, alice.token)).toEqual(sortedIds(a[1]!, a[3]!, a[4]!, b1))
      expect(await globalIds({}, dave.token)).toEqual(sortedIds(c1, d1))
    })

    it('scope=all shows what the caller may read: not a private project of others', async () => {
      expect(await globalIds({ scope: 'all' }, eve.token)).toEqual(
        sortedIds(a[1]!, a[2]!, a[3]!, a[4]!, b1, c1),
      )
      expect(await globalIds({ scope: 'all' }, rootToken())).toEqual(
        sortedIds(a[1]!, a[2]!, a[3]!, a[4]!, b1, c1, d1),
      )
    })

    it('scope=assigned_to_me and reviews_for_me', async () => {
      expect(await globalIds({ scope: 'assigned_to_me' }, bob.token)).toEqual(sortedIds(a[1]!))
      expect(await globalIds({ scope: 'reviews_for_me' }, carol.token)).toEqual(sortedIds(a[1]!))
      expect(await globalIds({ scope: 'reviews_for_me' }, bob.token)).toEqual(sortedIds(a[3]!))
    })

    it('author_id with scope=all', async () => {
      expect(await globalIds({ scope: 'all', author_id: dave.user.id }, eve.token)).toEqual(
        sortedIds(c1),
      )
      expect(
        await globalIds({ scope: 'all', author_username: bob.user.username }, eve.token),
      ).toEqual(sortedIds(a[2]!))
    })

    it('search with in=title, in=description and both', async () => {
      const search = async (query: Params) =>
        globalIds({ scope: 'all', search: needle, ...query }, alice.token)
      expect(await search({})).toEqual(sortedIds(a[1]!, a[3]!))
      expect(await search({ in: 'title' })).toEqual(sortedIds(a[3]!))
      expect(await search({ in: 'description' })).toEqual(sortedIds(a[1]!))
      expect(await search({ in: 'title,description' })).toEqual(sortedIds(a[1]!, a[3]!))
    })

    it('labels, milestone, state, wip and not[] work across projects', async () => {
      expect(await globalIds({ scope: 'all', labels: 'bug' }, eve.token)).toEqual(
        sortedIds(a[1]!, b1),
      )
      expect(
        await globalIds({ scope: 'all', labels: 'bug', 'not[labels]': 'frontend' }, eve.token),
      ).toEqual(sortedIds(b1))
      expect(await globalIds({ scope: 'all', milestone: v2 }, eve.token)).toEqual(sortedIds(a[3]!))
      expect(await globalIds({ scope: 'all', state: 'merged' }, eve.token)).toEqual(
        sortedIds(a[4]!),
      )
      expect(await globalIds({ scope: 'all', wip: 'yes' }, eve.token)).toEqual(sortedIds(a[2]!))
    })

    it('order_by merged_at (release 17.2) and title', async () => {
      const res = await listGlobal(
        { scope: 'all', order_by: 'title', sort: 'asc', state: 'opened' },
        eve.token,
      )
      const titles = res.map((mr) => mr.title)
      expect(titles).toEqual([...titles].sort())
      expect(
        (await listGlobal({ scope: 'all', order_by: 'merged_at', state: 'merged' }, eve.token)).map(
          (mr) => mr.id,
        ),
      ).toEqual([a[4]?.id])
    })

    it('deployed_after, deployed_before and environment are accepted (no deployments: nothing)', async () => {
      expect(await globalIds({ scope: 'all', deployed_after: '2000-01-01' }, eve.token)).toEqual([])
      expect(await globalIds({ scope: 'all', deployed_before: '2100-01-01' }, eve.token)).toEqual(
        [],
      )
      expect(await globalIds({ scope: 'all', environment: 'production' }, eve.token)).toEqual([])
    })

    it('answers 400 for a scope GitLab does not have', async () => {
      expect(await badRequest('/merge_requests', { scope: 'mine' })).toEqual({
        error: 'scope does not have a valid value',
      })
    })
  })

  describe('R: GET /groups/:id/merge_requests', () => {
    async function listGroup(id: number | string, query: Params = {}, token = alice.token) {
      const res = await api<MergeRequestJson[]>(`/groups/${id}/merge_requests`, {
        token,
        query: { per_page: 100, ...query },
      })
      expect([JSON.stringify(query), res.status]).toEqual([JSON.stringify(query), 200])
      return res.body
    }

    it('lists the group and its subgroups, each item with group_id', async () => {
      const body = await listGroup(group.id)
      expect(sortedIds(...body)).toEqual(sortedIds(a[1]!, a[2]!, a[3]!, a[4]!, b1))
      for (const mr of body) {
        expect([mr.id, mr.group_id]).toEqual([
          mr.id,
          mr.project_id === projectB.id ? subgroup.id : group.id,
        ])
        expect([mr.id, fieldTypeMismatches(mr, MERGE_REQUEST_BASIC_FIELDS)]).toEqual([mr.id, []])
      }
    })

    it('by URL-encoded full path as well', async () => {
      const body = await listGroup(encodeURIComponent(subgroup.full_path))
      expect(body.map((mr) => mr.id)).toEqual([b1.id])
    })

    it('references.relative is relative to the listed group', async () => {
      const fromGroup = await listGroup(group.id)
      const inA = fromGroup.find((mr) => mr.id === a[1]?.id) as MergeRequestJson
      expect(inA.references).toEqual({
        short: '!1',
        relative: `${projectA.path}!1`,
        full: `${projectA.path_with_namespace}!1`,
      })
      const inB = fromGroup.find((mr) => mr.id === b1.id) as MergeRequestJson
      expect(inB.references.relative).toBe(`${projectB.path_with_namespace}!1`)
      const [fromSubgroup] = await listGroup(subgroup.id)
      expect(fromSubgroup?.references.relative).toBe(`${projectB.path}!1`)
    })

    it('filters as the project list does, plus approved_by_usernames', async () => {
      expect(sortedIds(...(await listGroup(group.id, { labels: 'bug' })))).toEqual(
        sortedIds(a[1]!, b1),
      )
      expect(sortedIds(...(await listGroup(group.id, { state: 'opened' })))).toEqual(
        sortedIds(a[1]!, a[2]!, b1),
      )
      expect(
        sortedIds(...(await listGroup(group.id, { approved_by_usernames: [bob.user.username] }))),
      ).toEqual(sortedIds(a[1]!))
      expect(
        sortedIds(...(await listGroup(group.id, { author_id: alice.user.id, labels: 'None' }))),
      ).toEqual(sortedIds(a[3]!, a[4]!))
      expect(
        await badRequest(`/groups/${group.id}/merge_requests`, {
          approved_by_ids: [bob.user.id],
          approved_by_usernames: [bob.user.username],
        }),
      ).toEqual({ error: 'approved_by_ids, approved_by_usernames are mutually exclusive' })
    })

    it('non_archived=false is accepted and changes nothing here', async () => {
      expect(sortedIds(...(await listGroup(group.id, { non_archived: false })))).toEqual(
        sortedIds(a[1]!, a[2]!, a[3]!, a[4]!, b1),
      )
    })

    it('an anonymous caller lists a public group; an unknown group is 404', async () => {
      const res = await api<MergeRequestJson[]>(`/groups/${group.id}/merge_requests`, {
        query: { per_page: 100 },
      })
      expect(res.status).toBe(200)
      expect(sortedIds(...res.body)).toEqual(sortedIds(a[1]!, a[2]!, a[3]!, a[4]!, b1))
      const unknown = await api('/groups/999999999/merge_requests', { token: alice.token })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual({ message: '404 Group Not Found' })
    })
  })
})
