import { status } from '@grpc/grpc-js'
import { grpcError, internalCredentialRefusal } from '../testing/grpc-error.js'
import { httpErrorFromGrpc } from './grpc-errors.js'
import { RateLimitedError, toGrpcFailure } from '@suite/runtime'

function answer(code: status, detail?: Parameters<typeof grpcError>[1]) {
  const error = httpErrorFromGrpc(grpcError(code, detail))
  return { status: error.status, body: error.body }
}

describe('gRPC status -> GitLab answer', () => {
  it.each([
    [status.NOT_FOUND, { resource: 'Group' }, 404, { message: '404 Group Not Found' }],
    [status.NOT_FOUND, undefined, 404, { message: '404 Not Found' }],
    [status.NOT_FOUND, { reason: 'record_not_found' }, 404, { message: '404 Not found' }],
    [status.NOT_FOUND, { reason: 'service_not_found' }, 404, { message: 'Not Found' }],
    [
      status.INVALID_ARGUMENT,
      { fieldErrors: [{ field: 'path', messages: ['has already been taken'] }] },
      400,
      { message: { path: ['has already been taken'] } },
    ],
    [status.INVALID_ARGUMENT, { message: 'Bad Request' }, 400, { message: '400 Bad Request' }],
    [status.INVALID_ARGUMENT, { message: 'Invalid scope' }, 400, { message: 'Invalid scope' }],
    [status.PERMISSION_DENIED, { message: 'Forbidden' }, 403, { message: '403 Forbidden' }],
    [status.PERMISSION_DENIED, { message: 'why' }, 403, { message: '403 Forbidden - why' }],
    [status.PERMISSION_DENIED, undefined, 403, { message: '403 Forbidden' }],
    [
      status.PERMISSION_DENIED,
      { reason: 'limit_reached', message: "You've reached your limit of 1 projects created." },
      403,
      { message: ["You've reached your limit of 1 projects created."] },
    ],
    [
      status.ALREADY_EXISTS,
      { message: 'Member already exists' },
      409,
      { message: 'Member already exists' },
    ],
    [
      status.ALREADY_EXISTS,
      { message: 'x', fieldErrors: [{ field: 'email', messages: ['has already been taken'] }] },
      409,
      { message: { email: ['has already been taken'] } },
    ],
    [status.ABORTED, undefined, 409, { message: '409 Conflict' }],
    [
      status.ALREADY_EXISTS,
      { reason: 'validate_branches', message: 'Another open merge request already exists' },
      409,
      { message: ['Another open merge request already exists'] },
    ],
    [
      status.FAILED_PRECONDITION,
      { reason: 'not_allowed', message: '405 Method Not Allowed' },
      405,
      { message: '405 Method Not Allowed' },
    ],
    [
      status.FAILED_PRECONDITION,
      { reason: 'not_acceptable', message: 'Branch cannot be merged' },
      406,
      { message: 'Branch cannot be merged' },
    ],
    [status.FAILED_PRECONDITION, { reason: 'other', message: 'no' }, 422, { message: 'no' }],
    [status.FAILED_PRECONDITION, { reason: 'not_modified' }, 304, undefined],
    [
      status.FAILED_PRECONDITION,
      { reason: 'validate_branches', message: 'Another open merge request already exists' },
      409,
      { message: ['Another open merge request already exists'] },
    ],
    [
      status.FAILED_PRECONDITION,
      { reason: 'branch_conflict', message: 'You can not use same project/branch' },
      422,
      { message: ['You can not use same project/branch'] },
    ],
    [
      status.FAILED_PRECONDITION,
      { reason: 'sha_mismatch', message: 'SHA does not match HEAD of source branch: abc' },
      409,
      { message: 'SHA does not match HEAD of source branch: abc' },
    ],
    [
      status.FAILED_PRECONDITION,
      { reason: 'not_mergeable' },
      405,
      { message: '405 Method Not Allowed' },
    ],
    [status.FAILED_PRECONDITION, { reason: 'bad_request' }, 400, { message: '400 Bad Request' }],
    [
      status.FAILED_PRECONDITION,
      { reason: 'change_conflict', message: 'Sorry' },
      400,
      { message: 'Sorry', error_code: 'conflict' },
    ],
    [
      status.FAILED_PRECONDITION,
      { reason: 'dry_run_empty', message: 'Sorry' },
      400,
      { message: 'Sorry', error_code: 'empty', dry_run: 'error' },
    ],
    [status.UNAUTHENTICATED, undefined, 401, { message: '401 Unauthorized' }],
    [status.UNAVAILABLE, undefined, 503, { message: '503 Service Unavailable' }],
    [status.DEADLINE_EXCEEDED, undefined, 503, { message: '503 Service Unavailable' }],
    [status.CANCELLED, undefined, 503, { message: '503 Service Unavailable' }],
    [status.INTERNAL, { message: 'stack trace' }, 500, { message: '500 Internal Server Error' }],
    [status.UNKNOWN, undefined, 500, { message: '500 Internal Server Error' }],
  ])('maps %p %j to %p %j', (code, detail, httpStatus, body) => {
    expect(answer(code, detail)).toEqual({ status: httpStatus, body })
  })
})

describe('UNAUTHENTICATED', () => {
  it("is a 401 when a service refuses the caller's credentials", () => {
    expect(answer(status.UNAUTHENTICATED, { reason: 'unauthenticated' })).toEqual({
      status: 401,
      body: { message: '401 Unauthorized' },
    })
  })

  it('is a 500 when the internal-credential check refused the gateway itself', () => {
    const error = httpErrorFromGrpc(internalCredentialRefusal())
    expect({ status: error.status, body: error.body }).toEqual({
      status: 500,
      body: { message: '500 Internal Server Error' },
    })
  })
})

describe('a rate limit a service counted', () => {
  it("answers 429 with GitLab's body and throttle headers, through the real trailer", () => {
    const resetAt = new Date('2026-11-26T10:01:00.000Z')
    const domain = new RateLimitedError({
      name: 'pipelines_create',
      limit: 25,
      observed: 26,
      resetAt,
    })
    const failure = toGrpcFailure(domain)
    const error = httpErrorFromGrpc(
      Object.assign(new Error('limited'), {
        code: failure.code,
        details: failure.details,
        metadata: failure.metadata,
      }),
    )
    expect(error.status).toBe(429)
    expect(error.body).toEqual({
      message: { error: 'This endpoint has been requested too many times. Try again later.' },
    })
    expect(error.headers).toMatchObject({
      'RateLimit-Name': 'pipelines_create',
      'RateLimit-Limit': '25',
      'RateLimit-Observed': '26',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': String(resetAt.getTime() / 1000),
      'RateLimit-ResetTime': 'Thu, 26 Nov 2026 10:01:00 GMT',
    })
    expect(Number(error.headers['Retry-After'])).toBeGreaterThanOrEqual(0)
  })

  it('answers a bare 429 without a counted limit', () => {
    expect(answer(status.RESOURCE_EXHAUSTED)).toEqual({
      status: 429,
      body: { message: '429 Too Many Requests' },
    })
  })
})
