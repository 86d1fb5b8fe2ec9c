import { hookHeaders, idempotencyKey, loggedPayload } from './hook-deliveries.js'

describe('hook requests', () => {
  it("send GitLab's headers, the token only when there is one", () => {
    const headers = hookHeaders(
      { id: 3, token: 's3cret' },
      'merge_request_hooks',
      'e-1',
      'https://x',
    )
    expect(Object.keys(headers)).toEqual([
      'Content-Type',
      'User-Agent',
      'X-Gitlab-Event',
      'X-Gitlab-Token',
      'X-Gitlab-Instance',
      'X-Gitlab-Webhook-UUID',
      'X-Gitlab-Event-UUID',
      'Idempotency-Key',
    ])
    expect(headers['X-Gitlab-Event']).toBe('Merge Request Hook')
    expect(headers['X-Gitlab-Token']).toBe('s3cret')
    expect(hookHeaders({ id: 3, token: undefined }, 'push_hooks', 'e', 'x')).not.toHaveProperty(
      'X-Gitlab-Token',
    )
  })

  it('keep one Idempotency-Key per event and hook, a UUID', () => {
    expect(idempotencyKey('e-1', 3)).toBe(idempotencyKey('e-1', 3))
    expect(idempotencyKey('e-1', 3)).not.toBe(idempotencyKey('e-1', 4))
    expect(idempotencyKey('e-1', 3)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })

  it('log payloads with every email redacted', () => {
    expect(
      loggedPayload({ user: { email: 'a@b.c', name: 'A' }, list: ['x@y.z', 'no'], n: 1 }),
    ).toEqual({ user: { email: '[REDACTED]', name: 'A' }, list: ['[REDACTED]', 'no'], n: 1 })
  })
})
