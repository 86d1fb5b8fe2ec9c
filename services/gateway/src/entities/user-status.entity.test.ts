import { presentUserStatus } from './user-status.entity.js'

describe('presentUserStatus', () => {
  it('renders GitLab UserStatus, the message escaped into message_html', () => {
    expect(
      presentUserStatus({
        status: {
          emoji: 'coffee',
          message: 'Back <b>soon</b> & "later"',
          availability: 'busy',
          clearStatusAt: new Date('2026-11-29T06:00:00Z'),
        },
      }),
    ).toEqual({
      emoji: 'coffee',
      message: 'Back <b>soon</b> & "later"',
      availability: 'busy',
      message_html: 'Back &lt;b&gt;soon&lt;/b&gt; &amp; &quot;later&quot;',
      clear_status_at: '2026-11-29T06:00:00.000Z',
    })
  })

  it('renders no status as nulls and an empty message_html', () => {
    expect(presentUserStatus({ status: undefined })).toEqual({
      emoji: null,
      message: null,
      availability: null,
      message_html: '',
      clear_status_at: null,
    })
  })
})
