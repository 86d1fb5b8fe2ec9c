import { Metadata, status, type ServiceError } from '@grpc/grpc-js'
import { InvalidError, NotFoundError } from './errors.js'
import { ERROR_DETAIL_KEY, PASSED_ON_KEY, readErrorDetail, toGrpcFailure } from './grpc-status.js'

function downstreamFailure(code: status, metadata = new Metadata()): ServiceError {
  return Object.assign(new Error('downstream'), { code, details: 'downstream', metadata })
}

describe('toGrpcFailure', () => {
  it("marks another service's UNAVAILABLE as passed on, and its own not", () => {
    const passed = toGrpcFailure(downstreamFailure(status.UNAVAILABLE))
    expect(passed.code).toBe(status.UNAVAILABLE)
    expect(passed.metadata.get(PASSED_ON_KEY)).toEqual(['1'])
    const own = toGrpcFailure(new NotFoundError('Group'))
    expect(own.metadata.get(PASSED_ON_KEY)).toEqual([])
  })

  it('turns a domain error into its status with an ErrorDetail trailer', () => {
    const failure = toGrpcFailure(new NotFoundError('Group'))
    expect(failure.code).toBe(status.NOT_FOUND)
    const detail = readErrorDetail(downstreamFailure(failure.code, failure.metadata))
    expect(detail).toMatchObject({ reason: 'not_found', resource: 'Group' })
  })

  it('cuts messages quoting huge input, which could not travel in a trailer', () => {
    const name = 'a'.repeat(1024 * 1024)
    const failure = toGrpcFailure(
      new InvalidError({ template_name: [`'${name}' is unknown or invalid`] }),
    )
    const raw = failure.metadata.get(ERROR_DETAIL_KEY)[0] as Buffer
    expect(raw.length).toBeLessThan(2_000)
    expect(failure.details.length).toBeLessThan(1_000)
    const detail = readErrorDetail(downstreamFailure(failure.code, failure.metadata))
    expect(detail?.fieldErrors[0]?.messages[0]).toMatch(/^'a+…$/)
  })

  it("passes another service's answer through with its ErrorDetail", () => {
    const inner = toGrpcFailure(new InvalidError({ default_branch: ['is invalid'] }))
    const failure = toGrpcFailure(downstreamFailure(inner.code, inner.metadata))
    expect(failure.code).toBe(status.INVALID_ARGUMENT)
    expect(failure.metadata.get(ERROR_DETAIL_KEY)).toEqual(inner.metadata.get(ERROR_DETAIL_KEY))
    expect(toGrpcFailure(downstreamFailure(status.UNAVAILABLE)).code).toBe(status.UNAVAILABLE)
  })

  it('hides unexpected errors, local or downstream, as INTERNAL', () => {
    expect(toGrpcFailure(new Error('boom'))).toMatchObject({
      code: status.INTERNAL,
      details: 'Internal Server Error',
    })
    expect(toGrpcFailure(downstreamFailure(status.UNKNOWN)).code).toBe(status.INTERNAL)
  })

  it('answers a database that is down or overloaded with UNAVAILABLE, the gateway 503', () => {
    const faults = [
      Object.assign(new Error('connection failure during authentication'), { code: '08006' }),
      Object.assign(new Error('too many connections'), { code: '53300' }),
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      Object.assign(new Error('could not serialize access'), { code: '40001' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
    ]
    for (const fault of faults) {
      expect(toGrpcFailure(fault)).toMatchObject({
        code: status.UNAVAILABLE,
        details: 'Service Unavailable',
      })
    }
  })

  it('keeps database errors that are not transient INTERNAL', () => {
    const duplicate = Object.assign(new Error('duplicate key value'), { code: '23505' })
    expect(toGrpcFailure(duplicate).code).toBe(status.INTERNAL)
    expect(toGrpcFailure(new Error('relation does not exist')).code).toBe(status.INTERNAL)
  })
})
