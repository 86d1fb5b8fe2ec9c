import { Metadata, status, type ServiceError } from '@grpc/grpc-js'
import { ErrorDetail } from '@suite/proto'
import { ERROR_DETAIL_KEY } from '@suite/runtime'

/** A failed call as grpc-js reports it, with an ErrorDetail trailer when given. */
export function grpcError(code: status, detail?: Partial<ErrorDetail>): ServiceError {
  const metadata = new Metadata()
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
