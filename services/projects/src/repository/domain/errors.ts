import { InvalidError, NotFoundError, PreconditionError } from '@suite/runtime'

/** GitLab answers tag creation errors with 405 and the service's message. */
export function tagCreationError(message: string): PreconditionError {
  return new PreconditionError(message, 'method_not_allowed')
}

/** 400 {"message":"..."}: GitLab's render_api_error!(message, 400). */
export function badRequest(message: string): InvalidError {
  return new InvalidError({}, message)
}

export function notFound(resource: string): NotFoundError {
  return new NotFoundError(resource)
}
