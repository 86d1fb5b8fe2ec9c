/**
 * Dependencies for collaboration domain tests (test code only): the real
 * test schema, and a projects port that knows the given projects (the
 * others answer NOT_FOUND, as an unreadable project does).
 */
import { status } from '@grpc/grpc-js'
import type { Caller, Project } from '@suite/proto'
import type { Kysely } from 'kysely'
import type { MergeRequestsDeps } from '../rpc/deps.js'
import type { Database } from '../store/schema.js'

/** A project as the projects service answers it, with what the readability rule reads. */
export function testProject(id: number, values: Partial<Project> = {}): Project {
  return {
    id,
    visibility: 'private',
    accessLevels: {},
    callerAccessLevel: 0,
    ...values,
  } as Project
}

/** Deps over `db` whose projects port answers with `projects` (by id). */
export function testDeps(
  db: Kysely<Database>,
  projects: readonly Project[] = [],
): MergeRequestsDeps {
  const byId = new Map(projects.map((project) => [project.id, project]))
  const getProject = (req: { project?: { id?: number } }) => {
    const project = byId.get(req.project?.id ?? 0)
    if (project) return Promise.resolve({ project })
    return Promise.reject(Object.assign(new Error('not found'), { code: status.NOT_FOUND }))
  }
  const batchGetProjects = (req: { ids: number[] }) =>
    Promise.resolve({ projects: req.ids.flatMap((id) => byId.get(id) ?? []) })
  return {
    db,
    ports: { projects: { getProject, batchGetProjects } },
  } as unknown as MergeRequestsDeps
}

/** A signed-in caller with the given access level in the request's project. */
export function caller(userId: number, accessLevel: number, admin = false): Caller {
  return { userId, accessLevel, admin, scopes: ['api'] }
}
