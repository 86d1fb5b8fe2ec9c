import type {
  BatchGetProjectsRequest,
  BatchGetProjectsResponse,
  CreateProjectRequest,
  CreateProjectResponse,
  FindProjectIdByPathRequest,
  FindProjectIdByPathResponse,
  GetProjectAvatarRequest,
  GetProjectAvatarResponse,
  GetProjectRequest,
  GetProjectResponse,
  GetAbilityScopeRequest,
  GetAbilityScopeResponse,
  ListProjectsRequest,
  ListProjectsResponse,
  ProjectServiceServer,
  UpdateProjectRequest,
  UpdateProjectResponse,
} from '@suite/proto'
import { InvalidError, NotFoundError, type GrpcServer, type Logger } from '@suite/runtime'
import type { RepositoryClient } from '../clients/repository.js'
import { getAbilityScope } from '../domain/ability-scope.js'
import { createProject } from '../domain/create-project.js'
import { getProjectAvatar } from '../domain/project-avatar.js'
import type { ProjectWithAccess } from '../domain/project-abilities.js'
import type { Ports } from '../domain/ports.js'
import {
  batchGetProjectsFor,
  getProject,
  listProjects,
  type ProjectRef,
} from '../domain/read-projects.js'
import type { Caller } from '../domain/caller.js'
import { updateProject } from '../domain/update-project.js'
import type { ProjectsStore } from '../store/projects.store.js'
import { toCaller, toFilter, toListAbility, toPageQuery, toSettingsInput } from './from-proto.js'
import { withUpstreams } from './forked-from.js'
import { toAbilityScopeMessage, toProjectMessage } from './to-proto.js'

export interface ProjectRpcDeps {
  store: ProjectsStore
  logger: Logger
  ports: Ports & { repository: RepositoryClient }
  /** Called after a write that may have queued access facts (wakes the outbox relay). */
  onAccessFactsQueued: () => void
}

function toRef(ref: GetProjectRequest['project']): ProjectRef {
  if (ref?.id !== undefined) return { id: ref.id }
  if (ref?.fullPath !== undefined) return { fullPath: ref.fullPath }
  throw new InvalidError({}, 'project is missing')
}

/** gitlab.projects.v1.ProjectService */
export function projectService(server: GrpcServer, deps: ProjectRpcDeps): ProjectServiceServer {
  const { store, ports } = deps

  /**
   * Project messages with their repositories, asked for in one call. License
   * files are read only when GetProject asks (the gateway's license=true);
   * lists, creation and updates never read them.
   */
  async function present(items: ProjectWithAccess[], license: boolean, caller: Caller) {
    const ids = items.map((item) => item.project.id)
    const info = await ports.repository.info(ids, { license })
    const messages = items.map((item) =>
      toProjectMessage(item.project, item, info.get(item.project.id)),
    )
    return withUpstreams(messages, items, { store, identity: ports.identity }, caller)
  }

  return {
    getProject: server.unary(
      'GetProject',
      async (req: GetProjectRequest): Promise<GetProjectResponse> => {
        const found = await getProject(
          store,
          ports.identity,
          toCaller(req.caller),
          toRef(req.project),
        )
        if (req.skipRepository) {
          return { project: toProjectMessage(found.project, found, undefined) }
        }
        const [project] = await present([found], req.includeLicense, toCaller(req.caller))
        return { project }
      },
    ),

    batchGetProjects: server.unary(
      'BatchGetProjects',
      async (req: BatchGetProjectsRequest): Promise<BatchGetProjectsResponse> => {
        if (req.caller) {
          const found = await batchGetProjectsFor(
            store,
            ports.identity,
            toCaller(req.caller),
            req.ids,
          )
          return { projects: found.map((item) => toProjectMessage(item.project, item, undefined)) }
        }
        const projects = await store.findMany(req.ids)
        // No caller: features and access facts, no abilities.
        return {
          projects: projects.map((project) => toProjectMessage(project, undefined, undefined)),
        }
      },
    ),

    listProjects: server.unary(
      'ListProjects',
      async (req: ListProjectsRequest): Promise<ListProjectsResponse> => {
        const page = toPageQuery(req)
        const { projects, total, more } = await listProjects(
          store,
          ports.identity,
          toCaller(req.caller),
          toFilter(req),
          page,
        )
        const last = projects.at(-1)?.project.id
        return {
          projects: await present(projects, false, toCaller(req.caller)),
          pageInfo: total === undefined ? undefined : { total },
          nextCursor: more ? last : undefined,
        }
      },
    ),

    createProject: server.unary(
      'CreateProject',
      async (req: CreateProjectRequest): Promise<CreateProjectResponse> => {
        const created = await createProject(
          store,
          ports,
          toCaller(req.caller),
          {
            settings: toSettingsInput(req.settings),
            namespaceId: req.namespaceId,
            forUserId: req.forUserId,
            initializeWithReadme: req.initializeWithReadme,
            importUrl: req.importUrl,
            templateName: req.templateName,
            templateProjectId: req.templateProjectId,
            repositoryObjectFormat: req.repositoryObjectFormat,
            avatar: req.avatar,
          },
          (step, err) => {
            deps.logger.error(
              { err, step },
              'undoing a failed project creation left something behind',
            )
          },
        )
        deps.onAccessFactsQueued()
        const [project] = await present([created], false, toCaller(req.caller))
        return { project }
      },
    ),

    updateProject: server.unary(
      'UpdateProject',
      async (req: UpdateProjectRequest): Promise<UpdateProjectResponse> => {
        const updated = await updateProject(
          store,
          ports,
          toCaller(req.caller),
          req.id,
          toSettingsInput(req.settings),
          req.importUrl,
          { upload: req.avatar, remove: req.removeAvatar },
        )
        deps.onAccessFactsQueued()
        const [project] = await present([updated], false, toCaller(req.caller))
        return { project }
      },
    ),

    getProjectAvatar: server.unary(
      'GetProjectAvatar',
      async (req: GetProjectAvatarRequest): Promise<GetProjectAvatarResponse> =>
        getProjectAvatar(store, ports.identity, toCaller(req.caller), req.projectId, req.filename),
    ),

    // Internal (alert ingestion authenticates by the integration's key, later):
    // no caller and no permission check, so it answers the id and nothing else.
    findProjectIdByPath: server.unary(
      'FindProjectIdByPath',
      async (req: FindProjectIdByPathRequest): Promise<FindProjectIdByPathResponse> => {
        const project = req.fullPath ? await store.findByFullPath(req.fullPath) : undefined
        if (!project) throw new NotFoundError('Project')
        return { projectId: project.id }
      },
    ),

    getAbilityScope: server.unary(
      'GetAbilityScope',
      async (req: GetAbilityScopeRequest): Promise<GetAbilityScopeResponse> => ({
        scope: toAbilityScopeMessage(
          await getAbilityScope(ports.identity, toCaller(req.caller), toListAbility(req.ability)),
        ),
      }),
    ),
  }
}
