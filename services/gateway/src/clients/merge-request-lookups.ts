import { status } from '@grpc/grpc-js'
import type { Pipeline, Project } from '@suite/proto'
import { isServiceError } from '@suite/runtime'
import type { PipelinesClients } from './pipelines.client.js'
import type { ProjectsClients } from './projects.client.js'

/** Projects by id with one BatchGetProjects call; ids that do not exist are left out. */
export async function loadProjects(
  projects: Pick<ProjectsClients, 'projects'>,
  ids: readonly number[],
): Promise<Map<number, Project>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const answer = await projects.projects.read.batchGetProjects({ ids: unique })
  return new Map(answer.projects.map((project) => [project.id, project]))
}

/** Pipelines by id with one BatchGetPipelines call, in the order of `ids`. */
export async function loadPipelines(
  pipelines: PipelinesClients,
  ids: readonly number[],
): Promise<Pipeline[]> {
  if (ids.length === 0) return []
  const answer = await pipelines.pipelines.batchGetPipelines({ ids: [...ids] })
  const byId = new Map(answer.pipelines.map((pipeline) => [pipeline.id, pipeline]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** One pipeline of a project; undefined without an id or when ci-triggers does not know it. */
export async function findPipeline(
  pipelines: PipelinesClients,
  projectId: number,
  id: number | undefined,
): Promise<Pipeline | undefined> {
  if (id === undefined) return undefined
  try {
    return (await pipelines.pipelines.getPipeline({ projectId, id, caller: undefined })).pipeline
  } catch (error) {
    if (isServiceError(error) && error.code === status.NOT_FOUND) return undefined
    throw error
  }
}
