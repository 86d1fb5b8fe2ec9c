import { InvalidError, isUniqueViolation } from '@suite/runtime'
import type { Caller } from './caller.js'
import { milestoneView } from './catalog-views.js'
import type { MergeRequestsDeps } from './ports.js'
import { DESCRIPTION_LENGTH_MAX, TITLE_LENGTH_MAX } from './merge-request-rules.js'
import type { MilestoneView } from './merge-request-view.js'
import type { MilestoneListQuery } from './milestone.js'
import { requireAdminMilestone, requireReadMilestone } from './policy.js'

/** A milestone as the caller asks for it. */
export interface MilestoneInput {
  projectId: number
  title: string
  description: string
  dueDate?: string | undefined
  startDate?: string | undefined
}

/** Ruby's Hash#inspect of ActiveModel error messages, as GitLab's milestone errors print them. */
function rubyErrors(errors: Record<string, string[]>): string {
  const entries = Object.entries(errors).map(
    ([field, messages]) => `:${field}=>[${messages.map((m) => JSON.stringify(m)).join(', ')}]`,
  )
  return `{${entries.join(', ')}}`
}

function failed(errors: Record<string, string[]>): InvalidError {
  return new InvalidError({}, `Failed to create milestone ${rubyErrors(errors)}`)
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** A date parameter as YYYY-MM-DD; an unparsable one is left unset, as Rails casts it to nil. */
function dateOrUndefined(value: string | undefined): string | undefined {
  if (!value) return undefined
  const date = new Date(value)
  if (!DATE.test(value.slice(0, 10)) || Number.isNaN(date.getTime())) return undefined
  return value.slice(0, 10)
}

/** POST /projects/:id/milestones: admin_milestone; title present and unused in the project. */
export async function createMilestone(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  input: MilestoneInput,
): Promise<MilestoneView> {
  requireAdminMilestone(caller, input.projectId)
  const title = input.title.trim()
  const dueDate = dateOrUndefined(input.dueDate)
  const startDate = dateOrUndefined(input.startDate)
  const errors: Record<string, string[]> = {}
  if (title === '') errors['title'] = ["can't be blank"]
  // Beyond this the title index refuses the row: the issuable limits, as a validation error.
  else if ([...title].length > TITLE_LENGTH_MAX) {
    errors['title'] = [`is too long (maximum is ${TITLE_LENGTH_MAX} characters)`]
  } else if (await deps.stores.milestones.findByTitle(input.projectId, title)) {
    errors['title'] = ['already being used for another group or project milestone.']
  }
  if ([...input.description].length > DESCRIPTION_LENGTH_MAX) {
    errors['description'] = [`is too long (maximum is ${DESCRIPTION_LENGTH_MAX} characters)`]
  }
  if (dueDate && startDate && dueDate < startDate) {
    errors['due_date'] = ['must be greater than start date']
  }
  if (Object.keys(errors).length > 0) throw failed(errors)
  try {
    const milestone = await deps.stores.transaction((tx) =>
      tx.milestones.insert({
        projectId: input.projectId,
        title,
        description: input.description,
        dueDate: dueDate ?? null,
        startDate: startDate ?? null,
      }),
    )
    return milestoneView(milestone)
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw failed({ title: ['already being used for another group or project milestone.'] })
    }
    throw error
  }
}

/** GET /projects/:id/milestones: read_milestone; one page and the total. */
export async function listMilestones(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  query: MilestoneListQuery,
): Promise<{ milestones: MilestoneView[]; total: number }> {
  requireReadMilestone(caller, query.projectId)
  const state = query.state === 'all' ? undefined : query.state
  const { milestones, total } = await deps.stores.milestones.list({ ...query, state })
  const now = new Date()
  return { milestones: milestones.map((milestone) => milestoneView(milestone, now)), total }
}
