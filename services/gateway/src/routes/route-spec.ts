import type { Caller, Group, PageRequest, Project } from '@suite/proto'
import type { Ability, GroupAbility, ProjectAbility } from '../auth/abilities.js'
import type { Principal } from '../auth/principal.js'
import type { ScopeSet } from '../auth/scopes.js'
import type { PresentContext } from '../entities/present-context.js'
import type { paginationParams } from '../params/pagination.js'
import type { ParamRule, ParamShape, ParamValues } from '../params/parse-params.js'

/** What `:id` of a route names, resolved before the handler runs. */
export type Source = 'group' | 'project'

type Resolved<Src> = Src extends 'group'
  ? { group: Group; project?: undefined }
  : Src extends 'project'
    ? { project: Project; group?: undefined }
    : { group?: undefined; project?: undefined }

/** What a handler gets: who asks, as a principal and as the services' Caller, and its parameters. */
export type HandlerContext<P, Src> = {
  principal: Principal
  /**
   * The principal for service calls, carrying its abilities in the project
   * (`caller.project`) or group (`caller.group`) named by `:id` once resolved.
   */
  caller: Caller
  params: P
} & Resolved<Src>

type NoParams = Record<never, never>

interface CommonSpec<S extends ParamShape, Src extends Source | undefined> {
  /** Declared parameters; undeclared ones are dropped (path parameters included). */
  params?: S
  /** Grape's group validators (at_least_one_of, all_or_none_of, ...). */
  rules?: readonly ParamRule[]
  /** Path parameters that must match, else the route does not match (Grape requirements). */
  requirements?: Readonly<Record<string, RegExp>>
  /** Token scopes the endpoint registers; api unless said. */
  scopes?: ScopeSet
  /** What the route asks of the principal before and after its parameters are read. */
  ability: Ability
  /** Resolve `:id` as this kind of source before the handler. */
  resolve?: Src
  /**
   * The ability the route needs in the resolved project, as the projects
   * service answered it: 403 Forbidden without it. A project the caller may
   * not read at all is already 404 when `:id` is resolved.
   */
  projectAbility?: Src extends 'project' ? ProjectAbility : never
  /** The same for a resolved group, as the identity service answered it. */
  groupAbility?: Src extends 'group' ? GroupAbility : never
  /**
   * GitLab's require_repository_enabled! (branches, commits): 404 Repository
   * Not Found, before the ability's 403, when the repository feature is not
   * open to the caller (the projects service's repository_available).
   */
  requireRepository?: Src extends 'project' ? true : never
  /**
   * The resolved project carries its repository's facts (empty_repo,
   * statistics, readme): only routes presenting the project entity need them.
   */
  projectRepository?: boolean
  /**
   * GET only: the serialized answer is kept per viewer and URL until a change
   * event names what it shows (see ResponseCache), and carries a strong ETag.
   */
  cache?: boolean
  /**
   * The API area the route is listed under (README coverage table, OpenAPI
   * tag), where route-areas.ts's path patterns would place it elsewhere.
   */
  area?: string
  /**
   * The entity a success answers (a schema name of openapi/entity-types.ts),
   * for the OpenAPI document; openapi/response-entities.ts's older patterns otherwise.
   */
  entity?: string
}

/** A route answering one object (or nothing: 204). */
export interface RouteSpec<
  S extends ParamShape = NoParams,
  Src extends Source | undefined = undefined,
  R = unknown,
> extends CommonSpec<S, Src> {
  handle: (ctx: HandlerContext<ParamValues<S>, Src>) => Promise<R>
  /** The presenter; without one the answer has no body. */
  present?: (value: R, ctx: PresentContext) => unknown
  /** Users the presenter refers to, loaded with one batch call. */
  related?: (value: R) => readonly number[]
  /** GitLab's status where it is not Grape's default (`status :ok` in a POST). */
  status?: number
  /** The status where it depends on the answer (a dry run's `status :ok`); `status` otherwise. */
  statusOf?: (value: R) => number | undefined
  /**
   * `content_type 'text/plain'`: the presenter's string (or bytes) is sent as
   * it is; `headers` may name another Content-Type (a raw file's). `binary`:
   * the presenter's Readable is streamed as it is read (an archive), with the
   * Content-Type its `headers` name.
   */
  contentType?: 'text/plain' | 'binary'
  /** Response headers that depend on the answer (the X-Gitlab-* of a file); HEAD gets them too. */
  headers?: (value: R) => Readonly<Record<string, string>>
}

export type ListParams<S extends ParamShape> = ParamValues<S & typeof paginationParams>

/** A paginated list route: the pagination parameters and headers come with it. */
export interface ListSpec<
  S extends ParamShape = NoParams,
  Src extends Source | undefined = undefined,
  T = unknown,
> extends CommonSpec<S, Src> {
  handle: (ctx: HandlerContext<ListParams<S>, Src> & { page: PageRequest }) => Promise<{
    items: T[]
    total: number
    /** More rows than the service counts: X-Total and the last page are left out. */
    totalUnknown?: boolean
    /** Keyset pagination: the next page's bounds (undefined on the last page); no X-Total. */
    keyset?: { next: Readonly<Record<string, string | number>> | undefined }
  }>
  present: (item: T, ctx: PresentContext) => unknown
  related?: (item: T) => readonly number[]
}
