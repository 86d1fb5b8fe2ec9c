import { status, type ServiceError } from '@grpc/grpc-js'
import { readErrorDetail } from '@suite/runtime'

export { isNotFound } from '@suite/runtime'

function isServiceError(error: unknown): error is ServiceError {
  return typeof (error as { code?: unknown } | null)?.code === 'number'
}

/** The ErrorDetail reason of a FAILED_PRECONDITION answer, else undefined. */
export function failedPreconditionReason(error: unknown): string | undefined {
  if (!isServiceError(error) || error.code !== status.FAILED_PRECONDITION) return undefined
  return readErrorDetail(error)?.reason ?? ''
}
