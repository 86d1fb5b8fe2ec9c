import { badRequest } from './errors.js'
import { isObjectFormat, isValidNewRefName, type ObjectFormat } from './ref-names.js'

/** What CreateRepository makes: its default branch and object format. */
export interface NewRepository {
  branch: string
  format: ObjectFormat
}

/** CreateRepository's settings, main and sha1 when not given; INVALID_ARGUMENT when bad. */
export function newRepository(defaultBranch: string, objectFormat: string): NewRepository {
  const branch = defaultBranch || 'main'
  if (!isValidNewRefName(branch)) throw badRequest('Default branch name is invalid')
  const format = objectFormat || 'sha1'
  if (!isObjectFormat(format)) throw badRequest('Object format is invalid')
  return { branch, format }
}
