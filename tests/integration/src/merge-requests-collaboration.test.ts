import { api } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { FORBIDDEN } from './support/gitlab-errors'
import {
  getMergeRequest,
  ISO_TIME,
  mrPath,
  openMergeRequest,
  projectWithMain,
  userRef,
  waitForDiff,
  type MergeRequestJson,
  type TimeStatsJson,
} from './support/merge-requests'
import { addProjectMember } from './support/projects'
import { rootToken } from './support/suite-state'
import { DEVELOPER, GUEST, type ProjectJson } from './support/types'

// Workers (diff collection, merge status) on two shared cores: a test may wait on several.
jest.setTimeout(120_000)

interface TodoJson {
  id: number
  project: Record<string, unknown>
  author: Record<string, unknown>
  action_name: string
  target_type: string
  target: MergeRequestJson
  target_url: string
  body: string
  state: string
  created_at: string
  [field: string]: unknown
}

interface AwardJson {
  id: number
  name: string
  user: Record<string, unknown>
  created_at: string
  updated_at: string
  awardable_id: number
  awardable_type: string
  [field: string]: unknown
}

interface ApprovalsJson {
  approved: boolean
  approved_by: { user: Record<string, unknown> }[]
  user_has_approved: boolean
  user_can_approve: boolean
  [field: string]: unknown
}

