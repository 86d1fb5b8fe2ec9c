import { api, type ApiResponse, type Params } from './support/api'
import { addMember, createGroup, createUser } from './support/factories'
import { FORBIDDEN, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { featureBranch, mrPath, openMergeRequest } from './support/merge-requests'
import { inPool } from './support/pool'
import { addProjectMember, createBranch, createProject } from './support/projects'
import { gatewayRoutes } from './support/route-table'
import {
  DEVELOPER,
  GUEST,
  MAINTAINER,
  OWNER,
  REPORTER,
  type GroupJson,
  type ProjectJson,
} from './support/types'
import {
  castGroup,
  castProject,
  createCast,
  expectedWrite,
  levelOf,
  readable,
  readsCode,
  ROLES,
  VISIBILITIES,
  type Cast,
  type Expected,
  type Role,
  type Visibility,
} from './support/write-matrix'
import { staleWriteNames, uncoveredWrites, WRITE_ROUTES_ELSEWHERE } from './support/write-routes'

/**
 * The writes of issue 27 asked by every kind of caller of a private, an
 * internal and a public project or group, against GitLab's answers:
 * CI/CD variables (lib/api/ci/variables.rb, group_variables.rb:
 * authenticate!, the project or group, then admin_cicd_variables, the
 * Maintainers' of a project and the Owners' of a group), the job token scope
 * (project_job_token_scope.rb: authenticate!, then admin_project), cherry-pick
 * and revert (commits.rb: read_code, then authorize_push_to_branch!), new
 * branches (branches.rb: read_code, then push_code), rebase
 * (merge_requests.rb: authenticate_non_get!, the request, then
 * authorize_push_to_merge_request!) and cancelling auto-merge (401 unless
 * can_cancel_auto_merge?: who may merge into the target branch, or its author),
 * award emoji on an issue and a merge request (award_emoji.rb), an issue's
 * time estimate and resets (time_tracking_endpoints.rb: admin_issue) and
 * changing or removing a protected branch rule (protected_branches.rb).
 * Refused callers ask first, at the fixture's own resources; each caller who
 * may write writes something of their own. The last test checks that every
 * non-GET route under /projects/:id and /groups/:id has a row here or is named
 * in support/write-routes.ts.
 */

jest.setTimeout(120_000)

const PUSH_REFUSED = { message: '403 Forbidden - You are not allowed to push into this branch' }
const SOURCE_REFUSED = { message: '403 Forbidden - Cannot push to source branch' }
const MERGE_REQUEST_NOT_FOUND = { message: '404 Merge Request Not Found' }
const AWARD_NOT_FOUND = { message: '404 Award Emoji Not Found' }
/** The owner's award in each fixture; the callers award another name. */
const FIXTURE_AWARD = 'tada'
/** Protected branch rules the callers who may change them change, and the fixture's. */
const ruleOf = (c: Context) => `rule-${c.allowed ? c.role : 'fixture'}`
/** AutoMergeService#cancel's hash for a request without auto-merge set (201, Grape's default). */
const NOTHING_TO_CANCEL = {
  status: 'error',
  message: "Can't cancel the automatic merge",
  http_status: 406,
}
const TRIGGER_REFUSED = {
  message:
    '403 Forbidden - The current user is not authorized to update the pipeline trigger token',
}
const MATRIX_VARIABLE = 'WRITE_MATRIX_VAR'
/** Callers who write, in the order a row's stage sends them. */
const WRITERS: readonly Role[] = ['developer', 'maintainer', 'owner', 'admin']

interface ProjectFixture {
  project: ProjectJson
  /** The head of `feature`: one commit adding feature.txt onto main. */
  featureSha: string
  /** A commit of its own per Maintainer and up, each on a branch off main, to pick onto main. */
  mainPicks: Map<Role, string>
  /** A merge request per writer to rebase (the owner's also for those refused). */
  rebaseIid: Map<Role, number>
  /** The owner's merge request into main, without auto-merge. */
  cancelIid: number
  /** The owner's hook (no events), alert integration, pipeline trigger and tag: what those refused try. */
  hookId: number
  integrationId: number
  triggerId: number
  tag: string
  /** The owner's issue: what awards and time tracking are asked on. */
  issueIid: number
  /** The owner's award on the issue and on `cancelIid`: what those refused try to delete. */
  awardIds: Record<Awardable, number>
  /** The owner's thread on the issue, what the callers reply to. */
  discussionId: string
}

type Awardable = 'issues' | 'merge_requests'

/** Allowlist targets: a public project and group per caller who may add one. */
interface Targets {
  projects: Map<Role, number>
  groups: Map<Role, number>
  /** On every fixture allowlist from the start; what those refused try to remove. */
  staticProject: number
  staticGroup: number
}

/** A group of its own per visibility and Owner or admin, to delete. */
const doomedGroups = new Map<string, number>()

/**
 * Members the callers who may change members change (PUT) or remove (DELETE),
 * one per route kind, caller and verb, members of every fixture project or
 * group; and the Guest member those refused try (never a caller: a member may
 * always remove themselves).
 */
const memberTargets = new Map<string, number>()
const bystander = { id: 0 }
const MEMBER_EDITORS = {
  projects: ['maintainer', 'owner', 'admin'],
  groups: ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>

interface Context {
  role: Role
  visibility: Visibility
  token: string | undefined
  /** The row's expected answer is a success. */
  allowed: boolean
  f: ProjectFixture
  group: GroupJson
}

interface WriteRow {
  route: string
  variant?: string
  /** Rows of a stage are sent after every row of the stages before (a DELETE after its POST). */
  stage: 1 | 2 | 3
  /** The successful callers write one after another (one branch, one ref to move). */
  serial?: boolean
  expected(role: Role, visibility: Visibility): Expected
  send(c: Context): Promise<ApiResponse>
  /** Part of a success's body (toMatchObject). */
  success?(c: Context): unknown
}

/** commits.rb: the project (404), read_code (403), then pushing to the branch (403). */
function expectedPush(
  role: Role,
  visibility: Visibility,
  minLevel: number,
  refused: unknown,
  success: number,
): Expected {
  if (!readable(role, visibility)) return { status: 404, body: notFound('Project') }
  if (!readsCode(role, visibility)) return { status: 403, body: FORBIDDEN }
  if (role === 'anonymous' || levelOf(role) < minLevel) return { status: 403, body: refused }
  return { status: success }
}

/** merge_requests.rb: authenticate_non_get!, the project, the request, then the route's check. */
function expectedOnRequest(
  role: Role,
  visibility: Visibility,
  mayWrite: boolean,
  denied: Expected,
  success: number,
): Expected {
  if (role === 'anonymous') return { status: 401, body: UNAUTHORIZED }
  if (!readable(role, visibility)) return { status: 404, body: notFound('Project') }
  // A private project's Guest may not read its merge requests (MergeRequestsFinder).
  if (!readsCode(role, visibility)) return { status: 404, body: MERGE_REQUEST_NOT_FOUND }
  return mayWrite ? { status: success } : denied
}

/** MR subscribe and unsubscribe: update_merge_request after finding the request (no read check). */
function expectedSubscription(role: Role, visibility: Visibility, author: number): Expected {
  if (role === 'anonymous') return { status: 401, body: UNAUTHORIZED }
  if (!readable(role, visibility)) return { status: 404, body: notFound('Project') }
  if (role === 'owner') return { status: author }
  return levelOf(role) >= DEVELOPER ? { status: 201 } : { status: 403, body: FORBIDDEN }
}

const projectBase = (c: Context) => `/projects/${c.f.project.id}`
const groupBase = (c: Context) => `/groups/${c.group.id}`
const keyPart = (role: Role) => role.replace('-', '_').toUpperCase()
const variableOf = (c: Context) => (c.allowed ? `VAR_${keyPart(c.role)}` : MATRIX_VARIABLE)
const writerOf = (c: Context): Role => (c.allowed ? c.role : 'owner')

/** The path parameter naming one resource of each `crud` path, as the gateway's routes name it. */
const idParam: Record<string, string> = {
  hooks: 'hook_id',
  'alert_management/integrations': 'integration_id',
  triggers: 'trigger_id',
}

function rows(targets: Targets): WriteRow[] {
  /** What each caller who may create created, by path, visibility and role. */
  const createdIds = new Map<string, number>()
  const variables = (
    base: (c: Context) => string,
    resource: 'Group' | 'Project',
    minLevel: number,
  ): WriteRow[] => [
    {
      route: `POST /${resource.toLowerCase()}s/:id/variables`,
      stage: 1,
      expected: (role, visibility) => expectedWrite(role, visibility, resource, minLevel, 201),
      send: (c) =>
        api(`${base(c)}/variables`, {
          method: 'POST',
          token: c.token,
          body: { key: c.allowed ? variableOf(c) : `REFUSED_${keyPart(c.role)}`, value: 'created' },
        }),
      success: (c) => ({ key: variableOf(c), value: 'created' }),
    },
    {
      route: `PUT /${resource.toLowerCase()}s/:id/variables/:key`,
      stage: 2,
      expected: (role, visibility) => expectedWrite(role, visibility, resource, minLevel, 200),
      send: (c) =>
        api(`${base(c)}/variables/${variableOf(c)}`, {
          method: 'PUT',
          token: c.token,
          body: { value: `updated by ${c.role}` },
        }),
      success: (c) => ({ key: variableOf(c), value: `updated by ${c.role}` }),
    },
    {
      route: `DELETE /${resource.toLowerCase()}s/:id/variables/:key`,
      stage: 3,
      expected: (role, visibility) => expectedWrite(role, visibility, resource, minLevel, 204),
      send: (c) =>
        api(`${base(c)}/variables/${variableOf(c)}`, { method: 'DELETE', token: c.token }),
    },
  ]

  /**
   * Create (stage 1), update (2) and delete (3) of a project resource with an
   * id: each caller who may writes one of their own, those refused try the
   * owner's (`fixtureId`).
   */
  const crud = (
    path: string,
    minLevel: number,
    fixtureId: (f: ProjectFixture) => number,
    create: (c: Context) => Record<string, unknown>,
    update: {
      method: 'PUT' | 'POST'
      tail: string
      body: Record<string, unknown>
      status: number
      /** The refusal of a caller who may read the project, when not a plain 403. */
      refused?: unknown
    },
  ): WriteRow[] => {
    const idOf = (c: Context) =>
      c.allowed ? createdIds.get(keyOf(path, c.visibility, c.role)) : fixtureId(c.f)
    const expected = (success: number) => (role: Role, visibility: Visibility) =>
      expectedWrite(role, visibility, 'Project', minLevel, success)
    return [
      {
        route: `POST /projects/:id/${path}`,
        stage: 1,
        expected: expected(201),
        send: async (c) => {
          const res = await api<{ id?: number }>(`${projectBase(c)}/${path}`, {
            method: 'POST',
            token: c.token,
            body: create(c),
          })
          if (c.allowed && typeof res.body?.id === 'number')
            createdIds.set(keyOf(path, c.visibility, c.role), res.body.id)
          return res
        },
        success: (c) => ({ id: expect.any(Number), ...create(c) }),
      },
      {
        route: `${update.method} /projects/:id/${path}/:${idParam[path]}${update.tail}`,
        stage: 2,
        expected: (role, visibility) => {
          const want = expected(update.status)(role, visibility)
          return want.status === 403 && update.refused
            ? { status: 403, body: update.refused }
            : want
        },
        send: (c) =>
          api(`${projectBase(c)}/${path}/${idOf(c)}${update.tail}`, {
            method: update.method,
            token: c.token,
            body: update.body,
          }),
        success: () => update.body,
      },
      {
        route: `DELETE /projects/:id/${path}/:${idParam[path]}`,
        stage: 3,
        expected: expected(204),
        send: (c) =>
          api(`${projectBase(c)}/${path}/${idOf(c)}`, { method: 'DELETE', token: c.token }),
      },
    ]
  }
  const QUIET_HOOK = { push_events: false, tag_push_events: false, merge_requests_events: false }
  /** star, unstar: authenticate!, then any who may read the project. */
  const reader = (success: number) => (role: Role, visibility: Visibility) =>
    expectedWrite(role, visibility, 'Project', readable(role, visibility) ? 0 : GUEST, success)

  const scope = (role: Role, visibility: Visibility, success: number) =>
    expectedWrite(role, visibility, 'Project', MAINTAINER, success)
  const targetProject = (c: Context) =>
    c.allowed ? targets.projects.get(c.role) : targets.staticProject
  const targetGroup = (c: Context) => (c.allowed ? targets.groups.get(c.role) : targets.staticGroup)

  /** members.rb: authenticate!, the source, then admin_project_member or admin_group_member. */
  const members = (
    kind: 'projects' | 'groups',
    resource: 'Group' | 'Project',
    minLevel: number,
  ) => {
    const base = (c: Context) => (kind === 'projects' ? projectBase(c) : groupBase(c))
    const target = (c: Context, verb: string) =>
      c.allowed ? memberTargets.get(keyOf(kind, c.role, verb)) : bystander.id
    const rows: WriteRow[] = [
      {
        route: `PUT /${kind}/:id/members/:user_id`,
        stage: 1,
        expected: (role, visibility) => expectedWrite(role, visibility, resource, minLevel, 200),
        send: (c) =>
          api(`${base(c)}/members/${target(c, 'PUT')}`, {
            method: 'PUT',
            token: c.token,
            body: { access_level: REPORTER },
          }),
        success: (c) => ({ id: target(c, 'PUT'), access_level: REPORTER }),
      },
      {
        route: `DELETE /${kind}/:id/members/:user_id`,
        stage: 1,
        expected: (role, visibility) => expectedWrite(role, visibility, resource, minLevel, 204),
        send: (c) =>
          api(`${base(c)}/members/${target(c, 'DELETE')}`, { method: 'DELETE', token: c.token }),
      },
    ]
    return rows
  }

  /**
   * award_emoji.rb: authenticate!, the project, the awardable (found without a
   * read check); POST asks read_<awardable> (404 Award Emoji), DELETE only
   * whether the award is the caller's or the caller an admin (401).
   */
  const awards = (kind: Awardable): WriteRow[] => {
    const path = (c: Context) =>
      kind === 'issues'
        ? `${projectBase(c)}/issues/${c.f.issueIid}/award_emoji`
        : mrPath(c.f.project.id, c.f.cancelIid, '/award_emoji')
    const param = kind === 'issues' ? 'issue_iid' : 'merge_request_iid'
    const readsAwardable = (role: Role, visibility: Visibility) =>
      kind === 'issues' ? readable(role, visibility) : readsCode(role, visibility)
    const expected =
      (success: number, denied: Expected) => (role: Role, visibility: Visibility) => {
        if (role === 'anonymous') return { status: 401, body: UNAUTHORIZED }
        if (!readable(role, visibility)) return { status: 404, body: notFound('Project') }
        return readsAwardable(role, visibility) ? { status: success } : denied
      }
    return [
      {
        route: `POST /projects/:id/${kind}/:${param}/award_emoji`,
        stage: 1,
        expected: expected(201, { status: 404, body: AWARD_NOT_FOUND }),
        send: async (c) => {
          const res = await api<{ id?: number }>(path(c), {
            method: 'POST',
            token: c.token,
            body: { name: 'thumbsup' },
          })
          if (c.allowed && typeof res.body?.id === 'number')
            createdIds.set(keyOf(kind, c.visibility, c.role), res.body.id)
          return res
        },
        success: () => ({
          name: 'thumbsup',
          awardable_type: kind === 'issues' ? 'Issue' : 'MergeRequest',
        }),
      },
      {
        route: `DELETE /projects/:id/${kind}/:${param}/award_emoji/:award_id`,
        stage: 2,
        // Who could not award tries the owner's award.
        expected: expected(204, { status: 401, body: UNAUTHORIZED }),
        send: (c) => {
          const id = c.allowed
            ? createdIds.get(keyOf(kind, c.visibility, c.role))
            : c.f.awardIds[kind]
          return api(`${path(c)}/${id}`, { method: 'DELETE', token: c.token })
        },
      },
    ]
  }

  /** time_tracking_endpoints.rb: authenticate_non_get!, the issue (read_issue), then admin_issue (Reporter). */
  const issueTime = (tail: string, stage: 1 | 2, body: Params, success: unknown): WriteRow => ({
    route: `POST /projects/:id/issues/:issue_iid/${tail}`,
    stage,
    expected: (role, visibility) => expectedWrite(role, visibility, 'Project', REPORTER, 200),
    send: (c) =>
      api(`${projectBase(c)}/issues/${c.f.issueIid}/${tail}`, {
        method: 'POST',
        token: c.token,
        body,
      }),
    success: () => success,
  })

  return [
    ...awards('issues'),
    ...awards('merge_requests'),
    // discussions.rb: authenticate!, the project, find_noteable (read_issue), then create_note:
    // on a plain issue any who may read it.
    {
      route: 'POST /projects/:id/issues/:issue_iid/discussions',
      stage: 1,
      expected: reader(201),
      send: (c) =>
        api(`${projectBase(c)}/issues/${c.f.issueIid}/discussions`, {
          method: 'POST',
          token: c.token,
          body: { body: `Thread by ${c.role}` },
        }),
      success: (c) => ({ individual_note: false, notes: [{ body: `Thread by ${c.role}` }] }),
    },
    {
      route: 'POST /projects/:id/issues/:issue_iid/discussions/:discussion_id/notes',
      stage: 1,
      expected: reader(201),
      send: (c) =>
        api(`${projectBase(c)}/issues/${c.f.issueIid}/discussions/${c.f.discussionId}/notes`, {
          method: 'POST',
          token: c.token,
          body: { body: `Reply by ${c.role}` },
        }),
      success: (c) => ({ body: `Reply by ${c.role}`, noteable_type: 'Issue' }),
    },
    issueTime('time_estimate', 1, { duration: '1h' }, { time_estimate: 3600 }),
    issueTime('reset_time_estimate', 2, {}, { time_estimate: 0 }),
    issueTime('reset_spent_time', 2, {}, { total_time_spent: 0 }),
    // protected_branches.rb: authenticate!, the project, then admin_project (Maintainer).
    {
      route: 'PATCH /projects/:id/protected_branches/:name',
      stage: 1,
      expected: (role, visibility) => expectedWrite(role, visibility, 'Project', MAINTAINER, 200),
      send: (c) =>
        api(`${projectBase(c)}/protected_branches/${ruleOf(c)}`, {
          method: 'PATCH',
          token: c.token,
          body: { allow_force_push: true },
        }),
      success: (c) => ({ name: ruleOf(c), allow_force_push: true }),
    },
    {
      route: 'DELETE /projects/:id/protected_branches/:name',
      stage: 2,
      expected: (role, visibility) => expectedWrite(role, visibility, 'Project', MAINTAINER, 204),
      send: (c) =>
        api(`${projectBase(c)}/protected_branches/${ruleOf(c)}`, {
          method: 'DELETE',
          token: c.token,
        }),
    },
    ...variables(projectBase, 'Project', MAINTAINER),
    ...members('projects', 'Project', MAINTAINER),
    ...members('groups', 'Group', OWNER),
    // project_hooks.rb: authenticate!, then admin_project.
    ...crud(
      'hooks',
      MAINTAINER,
      (f) => f.hookId,
      (c) => ({ url: `https://example.com/${c.role}`, ...QUIET_HOOK }),
      {
        method: 'PUT',
        tail: '',
        body: { url: 'https://example.com/updated', ...QUIET_HOOK },
        status: 200,
      },
    ),
    // admin_operations (Maintainer), as alerts.test.ts checks in part.
    ...crud(
      'alert_management/integrations',
      MAINTAINER,
      (f) => f.integrationId,
      (c) => ({ name: `By ${c.role}`, active: true }),
      {
        method: 'PUT',
        tail: '',
        body: { name: 'Renamed' },
        status: 200,
      },
    ),
    {
      route: 'POST /projects/:id/alert_management/integrations/:integration_id/reset_token',
      stage: 2,
      expected: (role, visibility) => expectedWrite(role, visibility, 'Project', MAINTAINER, 200),
      send: (c) => {
        const id = c.allowed
          ? createdIds.get(keyOf('alert_management/integrations', c.visibility, c.role))
          : c.f.integrationId
        return api(`${projectBase(c)}/alert_management/integrations/${id}/reset_token`, {
          method: 'POST',
          token: c.token,
        })
      },
      success: () => ({ token: expect.any(String) }),
    },
    // triggers.rb: authenticate!, manage_trigger to create and delete; a trigger is
    // changed by its owner only (Ci::PipelineTriggers::UpdateService, 403 with its message).
    ...crud(
      'triggers',
      MAINTAINER,
      (f) => f.triggerId,
      (c) => ({ description: `By ${c.role}` }),
      {
        method: 'PUT',
        tail: '',
        body: { description: 'Renamed' },
        status: 200,
        refused: TRIGGER_REFUSED,
      },
    ),
    // projects.rb: authenticate!, then admin_project (Maintainer).
    {
      route: 'PUT /projects/:id',
      stage: 1,
      // Each answer shows the project as its own write left it.
      serial: true,
      expected: (role, visibility) => expectedWrite(role, visibility, 'Project', MAINTAINER, 200),
      send: (c) =>
        api(projectBase(c), {
          method: 'PUT',
          token: c.token,
          body: { description: `Edited by ${c.role}` },
        }),
      success: (c) => ({ id: c.f.project.id, description: `Edited by ${c.role}` }),
    },
    // groups.rb: authenticate!, the group, then remove_group (Owner): 202 and gone.
    {
      route: 'DELETE /groups/:id',
      stage: 3,
      expected: (role, visibility) => expectedWrite(role, visibility, 'Group', OWNER, 202),
      send: (c) => {
        const id = c.allowed ? doomedGroups.get(keyOf(c.visibility, c.role)) : c.group.id
        return api(`/groups/${id}`, { method: 'DELETE', token: c.token })
      },
      success: () => ({ message: '202 Accepted' }),
    },
    // milestones.rb: authenticate!, then admin_milestone (Reporter).
    {
      route: 'POST /projects/:id/milestones',
      stage: 1,
      expected: (role, visibility) => expectedWrite(role, visibility, 'Project', REPORTER, 201),
      send: (c) =>
        api(`${projectBase(c)}/milestones`, {
          method: 'POST',
          token: c.token,
          body: { title: `Milestone of ${c.role}` },
        }),
      success: (c) => ({ title: `Milestone of ${c.role}`, project_id: c.f.project.id }),
    },
    {
      route: 'POST /projects/:id/star',
      stage: 1,
      expected: reader(201),
      send: (c) => api(`${projectBase(c)}/star`, { method: 'POST', token: c.token }),
      success: (c) => ({ id: c.f.project.id, star_count: expect.any(Number) }),
    },
    {
      route: 'POST /projects/:id/unstar',
      stage: 2,
      expected: reader(201),
      send: (c) => api(`${projectBase(c)}/unstar`, { method: 'POST', token: c.token }),
      success: (c) => ({ id: c.f.project.id }),
    },
    ...variables(groupBase, 'Group', OWNER),

    {
      route: 'PATCH /projects/:id/job_token_scope',
      stage: 1,
      expected: (role, visibility) => scope(role, visibility, 204),
      send: (c) =>
        api(`${projectBase(c)}/job_token_scope`, {
          method: 'PATCH',
          token: c.token,
          body: { enabled: true },
        }),
    },
    {
      route: 'POST /projects/:id/job_token_scope/allowlist',
      stage: 1,
      expected: (role, visibility) => scope(role, visibility, 201),
      send: (c) =>
        api(`${projectBase(c)}/job_token_scope/allowlist`, {
          method: 'POST',
          token: c.token,
          body: { target_project_id: targetProject(c) },
        }),
      success: (c) => ({ source_project_id: c.f.project.id, target_project_id: targetProject(c) }),
    },
    {
      route: 'DELETE /projects/:id/job_token_scope/allowlist/:target_project_id',
      stage: 2,
      expected: (role, visibility) => scope(role, visibility, 204),
      send: (c) =>
        api(`${projectBase(c)}/job_token_scope/allowlist/${targetProject(c)}`, {
          method: 'DELETE',
          token: c.token,
        }),
    },
    {
      route: 'POST /projects/:id/job_token_scope/groups_allowlist',
      stage: 1,
      expected: (role, visibility) => scope(role, visibility, 201),
      send: (c) =>
        api(`${projectBase(c)}/job_token_scope/groups_allowlist`, {
          method: 'POST',
          token: c.token,
          body: { target_group_id: targetGroup(c) },
        }),
      success: (c) => ({ source_project_id: c.f.project.id, target_group_id: targetGroup(c) }),
    },
    {
      route: 'DELETE /projects/:id/job_token_scope/groups_allowlist/:target_group_id',
      stage: 2,
      expected: (role, visibility) => scope(role, visibility, 204),
      send: (c) =>
        api(`${projectBase(c)}/job_token_scope/groups_allowlist/${targetGroup(c)}`, {
          method: 'DELETE',
          token: c.token,
        }),
    },

    {
      route: 'POST /projects/:id/repository/branches',
      stage: 1,
      expected: (role, visibility) => expectedPush(role, visibility, DEVELOPER, FORBIDDEN, 201),
      send: (c) =>
        api(`${projectBase(c)}/repository/branches`, {
          method: 'POST',
          token: c.token,
          body: { branch: `created-by-${c.role}`, ref: 'main' },
        }),
      success: (c) => ({ name: `created-by-${c.role}`, protected: false }),
    },
    {
      route: 'DELETE /projects/:id/repository/branches/:branch',
      stage: 2,
      expected: (role, visibility) => expectedPush(role, visibility, DEVELOPER, FORBIDDEN, 204),
      send: (c) =>
        api(
          `${projectBase(c)}/repository/branches/${c.allowed ? `created-by-${c.role}` : 'feature'}`,
          {
            method: 'DELETE',
            token: c.token,
          },
        ),
    },
    // tags.rb: read_code, then admin_tag (Developer) to create and delete.
    {
      route: 'POST /projects/:id/repository/tags',
      stage: 1,
      expected: (role, visibility) => expectedPush(role, visibility, DEVELOPER, FORBIDDEN, 201),
      send: (c) =>
        api(`${projectBase(c)}/repository/tags`, {
          method: 'POST',
          token: c.token,
          body: { tag_name: `tag-by-${c.role}`, ref: 'main' },
        }),
      success: (c) => ({ name: `tag-by-${c.role}` }),
    },
    {
      route: 'DELETE /projects/:id/repository/tags/:tag_name',
      stage: 2,
      expected: (role, visibility) => expectedPush(role, visibility, DEVELOPER, FORBIDDEN, 204),
      send: (c) =>
        api(`${projectBase(c)}/repository/tags/${c.allowed ? `tag-by-${c.role}` : c.f.tag}`, {
          method: 'DELETE',
          token: c.token,
        }),
    },
    {
      route: 'POST /projects/:id/repository/commits/:sha/cherry_pick',
      variant: 'onto a branch of its own',
      stage: 1,
      expected: (role, visibility) => expectedPush(role, visibility, DEVELOPER, PUSH_REFUSED, 201),
      send: (c) =>
        api(`${projectBase(c)}/repository/commits/${c.f.featureSha}/cherry_pick`, {
          method: 'POST',
          token: c.token,
          body: { branch: `pick-${writerOf(c)}` },
        }),
      success: (c) => ({
        message: expect.stringContaining(`cherry picked from commit ${c.f.featureSha}`),
      }),
    },
    {
      route: 'POST /projects/:id/repository/commits/:sha/cherry_pick',
      variant: 'onto the protected default branch',
      stage: 1,
      serial: true,
      expected: (role, visibility) => expectedPush(role, visibility, MAINTAINER, PUSH_REFUSED, 201),
      send: (c) => {
        const sha = c.f.mainPicks.get(c.allowed ? c.role : 'maintainer')
        return api(`${projectBase(c)}/repository/commits/${sha}/cherry_pick`, {
          method: 'POST',
          token: c.token,
          body: { branch: 'main' },
        })
      },
      success: (c) => ({
        message: expect.stringContaining(`cherry picked from commit ${c.f.mainPicks.get(c.role)}`),
      }),
    },
    {
      route: 'POST /projects/:id/repository/commits/:sha/revert',
      stage: 1,
      expected: (role, visibility) => expectedPush(role, visibility, DEVELOPER, PUSH_REFUSED, 201),
      send: (c) =>
        api(`${projectBase(c)}/repository/commits/${c.f.featureSha}/revert`, {
          method: 'POST',
          token: c.token,
          body: { branch: `revert-${writerOf(c)}` },
        }),
      success: (c) => ({
        message: expect.stringContaining(`This reverts commit ${c.f.featureSha}`),
      }),
    },

    {
      route: 'PUT /projects/:id/merge_requests/:merge_request_iid/rebase',
      stage: 1,
      expected: (role, visibility) =>
        expectedOnRequest(
          role,
          visibility,
          levelOf(role) >= DEVELOPER,
          { status: 403, body: SOURCE_REFUSED },
          202,
        ),
      send: (c) =>
        api(mrPath(c.f.project.id, c.f.rebaseIid.get(writerOf(c)), '/rebase'), {
          method: 'PUT',
          token: c.token,
        }),
      success: () => ({ rebase_in_progress: expect.any(Boolean) }),
    },
    // subscriptions.rb: authenticate!, the project, then find_merge_request_with_access
    // with update_merge_request (Developer, or the author, who follows it already: 304).
    {
      route: 'POST /projects/:id/merge_requests/:merge_request_iid/subscribe',
      stage: 1,
      expected: (role, visibility) => expectedSubscription(role, visibility, 304),
      send: (c) =>
        api(mrPath(c.f.project.id, c.f.cancelIid, '/subscribe'), {
          method: 'POST',
          token: c.token,
        }),
      success: () => ({ subscribed: true }),
    },
    {
      route: 'POST /projects/:id/merge_requests/:merge_request_iid/unsubscribe',
      stage: 2,
      expected: (role, visibility) => expectedSubscription(role, visibility, 201),
      send: (c) =>
        api(mrPath(c.f.project.id, c.f.cancelIid, '/unsubscribe'), {
          method: 'POST',
          token: c.token,
        }),
      success: () => ({ subscribed: false }),
    },
    // todos.rb: authenticate!, then find_merge_request_with_access (read_merge_request, 403).
    {
      route: 'POST /projects/:id/merge_requests/:merge_request_iid/todo',
      stage: 1,
      expected: (role, visibility) => {
        if (role === 'anonymous') return { status: 401, body: UNAUTHORIZED }
        if (!readable(role, visibility)) return { status: 404, body: notFound('Project') }
        return readsCode(role, visibility) ? { status: 201 } : { status: 403, body: FORBIDDEN }
      },
      send: (c) =>
        api(mrPath(c.f.project.id, c.f.cancelIid, '/todo'), { method: 'POST', token: c.token }),
      success: () => ({ action_name: 'marked', target_type: 'MergeRequest' }),
    },
    {
      route:
        'POST /projects/:id/merge_requests/:merge_request_iid/cancel_merge_when_pipeline_succeeds',
      stage: 1,
      // main is protected for Maintainers: a Developer may not merge into it, nor cancel.
      expected: (role, visibility) =>
        expectedOnRequest(
          role,
          visibility,
          levelOf(role) >= MAINTAINER,
          { status: 401, body: UNAUTHORIZED },
          201,
        ),
      send: (c) =>
        api(mrPath(c.f.project.id, c.f.cancelIid, '/cancel_merge_when_pipeline_succeeds'), {
          method: 'POST',
          token: c.token,
        }),
      success: () => NOTHING_TO_CANCEL,
    },
  ]
}

const rowName = (row: WriteRow) => (row.variant ? `${row.route} (${row.variant})` : row.route)
const keyOf = (...parts: string[]) => parts.join(' | ')

async function buildProject(cast: Cast, visibility: Visibility, targets: Targets) {
  const owner = cast.user('owner').token
  const project = await castProject(cast, { visibility, initialize_with_readme: true })
  const featureSha = await featureBranch(owner, project.id, 'feature')
  const mainPicks = new Map<Role, string>()
  for (const role of ['maintainer', 'owner', 'admin'] as const)
    mainPicks.set(role, await featureBranch(owner, project.id, `main-pick-${role}`))
  const rebaseIid = new Map<Role, number>()
  for (const role of WRITERS) {
    await createBranch(owner, project.id, `pick-${role}`, 'main')
    await createBranch(owner, project.id, `revert-${role}`, 'feature')
    rebaseIid.set(role, (await openMergeRequest(owner, project.id)).mr.iid)
  }
  const cancelIid = (await openMergeRequest(owner, project.id)).mr.iid
  const base = `/projects/${project.id}`
  for (const [path, body] of [
    ['variables', { key: MATRIX_VARIABLE, value: 'matrix' }],
    ['job_token_scope/allowlist', { target_project_id: targets.staticProject }],
    ['job_token_scope/groups_allowlist', { target_group_id: targets.staticGroup }],
  ] as const) {
    const res = await api(`${base}/${path}`, { method: 'POST', token: owner, body })
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`)
  }
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await api<{ id: number }>(`${base}/${path}`, { method: 'POST', token: owner, body })
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`)
    return res.body.id
  }
  const hookId = await created('hooks', {
    url: 'https://example.com/fixture',
    push_events: false,
    tag_push_events: false,
    merge_requests_events: false,
  })
  const integrationId = await created('alert_management/integrations', {
    name: 'Fixture',
    active: true,
  })
  const triggerId = await created('triggers', { description: 'Fixture' })
  const tag = 'fixture-tag'
  await created('repository/tags', { tag_name: tag, ref: 'main' })
  for (const rule of ['fixture', 'maintainer', 'owner', 'admin'])
    await created('protected_branches', { name: `rule-${rule}` })
  const issue = await api<{ iid: number }>(`${base}/issues`, {
    method: 'POST',
    token: owner,
    body: { title: 'Matrix issue' },
  })
  if (issue.status !== 201) throw new Error(`POST issues: ${issue.status} ${issue.text}`)
  const issueIid = issue.body.iid
  const awardIds = {
    issues: await created(`issues/${issueIid}/award_emoji`, { name: FIXTURE_AWARD }),
    merge_requests: await created(`merge_requests/${cancelIid}/award_emoji`, {
      name: FIXTURE_AWARD,
    }),
  }
  const thread = await api<{ id: string }>(`${base}/issues/${issueIid}/discussions`, {
    method: 'POST',
    token: owner,
    body: { body: 'Fixture thread' },
  })
  if (thread.status !== 201) throw new Error(`POST discussions: ${thread.status} ${thread.text}`)
  return {
    discussionId: thread.body.id,
    project,
    featureSha,
    mainPicks,
    rebaseIid,
    cancelIid,
    hookId,
    integrationId,
    triggerId,
    tag,
    issueIid,
    awardIds,
  }
}

describe('permission matrix: the writes of issue 27', () => {
  const answers = new Map<string, ApiResponse>()
  // Filled in by beforeAll; the rows read them when they send and check.
  const targets: Targets = {
    projects: new Map(),
    groups: new Map(),
    staticProject: 0,
    staticGroup: 0,
  }
  const projects = new Map<Visibility, ProjectFixture>()
  const groups = new Map<Visibility, GroupJson>()
  let cast: Cast
  const all = rows(targets)
  const contextOf = (row: WriteRow, role: Role, visibility: Visibility): Context => ({
    role,
    visibility,
    token: cast.tokenOf(role),
    allowed: row.expected(role, visibility).status < 300,
    f: projects.get(visibility) as ProjectFixture,
    group: groups.get(visibility) as GroupJson,
  })

  beforeAll(async () => {
    cast = await createCast()
    const owner = cast.user('owner').token
    targets.staticProject = (await createProject(owner, { visibility: 'public' })).id
    targets.staticGroup = (await createGroup(owner, { visibility: 'public' })).id
    for (const role of ['maintainer', 'owner', 'admin'] as const) {
      targets.projects.set(role, (await createProject(owner, { visibility: 'public' })).id)
      targets.groups.set(role, (await createGroup(owner, { visibility: 'public' })).id)
    }
    bystander.id = (await createUser()).id
    for (const [kind, editors] of Object.entries(MEMBER_EDITORS))
      for (const role of editors)
        for (const verb of ['PUT', 'DELETE'])
          memberTargets.set(keyOf(kind, role, verb), (await createUser()).id)
    const membersOf = (kind: string) => [
      bystander.id,
      ...[...memberTargets].filter(([key]) => key.startsWith(`${kind} |`)).map(([, id]) => id),
    ]
    await inPool(VISIBILITIES, 3, async (visibility) => {
      projects.set(visibility, await buildProject(cast, visibility, targets))
      for (const role of ['owner', 'admin'] as const) {
        const doomed = await createGroup(owner, { visibility })
        doomedGroups.set(keyOf(visibility, role), doomed.id)
      }
      const group = await castGroup(cast, { visibility })
      const made = await api(`/groups/${group.id}/variables`, {
        method: 'POST',
        token: owner,
        body: { key: MATRIX_VARIABLE, value: 'matrix' },
      })
      if (made.status !== 201) throw new Error(`POST group variable: ${made.status} ${made.text}`)
      const project = projects.get(visibility) as ProjectFixture
      for (const id of membersOf('projects'))
        await addProjectMember(project.project.id, id, GUEST, owner)
      for (const id of membersOf('groups')) await addMember(group.id, id, GUEST, owner)
      groups.set(visibility, group)
    })

    for (const stage of [1, 2, 3] as const) {
      const jobs: (() => Promise<void>)[] = []
      for (const row of all.filter((r) => r.stage === stage)) {
        for (const visibility of VISIBILITIES) {
          const ask = async (role: Role) => {
            const answer = await row.send(contextOf(row, role, visibility))
            answers.set(keyOf(rowName(row), visibility, role), answer)
          }
          const allowed = ROLES.filter((role) => contextOf(row, role, visibility).allowed)
          for (const role of ROLES.filter((r) => !allowed.includes(r))) jobs.push(() => ask(role))
          if (row.serial) {
            jobs.push(async () => {
              for (const role of allowed) await ask(role)
            })
          } else {
            for (const role of allowed) jobs.push(() => ask(role))
          }
        }
      }
      await inPool(jobs, 6, (job) => job())
    }
  }, 600_000)

  describe.each(all.map((row) => [rowName(row), row] as const))('%s', (_name, row) => {
    for (const visibility of VISIBILITIES) {
      for (const role of ROLES) {
        const want = row.expected(role, visibility)
        it(`${visibility} | ${role} -> ${want.status}`, () => {
          const answer = answers.get(keyOf(rowName(row), visibility, role))
          expect(answer?.status).toBe(want.status)
          if (want.body) expect(answer?.body).toEqual(want.body)
          else if (row.success && want.status !== 304) {
            const success = row.success(contextOf(row, role, visibility))
            expect(answer?.body).toMatchObject(success as object)
          }
        })
      }
    }
  })

  it('names every non-GET route under /projects/:id and /groups/:id: a row, or where it is checked', () => {
    const covered = [...all.map((row) => row.route), ...Object.keys(WRITE_ROUTES_ELSEWHERE)]
    const routes = gatewayRoutes()
    expect(uncoveredWrites(routes, covered)).toEqual([])
    expect(staleWriteNames(routes)).toEqual([])
  })
})
