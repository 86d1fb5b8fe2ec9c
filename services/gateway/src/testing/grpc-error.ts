import { Metadata, status, type ServiceError } from '@grpc/grpc-js'
import { ErrorDetail } from '@suite/proto'
import { ERROR_DETAIL_KEY } from '@suite/runtime'

/**
 * A failed call as grpc-js reports it, with an ErrorDetail trailer when given.
 * UNAUTHENTICATED carries the reason a service's UnauthenticatedError sends
 * unless `detail` says otherwise: a bare one is the internal-credential check's.
 */
export function grpcError(code: status, detail?: Partial<ErrorDetail>): ServiceError {
  const metadata = new Metadata()
  if (code === status.UNAUTHENTICATED && !detail) detail = { reason: 'unauthenticated' }
  if (detail) {
    const message = ErrorDetail.create(detail)
    metadata.set(ERROR_DETAIL_KEY, Buffer.from(ErrorDetail.encode(message).finish()))
  }
  return Object.assign(new Error(`${status[code]}: failed`), {
    code,
    details: 'failed',
    metadata,
  })
}

/** What the internal-credential interceptor answers: UNAUTHENTICATED with no ErrorDetail. */
export function internalCredentialRefusal(): ServiceError {
  return Object.assign(new Error('UNAUTHENTICATED: missing or wrong internal credential'), {
    code: status.UNAUTHENTICATED,
    details: 'missing or wrong internal credential',
    metadata: new Metadata(),
  })
}
