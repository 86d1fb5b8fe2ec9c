import { pollHost } from './readiness.js'

describe('pollHost', () => {
  it('reaches a wildcard bind through loopback', () => {
    expect(pollHost('0.0.0.0')).toBe('127.0.0.1')
    expect(pollHost('::')).toBe('127.0.0.1')
    expect(pollHost('127.0.0.1')).toBe('127.0.0.1')
    expect(pollHost('::1')).toBe('[::1]')
  })
})
