import type { Caller, Milestone } from '@suite/proto'
import { InvalidError, isUniqueViolation } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import {
  findMilestoneByTitle,
  insertMilestone,
  listMilestoneRows,
  type MilestoneListQuery,
} from '../store/milestones.store.js'
import { milestoneMessage } from './catalog-messages.js'
import { requireAdminMilestone, requireReadMilestone } from './policy.js'

export interface NewMilestone {
  projectId: number
  title: string
  description: string
  dueDate?: string
  startDate?: string
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
  input: NewMilestone,
): Promise<Milestone> {
  requireAdminMilestone(caller, input.projectId)
  const title = input.title.trim()
  const dueDate = dateOrUndefined(input.dueDate)
  const startDate = dateOrUndefined(input.startDate)
  const errors: Record<string, string[]> = {}
  if (title === '') errors['title'] = ["can't be blank"]
  else if (await findMilestoneByTitle(deps.db, input.projectId, title)) {
    errors['title'] = ['already being used for another group or project milestone.']
  }
  if (dueDate && startDate && dueDate < startDate) {
    errors['due_date'] = ['must be greater than start date']
  }
  if (Object.keys(errors).length > 0) throw failed(errors)
  try {
    const row = await deps.db.transaction().execute((tx) =>
      insertMilestone(tx, {
        project_id: input.projectId,
        title,
        description: input.description,
        due_date: dueDate ?? null,
        start_date: startDate ?? null,
      }),
    )
    return milestoneMessage(row)
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
): Promise<{ milestones: Milestone[]; total: number }> {
  requireReadMilestone(caller, query.projectId)
  const state = query.state === 'all' ? undefined : query.state
  const { rows, total } = await listMilestoneRows(deps.db, { ...query, state })
  const now = new Date()
  return { milestones: rows.map((row) => milestoneMessage(row, now)), total }
}
