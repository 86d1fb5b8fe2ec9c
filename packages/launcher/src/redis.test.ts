import { redisAddress, redisUnavailableMessage } from './redis.js'

describe('redisAddress', () => {
  it('reads host and port, defaulting the port', () => {
    expect(redisAddress('redis://cache:6380/0')).toEqual({ host: 'cache', port: 6380 })
    expect(redisAddress('redis://:secret@cache')).toEqual({ host: 'cache', port: 6379 })
    expect(redisAddress('redis://[::1]:7000')).toEqual({ host: '::1', port: 7000 })
  })
})

describe('redisUnavailableMessage', () => {
  const url = 'redis://127.0.0.1:6379'

  it('allows a private redis-server only when REDIS_URL was not set', () => {
    expect(redisUnavailableMessage(url, false, '/usr/bin/redis-server')).toBeUndefined()
    expect(redisUnavailableMessage(url, true, '/usr/bin/redis-server')).toMatch(/^REDIS_URL: /)
  })

  it('says how to get Redis when none is installed', () => {
    expect(redisUnavailableMessage(url, false, undefined)).toMatch(/install Redis .* REDIS_URL/)
  })

  it('never prints a password', () => {
    const message = redisUnavailableMessage('redis://:hunter2@cache:6379', true, undefined)
    expect(message).not.toContain('hunter2')
  })
})