describe('merge request collaboration', () => {
  let owner: UserWithToken
  let dev: UserWithToken
  let guest: UserWithToken
  let stranger: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    ;[owner, dev, guest, stranger] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(owner, { visibility: 'public' }))
    await addProjectMember(project.id, dev.user.id, DEVELOPER, owner.token)
    await addProjectMember(project.id, guest.user.id, GUEST, owner.token)
  }, 60_000)

  const post = <T>(mr: MergeRequestJson, tail: string, token: string, body?: unknown) =>
    api<T>(mrPath(project.id, mr.iid, tail), { method: 'POST', token, body })

  describe('subscribe and unsubscribe', () => {
    it('subscribes (201), 304 with no body the second time; GET shows subscribed', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      expect((await getMergeRequest(dev.token, project.id, mr.iid)).subscribed).toBe(false)

      const first = await post<MergeRequestJson>(mr, '/subscribe', dev.token)
      expect(first.status).toBe(201)
      expect(first.body).toMatchObject({ id: mr.id, iid: mr.iid, project_id: project.id })
      expect((await getMergeRequest(dev.token, project.id, mr.iid)).subscribed).toBe(true)

      const second = await post(mr, '/subscribe', dev.token)
      expect(second.status).toBe(304)
      expect(second.text).toBe('')
    })

    it('unsubscribes (201), 304 when not subscribed', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const notYet = await post(mr, '/unsubscribe', dev.token)
      expect(notYet.status).toBe(304)
      expect(notYet.text).toBe('')

      expect((await post(mr, '/subscribe', dev.token)).status).toBe(201)
      const off = await post<MergeRequestJson>(mr, '/unsubscribe', dev.token)
      expect(off.status).toBe(201)
      expect(off.body.id).toBe(mr.id)
      expect((await getMergeRequest(dev.token, project.id, mr.iid)).subscribed).toBe(false)
      expect((await post(mr, '/unsubscribe', dev.token)).status).toBe(304)
    })

    it('the author is subscribed from the start (304), and may unsubscribe', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      expect((await post(mr, '/subscribe', owner.token)).status).toBe(304)
      expect((await post(mr, '/unsubscribe', owner.token)).status).toBe(201)
      expect((await getMergeRequest(owner.token, project.id, mr.iid)).subscribed).toBe(false)
    })

    it('needs a token (401) and answers 404 for an unknown iid', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const anonymous = await api(mrPath(project.id, mr.iid, '/subscribe'), { method: 'POST' })
      expect(anonymous.status).toBe(401)
      const unknown = await api(mrPath(project.id, 999999, '/subscribe'), {
        method: 'POST',
        token: dev.token,
      })
      expect(unknown.status).toBe(404)
    })
  })

  describe('POST .../todo', () => {
    it('creates a to-do (201) with GitLab’s to-do fields, then 304 while it is pending', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id, { title: 'Needs a look' })
      const res = await post<TodoJson>(mr, '/todo', dev.token)
      expect(res.status).toBe(201)
      expect(res.body).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          project: expect.objectContaining({
            id: project.id,
            name: project.name,
            name_with_namespace: project.name_with_namespace,
            path: project.path,
            path_with_namespace: project.path_with_namespace,
          }),
          author: userRef(dev.user),
          action_name: 'marked',
          target_type: 'MergeRequest',
          target: expect.objectContaining({ id: mr.id, iid: mr.iid, title: 'Needs a look' }),
          target_url: `${project.web_url}/-/merge_requests/${mr.iid}`,
          body: 'Needs a look',
          state: 'pending',
        }),
      )
      expect(res.body.created_at).toMatch(ISO_TIME)

      const again = await post(mr, '/todo', dev.token)
      expect(again.status).toBe(304)
      expect(again.text).toBe('')
      // Another user's to-do is their own.
      expect((await post(mr, '/todo', owner.token)).status).toBe(201)
    })

    it('needs a token (401)', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const res = await api(mrPath(project.id, mr.iid, '/todo'), { method: 'POST' })
      expect(res.status).toBe(401)
    })
  })

  describe('time tracking', () => {
    let mr: MergeRequestJson
    const stats = async (): Promise<TimeStatsJson> => {
      const res = await api<TimeStatsJson>(mrPath(project.id, mr.iid, '/time_stats'), {
        token: dev.token,
      })
      expect(res.status).toBe(200)
      return res.body
    }

    beforeAll(async () => {
      ;({ mr } = await openMergeRequest(owner.token, project.id))
    })

    it('GET .../time_stats starts at zero with null human strings', async () => {
      expect(await stats()).toEqual({
        time_estimate: 0,
        total_time_spent: 0,
        human_time_estimate: null,
        human_total_time_spent: null,
      })
    })

    it.each([
      ['1h30m', 5400, '1h 30m'],
      ['1h 30m', 5400, '1h 30m'],
      ['45m', 2700, '45m'],
      ['90s', 90, '1m 30s'],
      ['1d', 8 * 3600, '1d'],
      ['8h', 8 * 3600, '1d'],
      ['1w', 5 * 8 * 3600, '1w'],
      ['3w1h', 3 * 40 * 3600 + 3600, '3w 1h'],
      ['1mo', 4 * 40 * 3600, '1mo'],
      ['5w', 5 * 40 * 3600, '1mo 1w'],
      ['1w 2d 3h 4m 5s', 40 * 3600 + 2 * 8 * 3600 + 3 * 3600 + 4 * 60 + 5, '1w 2d 3h 4m 5s'],
    ])('time_estimate %j is %d seconds, shown as %j', async (duration, seconds, human) => {
      const res = await post<TimeStatsJson>(mr, '/time_estimate', dev.token, { duration })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ time_estimate: seconds, human_time_estimate: human })
      expect((await stats()).time_estimate).toBe(seconds)
    })

    it('a bad duration is a 400 and leaves the estimate as it was', async () => {
      await post(mr, '/time_estimate', dev.token, { duration: '2h' })
      const res = await post(mr, '/time_estimate', dev.token, { duration: 'soon' })
      expect(res.status).toBe(400)
      expect(await stats()).toMatchObject({ time_estimate: 7200, human_time_estimate: '2h' })
      const missing = await post(mr, '/time_estimate', dev.token, {})
      expect(missing.status).toBe(400)
      expect(missing.body).toEqual({ error: 'duration is missing' })
    })

    it('reset_time_estimate makes it 0 (200)', async () => {
      const res = await post<TimeStatsJson>(mr, '/reset_time_estimate', dev.token)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ time_estimate: 0, human_time_estimate: null })
    })

    it('add_spent_time adds (201), a leading - subtracts, with a summary', async () => {
      const added = await post<TimeStatsJson>(mr, '/add_spent_time', dev.token, {
        duration: '2h',
        summary: 'Reviewing',
      })
      expect(added.status).toBe(201)
      expect(added.body).toMatchObject({ total_time_spent: 7200, human_total_time_spent: '2h' })
      const more = await post<TimeStatsJson>(mr, '/add_spent_time', owner.token, {
        duration: '1d 30m',
      })
      expect(more.body).toMatchObject({
        total_time_spent: 7200 + 8 * 3600 + 1800,
        human_total_time_spent: '1d 2h 30m',
      })
      const less = await post<TimeStatsJson>(mr, '/add_spent_time', dev.token, {
        duration: '-30m',
      })
      expect(less.status).toBe(201)
      expect(less.body).toMatchObject({
        total_time_spent: 8 * 3600 + 7200,
        human_total_time_spent: '1d 2h',
      })
      const single = await getMergeRequest(dev.token, project.id, mr.iid)
      expect(single.time_stats).toMatchObject({ total_time_spent: 8 * 3600 + 7200 })
    })

    it('subtracting more than was spent is a 400 that changes nothing', async () => {
      const before = await stats()
      const res = await post(mr, '/add_spent_time', dev.token, { duration: '-1mo' })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        message: { base: ['Time to subtract exceeds the total time spent'] },
      })
      expect(await stats()).toEqual(before)
    })

    it('reset_spent_time makes the total 0 (200)', async () => {
      const res = await post<TimeStatsJson>(mr, '/reset_spent_time', dev.token)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ total_time_spent: 0, human_total_time_spent: null })
    })

    it('a signed-in non-member of a public project may read the stats but not change them (403)', async () => {
      const read = await api(mrPath(project.id, mr.iid, '/time_stats'), { token: stranger.token })
      expect(read.status).toBe(200)
      for (const [tail, body] of [
        ['/time_estimate', { duration: '1w' }],
        ['/reset_time_estimate', undefined],
        ['/add_spent_time', { duration: '2h' }],
        ['/reset_spent_time', undefined],
      ] as const) {
        const res = await post(mr, tail, stranger.token, body)
        expect([tail, res.status]).toEqual([tail, 403])
        expect(res.body).toEqual(FORBIDDEN)
      }
    })
  })

  describe('approvals', () => {
    it('approve (201), the approval state, 401 the second time, unapprove (201), 404 when not approved', async () => {
      const { mr, head } = await openMergeRequest(owner.token, project.id)
      await waitForDiff(owner.token, project.id, mr.iid, head)
      const before = await api<ApprovalsJson>(mrPath(project.id, mr.iid, '/approvals'), {
        token: dev.token,
      })
      expect(before.status).toBe(200)
      expect(before.body).toMatchObject({
        approved: false,
        approved_by: [],
        user_has_approved: false,
        user_can_approve: true,
      })

      const approve = await post<ApprovalsJson>(mr, '/approve', dev.token)
      expect(approve.status).toBe(201)
      expect(approve.body).toMatchObject({
        approved: true,
        user_has_approved: true,
        user_can_approve: false,
      })
      // GitLab 18 adds approved_at to each entry (Entities::Approvals).
      expect(approve.body.approved_by).toEqual([
        expect.objectContaining({ user: userRef(dev.user) }),
      ])

      const twice = await post(mr, '/approve', dev.token)
      expect(twice.status).toBe(401)
      expect(twice.body).toEqual({ message: '401 Unauthorized' })

      const listed = await api<MergeRequestJson[]>(mrPath(project.id), {
        token: dev.token,
        query: { approved_by_ids: [dev.user.id], iids: [mr.iid] },
      })
      expect(listed.body.map((item) => item.id)).toEqual([mr.id])

      const unapprove = await post<ApprovalsJson>(mr, '/unapprove', dev.token)
      expect(unapprove.status).toBe(201)
      expect(unapprove.body).toMatchObject({ approved_by: [], user_has_approved: false })
      const again = await post(mr, '/unapprove', dev.token)
      expect(again.status).toBe(404)
    })

    it('approve with a sha other than the source head is a 409 and records nothing', async () => {
      const { mr, head } = await openMergeRequest(owner.token, project.id)
      await waitForDiff(owner.token, project.id, mr.iid, head)
      const wrong = head.split('').reverse().join('')
      const res = await post(mr, '/approve', dev.token, { sha: wrong })
      expect(res.status).toBe(409)
      const state = await api<ApprovalsJson>(mrPath(project.id, mr.iid, '/approvals'), {
        token: dev.token,
      })
      expect(state.body.approved_by).toEqual([])
      const right = await post(mr, '/approve', dev.token, { sha: head })
      expect(right.status).toBe(201)
    })

    it('a Guest may read the approvals but not approve (403)', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const read = await api(mrPath(project.id, mr.iid, '/approvals'), { token: guest.token })
      expect(read.status).toBe(200)
      const res = await post(mr, '/approve', guest.token)
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })
  })

  describe('award emoji', () => {
    const awards = (mr: MergeRequestJson, tail = '') =>
      mrPath(project.id, mr.iid, `/award_emoji${tail}`)

    it('awards (201), lists, reads one; thumbsup and thumbsdown count as upvotes and downvotes', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const up = await api<AwardJson>(awards(mr), {
        method: 'POST',
        token: dev.token,
        body: { name: 'thumbsup' },
      })
      expect(up.status).toBe(201)
      expect(up.body).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          name: 'thumbsup',
          user: userRef(dev.user),
          awardable_id: mr.id,
          awardable_type: 'MergeRequest',
        }),
      )
      expect(up.body.created_at).toMatch(ISO_TIME)
      expect(up.body.updated_at).toMatch(ISO_TIME)
      for (const [token, name] of [
        [owner.token, 'thumbsup'],
        [stranger.token, 'thumbsdown'],
        [owner.token, 'tada'],
      ] as const) {
        const res = await api(awards(mr), { method: 'POST', token, body: { name } })
        expect([name, res.status]).toEqual([name, 201])
      }

      const list = await api<AwardJson[]>(awards(mr), { token: dev.token })
      expect(list.status).toBe(200)
      expect(list.headers.get('x-total')).toBe('4')
      expect(list.body.map((award) => award.name).sort()).toEqual([
        'tada',
        'thumbsdown',
        'thumbsup',
        'thumbsup',
      ])
      const one = await api<AwardJson>(awards(mr, `/${up.body.id}`), { token: dev.token })
      expect(one.status).toBe(200)
      expect(one.body.id).toBe(up.body.id)

      const single = await getMergeRequest(dev.token, project.id, mr.iid)
      expect(single).toMatchObject({ upvotes: 2, downvotes: 1 })
      const [listed] = (
        await api<MergeRequestJson[]>(mrPath(project.id), {
          token: dev.token,
          query: { iids: [mr.iid] },
        })
      ).body
      expect(listed).toMatchObject({ upvotes: 2, downvotes: 1 })
    })

    it('my_reaction_emoji lists only the caller’s own reactions', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      await api(awards(mr), { method: 'POST', token: stranger.token, body: { name: 'rocket' } })
      const mine = async (token: string, emoji: string) =>
        (
          await api<MergeRequestJson[]>(mrPath(project.id), {
            token,
            query: { my_reaction_emoji: emoji, iids: [mr.iid] },
          })
        ).body.map((item) => item.id)
      expect(await mine(stranger.token, 'rocket')).toEqual([mr.id])
      expect(await mine(stranger.token, 'Any')).toEqual([mr.id])
      expect(await mine(dev.token, 'rocket')).toEqual([])
      expect(await mine(dev.token, 'None')).toEqual([mr.id])
    })

    it('404 for the same emoji twice and for a name that is no emoji', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      expect(
        (await api(awards(mr), { method: 'POST', token: dev.token, body: { name: 'star' } }))
          .status,
      ).toBe(201)
      const twice = await api(awards(mr), {
        method: 'POST',
        token: dev.token,
        body: { name: 'star' },
      })
      expect(twice.status).toBe(404)
      expect(twice.body).toEqual({
        message: '404 Award Emoji Name has already been taken Not Found',
      })
      const bogus = await api(awards(mr), {
        method: 'POST',
        token: dev.token,
        body: { name: 'not-an-emoji-at-all' },
      })
      expect(bogus.status).toBe(404)
      expect(bogus.body).toEqual({
        message: '404 Award Emoji Name is not a valid emoji name Not Found',
      })
    })

    it('deletes one’s own award (204), not somebody else’s; downvotes follow', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const down = await api<AwardJson>(awards(mr), {
        method: 'POST',
        token: dev.token,
        body: { name: 'thumbsdown' },
      })
      const others = await api(awards(mr, `/${down.body.id}`), {
        method: 'DELETE',
        token: stranger.token,
      })
      expect(others.status).toBe(401)
      expect((await getMergeRequest(dev.token, project.id, mr.iid)).downvotes).toBe(1)
      const own = await api(awards(mr, `/${down.body.id}`), {
        method: 'DELETE',
        token: dev.token,
      })
      expect(own.status).toBe(204)
      expect((await getMergeRequest(dev.token, project.id, mr.iid)).downvotes).toBe(0)
      const gone = await api(awards(mr, `/${down.body.id}`), { token: dev.token })
      expect(gone.status).toBe(404)
    })

    it('an administrator may delete anybody’s award (204)', async () => {
      const { mr } = await openMergeRequest(owner.token, project.id)
      const award = await api<AwardJson>(awards(mr), {
        method: 'POST',
        token: dev.token,
        body: { name: 'eyes' },
      })
      const res = await api(awards(mr, `/${award.body.id}`), {
        method: 'DELETE',
        token: rootToken(),
      })
      expect(res.status).toBe(204)
    })
  })
})
