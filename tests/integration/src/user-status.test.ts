import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import { createToken, createUserWithToken, type UserWithToken } from './support/factories'
import { notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { baseUrl } from './support/suite-state'

// Issue 26, point 3: GET, PUT and PATCH /user/status and GET /users/:user_id/status
// as lib/api/users.rb and API::Entities::UserStatus answer them. message_html
// is the message HTML-escaped (GitLab's emoji pipeline also turns `:name:`
// into <gl-emoji> elements, which is not done here).

interface StatusJson {
  emoji: string | null
  message: string | null
  availability: string | null
  message_html: string
  clear_status_at: string | null
}

const NONE: StatusJson = {
  emoji: null,
  message: null,
  availability: null,
  message_html: '',
  clear_status_at: null,
}

function putStatus(token: string, body: Record<string, unknown>) {
  return api<StatusJson>('/user/status', { method: 'PUT', token, body })
}

function patchStatus(token: string, body: Record<string, unknown>) {
  return api<StatusJson>('/user/status', { method: 'PATCH', token, body })
}

describe('user status', () => {
  let alice: UserWithToken
  let bob: UserWithToken

  beforeAll(async () => {
    ;[alice, bob] = await Promise.all([createUserWithToken(), createUserWithToken()])
  })

  it('is empty at first, for the user and for anyone', async () => {
    const own = await api<StatusJson>('/user/status', { token: alice.token })
    expect([own.status, own.body]).toEqual([200, NONE])
    const anonymous = await api(`/users/${alice.user.id}/status`)
    expect([anonymous.status, anonymous.body]).toEqual([200, NONE])
  })

  it('sets it with PUT; everyone reads it by id or username', async () => {
    const res = await putStatus(alice.token, {
      emoji: 'coffee',
      message: 'Back <soon> & "later"',
      availability: 'busy',
    })
    const expected: StatusJson = {
      emoji: 'coffee',
      message: 'Back <soon> & "later"',
      availability: 'busy',
      message_html: 'Back &lt;soon&gt; &amp; &quot;later&quot;',
      clear_status_at: null,
    }
    expect([res.status, res.body]).toEqual([200, expected])
    expect(Object.keys(res.body)).toEqual([
      'emoji',
      'message',
      'availability',
      'message_html',
      'clear_status_at',
    ])
    expect((await api('/user/status', { token: alice.token })).body).toEqual(expected)
    expect((await api(`/users/${alice.user.id}/status`, { token: bob.token })).body).toEqual(
      expected,
    )
    const byName = await api(`/users/${alice.user.username.toUpperCase()}/status`)
    expect([byName.status, byName.body]).toEqual([200, expected])
  })

  it('PUT replaces: what is left out is cleared, the emoji defaults to speech_balloon', async () => {
    const res = await putStatus(alice.token, { message: 'Reviewing', clear_status_after: '1_day' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      emoji: 'speech_balloon',
      message: 'Reviewing',
      // A blank availability keeps the one there was (Users::SetStatusService).
      availability: 'busy',
      message_html: 'Reviewing',
      clear_status_at: expect.any(String),
    })
    const clearsIn = Date.parse(res.body.clear_status_at ?? '') - Date.now()
    expect(clearsIn).toBeGreaterThan(23 * 3600_000)
    expect(clearsIn).toBeLessThanOrEqual(24 * 3600_000)
  })

  it('PUT with nothing removes it', async () => {
    const res = await putStatus(alice.token, {})
    expect([res.status, res.body]).toEqual([200, NONE])
    expect((await api(`/users/${alice.user.id}/status`)).body).toEqual(NONE)
  })

  it('PATCH changes only what is given; nothing given changes nothing', async () => {
    const set = await putStatus(alice.token, {
      emoji: 'coffee',
      message: 'Lunch',
      availability: 'busy',
      clear_status_after: '3_hours',
    })
    expect(set.status).toBe(200)
    const busy = await patchStatus(alice.token, { availability: 'not_set' })
    expect([busy.status, busy.body]).toEqual([200, { ...set.body, availability: 'not_set' }])
    const emoji = await patchStatus(alice.token, { emoji: 'tea' })
    expect([emoji.status, emoji.body]).toEqual([200, { ...busy.body, emoji: 'tea' }])
    const nothing = await patchStatus(alice.token, {})
    expect([nothing.status, nothing.body]).toEqual([200, emoji.body])
    expect((await api(`/users/${alice.user.id}/status`)).body).toEqual(emoji.body)
    // A message without an emoji takes the default one (Users::SetStatusService).
    const message = await patchStatus(alice.token, { message: 'Back <soon>' })
    expect([message.status, message.body]).toEqual([
      200,
      {
        ...emoji.body,
        emoji: 'speech_balloon',
        message: 'Back <soon>',
        message_html: 'Back &lt;soon&gt;',
      },
    ])
    const bad = await patchStatus(alice.token, { availability: 'away' })
    expect([bad.status, bad.body]).toEqual([
      400,
      { message: { availability: ['is not included in the list'] } },
    ])
    const after = await patchStatus(alice.token, { clear_status_after: '2_hours' })
    expect([after.status, after.body]).toEqual([
      400,
      { error: 'clear_status_after does not have a valid value' },
    ])
    const anonymous = await api('/user/status', { method: 'PATCH', body: { message: 'x' } })
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
    // Given fields without an emoji, message or availability remove it, as PUT would.
    const removed = await patchStatus(alice.token, { clear_status_after: '1_day' })
    expect([removed.status, removed.body]).toEqual([200, NONE])
  })

  it('answers GitLab errors for bad input', async () => {
    const long = await putStatus(alice.token, { message: 'x'.repeat(101) })
    expect([long.status, long.body]).toEqual([
      400,
      { message: { message: ['is too long (maximum is 100 characters)'] } },
    ])
    const ok = await putStatus(alice.token, { message: 'x'.repeat(100) })
    expect(ok.status).toBe(200)
    const after = await putStatus(alice.token, { message: 'x', clear_status_after: '2_hours' })
    expect([after.status, after.body]).toEqual([
      400,
      { error: 'clear_status_after does not have a valid value' },
    ])
    const availability = await putStatus(alice.token, { availability: 'away' })
    expect([availability.status, availability.body]).toEqual([
      400,
      { message: { availability: ['is not included in the list'] } },
    ])
    const emoji = await putStatus(alice.token, { emoji: '<script>' })
    expect([emoji.status, emoji.body]).toEqual([
      400,
      { message: { emoji: ['is not a valid emoji name'] } },
    ])
  })

  it('is 401 without a token for the own status, 404 for no such user', async () => {
    const own = await api('/user/status')
    expect([own.status, own.body]).toEqual([401, UNAUTHORIZED])
    const put = await api('/user/status', { method: 'PUT', body: { message: 'x' } })
    expect([put.status, put.body]).toEqual([401, UNAUTHORIZED])
    for (const user of ['999999999', 'no-such-user-here']) {
      const res = await api(`/users/${user}/status`)
      expect([res.status, res.body]).toEqual([404, notFound('User')])
    }
  })

  it('needs the api scope to set it (read_user reads only)', async () => {
    const { token } = await createToken(bob.user.id, ['read_user'])
    expect((await api('/user/status', { token })).status).toBe(200)
    const res = await putStatus(token, { message: 'x' })
    expect(res.status).toBe(403)
  })

  it('works through @gitbeaker/rest (Users.editStatus, Users.showStatus)', async () => {
    const client = new Gitlab({ host: baseUrl(), token: bob.token })
    const set = await client.Users.editStatus({ emoji: 'tea', message: 'Tea time' })
    expect(set).toEqual(expect.objectContaining({ emoji: 'tea', message: 'Tea time' }))
    const own = await client.Users.showStatus()
    expect(own).toEqual(set)
    const other = await new Gitlab({ host: baseUrl(), token: alice.token }).Users.showStatus({
      iDOrUsername: bob.user.id,
    })
    expect(other).toEqual(set)
  })
})
