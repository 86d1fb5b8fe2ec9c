import type { Request } from 'express'
import type { User } from '@suite/proto'
import { canInProject, requireGroupAbility, requireProjectAbility } from '../auth/abilities.js'
import { authenticate } from '../auth/authenticate.js'
import { callerOf, type Principal, type ResolvedAbilities } from '../auth/principal.js'
import { requireScopes } from '../auth/scopes.js'
import type { TokenCache } from '../auth/token-cache.js'
import { extractSudo, extractToken } from '../auth/token.js'
import { findGroup } from '../clients/identity-lookups.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { findProjectThrough, loadUsersThrough, type ReadModels } from '../clients/read-models.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import type { PresentContext } from '../entities/present-context.js'
import { notFound } from '../errors/http-error.js'
import { noteAccessFacts } from '../middleware/access-log.js'
import {
  parseParams,
  takesFiles,
  type ParamShape,
  type ParamValues,
} from '../params/parse-params.js'
import { rawParams } from '../params/raw-params.js'
import type { ChangePublisher } from '../cache/change-listener.js'
import type { ResponseCache } from '../cache/response-cache.js'
import { isMultipart, readMultipart } from './multipart-form.js'
import type { HandlerContext, RouteSpec, Source } from './route-spec.js'

export interface RouteDeps {
  identity: IdentityClients
  projects: ProjectsClients
  tokenCache: TokenCache
  externalUrl: string
  /** Serialized answers of routes that declare `cache`; without it every GET goes to the services. */
  responseCache?: ResponseCache
  /** Where a write's change event goes; without it writes evict nothing. */
  changes?: ChangePublisher
  /** Projects and users held in memory; without them every request asks the services. */
  readModels?: ReadModels
}

/** The request's parameters and who asks, read once per request. */
export interface Authenticated {
  raw: Record<string, unknown>
  principal: Principal
}

/** Who asks (401 for a bad token, sudo), with the parameters it was read from. */
export async function authenticateRequest(req: Request, deps: RouteDeps): Promise<Authenticated> {
  const raw = rawParams(req)
  const principal = await authenticate(extractToken(req, raw), extractSudo(req, raw), deps)
  if (principal.user) {
    noteAccessFacts(req, { userId: principal.user.id, username: principal.user.username })
  }
  return { raw, principal }
}

/** The request as the handler sees it, plus what the presenter needs to know of it. */
export interface Prepared<P, Src> {
  handler: HandlerContext<P, Src>
  /** The caller's abilities in what `:id` named, for the presenter. */
  abilities: ResolvedAbilities
}

type Preparable<S extends ParamShape, Src extends Source | undefined> = Pick<
  RouteSpec<S, Src>,
  | 'params'
  | 'rules'
  | 'scopes'
  | 'ability'
  | 'resolve'
  | 'projectAbility'
  | 'groupAbility'
  | 'requireRepository'
  | 'projectRepository'
>

/**
 * Everything a route does before its handler, in GitLab's order: who asks
 * (401 for a bad token, sudo), the token's scopes, the ability's authenticate
 * step, a multipart form's body (read only now, files only where the route
 * declares a file parameter), parameter validation (400), the ability's authorize step, then `:id`
 * (404 when the caller may not read it) and the ability the route needs in it
 * (403), read from the owning service's answer.
 */
export async function prepare<
  S extends ParamShape,
  E extends ParamShape,
  Src extends Source | undefined,
>(
  req: Request,
  spec: Preparable<S, Src>,
  extraParams: E,
  deps: RouteDeps,
  authenticated?: Authenticated,
): Promise<Prepared<ParamValues<S & E>, Src>> {
  const { principal, ...asked } = authenticated ?? (await authenticateRequest(req, deps))
  if (principal.token && !principal.sudo) {
    requireScopes(principal.token.scopes, spec.scopes ?? 'api', req.method)
  }
  spec.ability.authenticate?.(principal)
  const shape = { ...spec.params, ...extraParams } as S & E
  // A form with files is read only now, once the caller is known (its token is in a header).
  let raw = asked.raw
  if (isMultipart(req) && req.res) {
    await readMultipart(req, req.res, { files: takesFiles(shape) })
    raw = rawParams(req)
  }
  const params = parseParams(shape, raw, spec.rules)
  spec.ability.authorize?.(principal, params)
  const group =
    spec.resolve === 'group'
      ? await findGroup(deps.identity, callerOf(principal), String(req.params['id']))
      : undefined
  const project =
    spec.resolve === 'project'
      ? await findProjectThrough(
          deps.readModels,
          deps.projects,
          callerOf(principal),
          String(req.params['id']),
          {
            // GET /projects/:id?license=true: the one route that shows the license.
            license: (params as Record<string, unknown>)['license'] === true,
            repository: spec.projectRepository === true,
          },
        )
      : undefined
  if (project) {
    noteAccessFacts(req, {
      projectId: project.id,
      projectPath: `${project.namespaceFullPath}/${project.path}`,
    })
  }
  const abilities: ResolvedAbilities = { project: project?.abilities, group: group?.abilities }
  if (spec.requireRepository && !canInProject(abilities.project, 'repositoryAvailable')) {
    throw notFound('Repository')
  }
  if (spec.projectAbility) requireProjectAbility(abilities.project, spec.projectAbility)
  if (spec.groupAbility) requireGroupAbility(abilities.group, spec.groupAbility)
  const handler = {
    principal,
    caller: callerOf(principal, abilities),
    params,
    group,
    project,
  } as unknown as HandlerContext<ParamValues<S & E>, Src>
  return { handler, abilities }
}

/**
 * A route's ability in its resolved source must name the source it resolves:
 * checked when the route is declared, so that a route cannot start unguarded.
 */
export function checkResolvedAbility(
  path: string,
  spec: Pick<
    Preparable<ParamShape, Source | undefined>,
    'resolve' | 'projectAbility' | 'groupAbility'
  >,
): void {
  if (spec.projectAbility !== undefined && spec.resolve !== 'project') {
    throw new Error(`${path}: projectAbility on a route that does not resolve a project`)
  }
  if (spec.groupAbility !== undefined && spec.resolve !== 'group') {
    throw new Error(`${path}: groupAbility on a route that does not resolve a group`)
  }
}

/**
 * The presenter's context, with the related users loaded in one batch call,
 * each with the principal's abilities on it.
 */
export async function presentContext(
  principal: Principal,
  abilities: ResolvedAbilities,
  relatedUserIds: readonly number[],
  deps: RouteDeps,
): Promise<PresentContext> {
  const users: Map<number, User> = await loadUsersThrough(
    deps.readModels,
    deps.identity,
    relatedUserIds,
    callerOf(principal),
  )
  return { externalUrl: deps.externalUrl, principal, abilities, users }
}

/** Grape's default statuses: 201 for POST, 204 when there is no body, else 200. */
export function successStatus(method: string, hasBody: boolean): number {
  if (method === 'POST') return hasBody ? 201 : 204
  return hasBody ? 200 : 204
}
