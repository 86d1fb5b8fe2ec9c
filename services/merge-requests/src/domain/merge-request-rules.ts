import { ConflictError, InvalidError, PreconditionError } from '@suite/runtime'

/** Issuable::DESCRIPTION_LENGTH_MAX. */
export const DESCRIPTION_LENGTH_MAX = 1_048_576
/** Issuable's title limit. */
export const TITLE_LENGTH_MAX = 255

/** Label's title limit: a label named by `labels` or `add_labels` is created when missing. */
export const LABEL_TITLE_LENGTH_MAX = 255

/** The model validations of title and description, as GitLab's 400 field errors. */
export function validateTexts(texts: {
  title?: string
  description?: string
  /** Titles of the labels the request may create. */
  labels?: readonly string[]
}): void {
  const errors: Record<string, string[]> = {}
  if (texts.title !== undefined) {
    if (texts.title.trim() === '') errors['title'] = ["can't be blank"]
    else if ([...texts.title].length > TITLE_LENGTH_MAX) {
      errors['title'] = [`is too long (maximum is ${TITLE_LENGTH_MAX} characters)`]
    }
  }
  if (texts.description !== undefined && [...texts.description].length > DESCRIPTION_LENGTH_MAX) {
    errors['description'] = [`is too long (maximum is ${DESCRIPTION_LENGTH_MAX} characters)`]
  }
  const titles = texts.labels?.flatMap((names) => names.split(',')) ?? []
  if (titles.some((label) => [...label.trim()].length > LABEL_TITLE_LENGTH_MAX)) {
    errors['labels'] = [`is too long (maximum is ${LABEL_TITLE_LENGTH_MAX} characters)`]
  }
  if (Object.keys(errors).length > 0) throw new InvalidError(errors)
}

/*
 * GitLab answers these model errors with {"message":["<text>"]} (an array);
 * the reasons name GitLab's error keys so that the gateway can do the same.
 * Unknown FAILED_PRECONDITION reasons are 422 there, conflicts 409.
 */

/** validate_branches' branch_conflict: 422. */
export function rejectSameBranches(
  sourceBranch: string,
  targetBranch: string,
  crossProject = false,
): void {
  // A fork's branch may go into the upstream's branch of the same name.
  if (!crossProject && sourceBranch === targetBranch) {
    throw new PreconditionError(
      "You can't use same project/branch for source and target",
      'branch_conflict',
    )
  }
}

/** validate_branches: another open request with the same branches, 409. */
export function conflictingRequestError(iid: number): ConflictError {
  return new ConflictError(
    `Another open merge request already exists for this source branch: !${iid}`,
    {},
    'validate_branches',
  )
}

/** MergeRequests::BuildService's missing branch (:base), 422. */
export function missingBranchError(side: 'Source' | 'Target', branch: string): PreconditionError {
  return new PreconditionError(`${side} branch "${branch}" does not exist`, 'base')
}

/** validate_fork, 422: the target is neither the project nor the upstream it was forked from. */
export function notForkError(): PreconditionError {
  return new PreconditionError(
    'Source project is not a fork of the target project',
    'validate_fork',
  )
}
