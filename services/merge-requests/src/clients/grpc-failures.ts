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

/** Whether the call was refused as INVALID_ARGUMENT (a validation error). */
export function isInvalidArgument(error: unknown): boolean {
  return isServiceError(error) && error.code === status.INVALID_ARGUMENT
}

/** The message of a refusal the caller could act on (FAILED_PRECONDITION, PERMISSION_DENIED), else undefined. */
export function refusalMessage(error: unknown): string | undefined {
  if (!isServiceError(error)) return undefined
  if (error.code !== status.FAILED_PRECONDITION && error.code !== status.PERMISSION_DENIED) {
    return undefined
  }
  return readErrorDetail(error)?.message || error.details || ''
}
