import { ListScope, type ListMergeRequestsRequest } from '@suite/proto'
import { mergeRequestFixture } from '../testing/merge-request-fixture.js'
import { startMergeRequestGateway } from '../testing/merge-request-gateway.js'
import { projectFixture } from '../testing/project-fixture.js'
import type { TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const alice = { 'PRIVATE-TOKEN': 'alice' }
/** Project 9 lives in another namespace (top/other) under the same top group. */
const other = projectFixture({
  id: 9,
  path: 'lib',
  namespaceId: 6,
  namespaceFullPath: 'top/other',
  namespaceKind: 'group',
})

async function start(requests: ListMergeRequestsRequest[], scopes?: string[]) {
  const started = await startMergeRequestGateway({
    scopes,
    otherProjects: [other],
    mergeRequests: {
      listMergeRequests: (request) => {
        requests.push(request)
        return Promise.resolve({
          mergeRequests: [
            mergeRequestFixture(),
            mergeRequestFixture({ id: 102, iid: 1, targetProjectId: 9, sourceProjectId: 9 }),
          ],
          pageInfo: { total: 2 },
        })
      },
    },
  })
  gateway = started
  return started.api
}

describe('GET /merge_requests', () => {
  it('needs a user unless scope=all', async () => {
    const api = await start([])
    const res = await fetch(`${api}/merge_requests`)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: '401 Unauthorized' })
    expect((await fetch(`${api}/merge_requests?scope=all`)).status).toBe(200)
  })

  it("lists the caller's requests with GitLab's filters and full-path project references", async () => {
    const requests: ListMergeRequestsRequest[] = []
    const api = await start(requests, ['read_api'])
    const res = await fetch(
      `${api}/merge_requests?scope=assigned-to-me&labels=bug,None&not[author_username]=bob&wip=no&in=title&order_by=merged_at&sort=asc&iids[]=4&per_page=1`,
      { headers: alice },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('2')
    expect(res.headers.get('content-type')).toBe('application/json')
    const body = (await res.json()) as { references: unknown; web_url: string }[]
    expect(body[1]?.references).toEqual({ short: '!1', relative: '!1', full: 'top/other/lib!1' })
    expect(body[1]?.web_url).toBe('https://gitlab.example.com/top/other/lib/-/merge_requests/1')
    expect(requests[0]).toMatchObject({
      listScope: ListScope.LIST_SCOPE_GLOBAL,
      scope: 'assigned_to_me',
      orderBy: 'merged_at',
      ascending: true,
      state: 'all',
      page: { page: 1, perPage: 1 },
      filter: {
        labels: { none: true },
        draft: false,
        searchIn: ['title'],
        // iids is a project-list parameter: ignored here.
        iids: [],
      },
      not: { author: { username: 'bob' } },
    })
  })

  it("answers Grape's 400s", async () => {
    const api = await start([])
    for (const [query, error] of [
      ['scope=mine', 'scope does not have a valid value'],
      ['state=done', 'state does not have a valid value'],
      ['author_id=1&author_username=alice', 'author_id, author_username are mutually exclusive'],
      [
        'reviewer_id=1&reviewer_username=a',
        'reviewer_id, reviewer_username are mutually exclusive',
      ],
      ['not[author_id]=x', 'not[author_id] is invalid'],
      ['created_after=yesterday', 'created_after is invalid'],
    ]) {
      const res = await fetch(`${api}/merge_requests?${query}`, { headers: alice })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
  })
})

describe('GET /projects/:id/merge_requests', () => {
  it('lists the project requests: relative references are short, the project is not fetched again', async () => {
    const requests: ListMergeRequestsRequest[] = []
    const api = await start(requests)
    const res = await fetch(`${api}/projects/top%2Fsub%2Fteam-app/merge_requests?iids[]=3&in=title`)
    expect(res.status).toBe(200)
    const [first] = (await res.json()) as Record<string, unknown>[]
    expect(first).toMatchObject({
      iid: 3,
      reference: '!3',
      references: { short: '!3', relative: '!3', full: 'top/sub/team-app!3' },
      has_conflicts: false,
      blocking_discussions_resolved: true,
      approvals_before_merge: null,
      squash_on_merge: false,
      author: { username: 'alice' },
    })
    expect(first).not.toHaveProperty('group_id')
    expect(requests[0]).toMatchObject({
      listScope: ListScope.LIST_SCOPE_PROJECT,
      projectId: 5,
      scope: 'all',
      // `in` reaches the project list too (it was dropped here before issue 27).
      filter: { iids: [3], searchIn: ['title'] },
    })
  })

  it('answers MergeRequestSimple with view=simple and label objects with with_labels_details', async () => {
    const api = await start([])
    const simple = (await (
      await fetch(`${api}/projects/5/merge_requests?view=simple`)
    ).json()) as object[]
    expect(Object.keys(simple[0] ?? {})).toEqual([
      'id',
      'iid',
      'project_id',
      'title',
      'description',
      'state',
      'created_at',
      'updated_at',
      'web_url',
    ])
    const detailed = (await (
      await fetch(`${api}/projects/5/merge_requests?with_labels_details=true`)
    ).json()) as { labels: { name: string }[] }[]
    expect(detailed[0]?.labels.map((label) => label.name)).toEqual(['bug', 'ux'])
  })

  it('does not order by merged_at and answers 404 for an unknown project', async () => {
    const api = await start([])
    const res = await fetch(`${api}/projects/5/merge_requests?order_by=merged_at`)
    expect(await res.json()).toEqual({ error: 'order_by does not have a valid value' })
    const missing = await fetch(`${api}/projects/77/merge_requests`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: '404 Project Not Found' })
  })
})

describe('GET /groups/:id/merge_requests', () => {
  it('adds group_id and references relative to the group', async () => {
    const requests: ListMergeRequestsRequest[] = []
    const api = await start(requests)
    const res = await fetch(`${api}/groups/top%2Fsub/merge_requests?non_archived=false`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>[]
    expect(body.map((item) => [item['group_id'], item['references']])).toEqual([
      [4, { short: '!3', relative: 'team-app!3', full: 'top/sub/team-app!3' }],
      [6, { short: '!1', relative: 'top/other/lib!1', full: 'top/other/lib!1' }],
    ])
    expect(requests[0]).toMatchObject({
      listScope: ListScope.LIST_SCOPE_GROUP,
      groupId: 4,
      nonArchived: false,
    })
  })
})
