import type { Caller, PageRequest } from '@suite/proto'
import type { Principal } from '../auth/principal.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import type { PresentContext } from '../entities/present-context.js'
import { presentProject } from '../entities/project.entity.js'
import { presentProjectSimple } from '../entities/project-simple.entity.js'
import type { ProjectView } from '../entities/project-view.js'
import {
  checkKeyset,
  checkOffsetLimit,
  checkUpdatedAtOrder,
  matchesNothing,
  listRequest,
  type ListScope,
  type ListValues,
} from '../params/project-list.js'

/** A project as a list shows it: BasicProjectDetails when simple. */
export type ListedProject = ProjectView & { simple: boolean }

/** GET /projects, /users/:user_id/projects and /users/:user_id/starred_projects: the filters checked, then one ListProjects. */
export async function listProjects(
  projects: ProjectsClients,
  principal: Principal,
  caller: Caller,
  page: PageRequest,
  params: ListValues,
  scope: ListScope = {},
) {
  checkKeyset(params)
  checkUpdatedAtOrder(params)
  checkOffsetLimit(params, page)
  // GitLab's with_programming_language and imported filters: no language
  // detection or imports here, so they match nothing.
  if (
    params.with_programming_language !== undefined ||
    params.imported ||
    matchesNothing(params, caller.admin)
  ) {
    return { items: [], total: 0 }
  }
  // A page of full projects carries their repository facts, which the projects
  // service asks the repository role for with up to 15 s: wait a little longer.
  const answer = await projects.projects.read.listProjects(
    listRequest(caller, page, params, scope),
    { deadlineMs: LIST_DEADLINE_MS },
  )
  const simple = params.simple || !principal.user
  const items: ListedProject[] = answer.projects.map((project) => ({
    project,
    statistics: params.statistics,
    simple,
  }))
  if (params.pagination === 'keyset') {
    const next =
      answer.nextCursor === undefined
        ? undefined
        : { [params.sort === 'asc' ? 'id_after' : 'id_before']: answer.nextCursor }
    return { items, total: 0, keyset: { next } }
  }
  return { items, total: answer.pageInfo?.total ?? items.length }
}

/** How long a project list may take (more than the projects service's 15 s for repository facts). */
const LIST_DEADLINE_MS = 20_000

/** BasicProjectDetails for a simple listing, the full Project otherwise. */
export function presentListed(view: ListedProject, ctx: PresentContext) {
  return view.simple ? presentProjectSimple(view, ctx) : presentProject(view, ctx)
}
