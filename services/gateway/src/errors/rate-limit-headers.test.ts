import { rateLimitHeaders, throttledHeaders } from './rate-limit-headers.js'

// RequestThrottleData's own examples: 1609844400 is Tue, 05 Jan 2021 11:00:00 GMT.
const window = {
  name: 'throttle_authenticated_api',
  limit: 100,
  observed: 67,
  resetAt: new Date(1609844400 * 1000),
  resetInSeconds: 30,
}

describe('rateLimitHeaders', () => {
  it('states a throttle quota per 60 seconds, rounded up, and the remaining from the real limit', () => {
    expect(rateLimitHeaders({ ...window, periodSeconds: 120 })).toEqual({
      'RateLimit-Name': 'throttle_authenticated_api',
      'RateLimit-Limit': '50',
      'RateLimit-Observed': '67',
      'RateLimit-Remaining': '33',
      'RateLimit-Reset': '1609844400',
    })
    expect(rateLimitHeaders({ ...window, limit: 7, periodSeconds: 3600 })['RateLimit-Limit']).toBe(
      '1',
    )
  })

  it('states the limit itself without a period, and never a negative remaining', () => {
    const headers = rateLimitHeaders({ ...window, limit: 25, observed: 26 })
    expect(headers['RateLimit-Limit']).toBe('25')
    expect(headers['RateLimit-Remaining']).toBe('0')
  })
})

describe('throttledHeaders', () => {
  it('adds Retry-After in seconds and RateLimit-ResetTime as an HTTP date', () => {
    const counted = { ...window, periodSeconds: 60 }
    expect(throttledHeaders(counted)).toEqual({
      ...rateLimitHeaders(counted),
      'Retry-After': '30',
      'RateLimit-ResetTime': 'Tue, 05 Jan 2021 11:00:00 GMT',
    })
  })
})
