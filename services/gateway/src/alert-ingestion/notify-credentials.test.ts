import { notificationKey } from './notify-credentials.js'

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`

describe('notificationKey', () => {
  it('reads Bearer, and Basic with a blank or any user name', () => {
    expect(notificationKey('Bearer abc123')).toBe('abc123')
    expect(notificationKey('bearer  abc123 ')).toBe('abc123')
    expect(notificationKey(basic(':abc123'))).toBe('abc123')
    expect(notificationKey(basic('alertmanager:abc123'))).toBe('abc123')
    expect(notificationKey(basic('u:with:colon'))).toBe('with:colon')
  })

  it('is empty without credentials or with malformed ones', () => {
    expect(notificationKey(undefined)).toBe('')
    expect(notificationKey('Token abc')).toBe('')
    expect(notificationKey(basic('no-colon'))).toBe('')
    expect(notificationKey('Basic')).toBe('')
  })
})
