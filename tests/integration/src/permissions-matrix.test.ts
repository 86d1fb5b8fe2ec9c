import { join } from 'node:path'
import { api, eventually, type Params } from './support/api'
import {
  addMember,
  createGroup,
  createUserWithToken,
  uniqueName,
  type UserWithToken,
} from './support/factories'
import { cloneUrl, commitFile, git, gitOk, withTempDir } from './support/git'
import { FORBIDDEN, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { createMergeRequest, type MergeRequestJson } from './support/merge-requests'
import { allPages } from './support/pages'
import { inPool } from './support/pool'
import { addProjectMember, createProject } from './support/projects'
import { baseUrl, rootToken } from './support/suite-state'
import {
  DEVELOPER,
  GUEST,
  MAINTAINER,
  OWNER,
  REPORTER,
  type EventJson,
  type GroupJson,
  type ProjectJson,
  type UserJson,
} from './support/types'

/**
 * The permission matrix of issue 8: every kind of caller × project visibility ×
 * the valid combinations of the repository and merge requests feature levels,
 * over every read endpoint of projects, repository (REST and git clone), merge
 * requests and events. The expected answers come from `abilitiesOf`, a small
 * restatement of GitLab's ProjectPolicy and ProjectFeature written for this
 * test alone (it shares nothing with the services' policy).
 *
 * Fixture: one public group, owned by `owner`, holding one project per
 * (visibility, features) shape; each project has Guest, Reporter, Developer and
 * Maintainer members of its own, one git push (main, a branch, a tag) and one
 * merge request. Guest, Reporter and Developer members of the group reach every
 * project through it. The features are set last, once every event is recorded.
 *
 * Every other resource of a project or a group (notes, discussions, alerts,
 * pipelines, jobs, runners, hooks, commit statuses, files, member roles, SAML
 * identities...) is in permissions-matrix-resources.test.ts, whose last test
 * fails for a GET route that neither file covers.
 */

// ---------------------------------------------------------------------------
// The oracle: GitLab's rules (app/policies/project_policy.rb, app/models/project_feature.rb)
// ---------------------------------------------------------------------------

type Visibility = 'private' | 'internal' | 'public'
/** A feature's access level as PUT /projects/:id takes it. */
type FeatureLevel = 'enabled' | 'private' | 'disabled'

interface Shape {
  visibility: Visibility
  repository: FeatureLevel
  mergeRequests: FeatureLevel
}

interface Caller {
  role: string
  signedIn: boolean
  admin: boolean
  /** Effective membership level in every fixture project (0: not a member). */
  level: number
  /** Where the membership comes from. */
  via: 'project' | 'group' | null
}

interface Abilities {
  readProject: boolean
  /** ProjectFeature#feature_available?(:repository, user). */
  repositoryAvailable: boolean
  readCode: boolean
  readMergeRequest: boolean
}

/** DISABLED: nobody (admins neither); PRIVATE: admins and members from `minimum` up. */
function featureAvailable(level: FeatureLevel, caller: Caller, minimum: number): boolean {
  if (level === 'disabled') return false
  if (level === 'private') return caller.admin || caller.level >= minimum
  return true
}

function abilitiesOf(caller: Caller, shape: Shape): Abilities {
  // public_access: anyone on a public project, signed-in users on an internal one.
  const publicAccess =
    shape.visibility === 'public' || (shape.visibility === 'internal' && caller.signedIn)
  const level = caller.admin ? OWNER : caller.level
  // guest_access (or public_access) gives read_project; a Guest of a private
  // project gets no download_code, Reporter and up do.
  const readProject = publicAccess || level >= GUEST
  const downloadCode = publicAccess || level >= REPORTER
  const repositoryAvailable = featureAvailable(shape.repository, caller, GUEST)
  // `repository disabled` prevents read_code; `merge_requests disabled |
  // repository disabled | ~download_code` prevents read_merge_request.
  const readCode = readProject && repositoryAvailable && downloadCode
  const readMergeRequest = readCode && featureAvailable(shape.mergeRequests, caller, REPORTER)
  return { readProject, repositoryAvailable, readCode, readMergeRequest }
}

type EventKind = 'push' | 'merge request' | 'project'

/** Event#capabilities: push events need download_code, merge request events read_merge_request. */
function mayReadEvent(abilities: Abilities, kind: EventKind): boolean {
  if (kind === 'push') return abilities.readCode
  if (kind === 'merge request') return abilities.readMergeRequest
  return abilities.readProject
}

/** What guards an endpoint, in the order GitLab checks it. */
type Gate =
  'read_project' | 'read_code' | 'repository feature, then read_code' | 'read_merge_request'

interface Outcome {
  status: number
  body?: unknown
}

const OK: Outcome = { status: 200 }
const PROJECT_NOT_FOUND: Outcome = { status: 404, body: notFound('Project') }
const REPOSITORY_NOT_FOUND: Outcome = { status: 404, body: notFound('Repository') }
const DENIED: Outcome = { status: 403, body: FORBIDDEN }

/**
 * A project the caller cannot read is 404 (anonymous included); a readable
 * project where the ability is missing is 403. lib/api/branches.rb and
 * lib/api/commits.rb first call `require_repository_enabled!`, which answers
 * 404 "Repository Not Found" when the repository feature is not available to
 * the caller; lib/api/tags.rb only authorizes read_code.
 */
function expectedOutcome(gate: Gate, abilities: Abilities): Outcome {
  if (!abilities.readProject) return PROJECT_NOT_FOUND
  switch (gate) {
    case 'read_project':
      return OK
    case 'repository feature, then read_code':
      if (!abilities.repositoryAvailable) return REPOSITORY_NOT_FOUND
      return abilities.readCode ? OK : DENIED
    case 'read_code':
      return abilities.readCode ? OK : DENIED
    case 'read_merge_request':
      return abilities.readMergeRequest ? OK : DENIED
  }
}

// ---------------------------------------------------------------------------
// The matrix
// ---------------------------------------------------------------------------

const CALLERS: Caller[] = [
  { role: 'anonymous', signedIn: false, admin: false, level: 0, via: null },
  { role: 'non-member', signedIn: true, admin: false, level: 0, via: null },
  { role: 'guest', signedIn: true, admin: false, level: GUEST, via: 'project' },
  { role: 'reporter', signedIn: true, admin: false, level: REPORTER, via: 'project' },
  { role: 'developer', signedIn: true, admin: false, level: DEVELOPER, via: 'project' },
  { role: 'maintainer', signedIn: true, admin: false, level: MAINTAINER, via: 'project' },
  // The group's creator: Owner of the group, so of every project in it.
  { role: 'owner', signedIn: true, admin: false, level: OWNER, via: 'group' },
  { role: 'admin', signedIn: true, admin: true, level: 0, via: null },
  { role: 'group guest', signedIn: true, admin: false, level: GUEST, via: 'group' },
  { role: 'group reporter', signedIn: true, admin: false, level: REPORTER, via: 'group' },
  { role: 'group developer', signedIn: true, admin: false, level: DEVELOPER, via: 'group' },
]

/** ProjectFeature#repository_children_level: merge requests never above the repository. */
const FEATURE_COMBINATIONS: Pick<Shape, 'repository' | 'mergeRequests'>[] = [
  { repository: 'enabled', mergeRequests: 'enabled' },
  { repository: 'enabled', mergeRequests: 'private' },
  { repository: 'enabled', mergeRequests: 'disabled' },
  { repository: 'private', mergeRequests: 'private' },
  { repository: 'private', mergeRequests: 'disabled' },
  { repository: 'disabled', mergeRequests: 'disabled' },
]

const SHAPES: (Shape & { name: string })[] = (['private', 'internal', 'public'] as const).flatMap(
  (visibility) =>
    FEATURE_COMBINATIONS.map((features) => ({
      visibility,
      ...features,
      name: `${visibility} project, repository ${features.repository}, merge requests ${features.mergeRequests}`,
    })),
)

const CONCURRENCY = 8

interface ProjectFixture {
  name: string
  shape: Shape
  project: ProjectJson
  mr: MergeRequestJson
  branch: string
  tag: string
  /** Title of the pushed commit (and content of its file): only readers of the code may see it. */
  commitMarker: string
  /** In the merge request's title: only readers of merge requests may see it. */
  mrMarker: string
  /** Events that had not been recorded when the snapshot was taken. */
  missingEvents: string[]
  /** The answer to PUT /projects/:id setting the feature levels. */
  featuresAnswer: { status: number; body: unknown }
}

interface KnownEvent {
  id: number
  projectId: number
  authorId: number
  kind: EventKind
}

interface Answer {
  status: number
  body: unknown
  text: string
}

interface CloneAnswer {
  code: number
  stderr: string
  /** Anonymous callers only: GET info/refs without credentials. */
  challenge?: { status: number; wwwAuthenticate: string | null }
}

interface ProjectEndpoint {
  name: string
  gate: Gate
  path: (f: ProjectFixture) => string
  /** Problems with a 200 body (empty when it is right). */
  content: (body: unknown, f: ProjectFixture, caller: Caller) => string[]
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function records(value: unknown): Record<string, unknown>[] | undefined {
  return Array.isArray(value) ? value.filter(isRecord) : undefined
}

const users = new Map<string, UserWithToken>()
let admin: UserJson
let group: GroupJson
const fixtures: ProjectFixture[] = []
const fixtureByProject = new Map<number, ProjectFixture>()
const knownEvents = new Map<number, KnownEvent>()
const answers = new Map<string, Answer>()
const clones = new Map<string, CloneAnswer>()

const keyOf = (...parts: string[]): string => parts.join(' | ')

function userOf(caller: Caller): UserWithToken | undefined {
  return users.get(caller.role)
}

function tokenOf(caller: Caller): string | undefined {
  if (!caller.signedIn) return undefined
  if (caller.admin) return rootToken()
  return userOf(caller)?.token
}

function userIdOf(caller: Caller): number | undefined {
  if (caller.admin) return admin.id
  return userOf(caller)?.user.id
}

function ownerId(): number {
  const owner = users.get('owner')
  if (!owner) throw new Error('no owner')
  return owner.user.id
}

function fixtureNamed(name: string): ProjectFixture {
  const found = fixtures.find((f) => f.name === name)
  if (!found) throw new Error(`no fixture for ${name}`)
  return found
}

function kindOf(event: EventJson): EventKind {
  const known = knownEvents.get(event.id)
  if (known) return known.kind
  if (event.push_data !== undefined && event.push_data !== null) return 'push'
  if (event.action_name.startsWith('pushed')) return 'push'
  if (event.target_type === 'MergeRequest') return 'merge request'
  return 'project'
}

/**
 * Compares a feed with what the caller may read of the known events in
 * `inScope`: every event of a fixture project it shows must be readable and
 * in scope, and every readable known event in scope must be there.
 */
function eventProblems(
  body: unknown,
  caller: Caller,
  inScope: (event: { projectId: number; authorId: number }) => boolean,
): string[] {
  const items = records(body)
  if (!items) return ['the answer is not a list']
  const problems: string[] = []
  const shown = new Set<number>()
  for (const item of items) {
    const event = item as EventJson
    const f =
      typeof event.project_id === 'number' ? fixtureByProject.get(event.project_id) : undefined
    if (!f) continue
    shown.add(event.id)
    const kind = kindOf(event)
    const what = `${kind} event ${event.id} "${event.action_name}" of the ${f.name}`
    if (!mayReadEvent(abilitiesOf(caller, f.shape), kind)) problems.push(`shows ${what}`)
    else if (!inScope({ projectId: f.project.id, authorId: event.author_id }))
      problems.push(`shows ${what}, which this feed does not cover`)
  }
  for (const known of knownEvents.values()) {
    const f = fixtureByProject.get(known.projectId)
    if (!f || shown.has(known.id) || !inScope(known)) continue
    if (mayReadEvent(abilitiesOf(caller, f.shape), known.kind))
      problems.push(`misses ${known.kind} event ${known.id} of the ${f.name}`)
  }
  return problems
}

/** The fixture merge requests a cross-project list shows must be exactly the readable ones. */
function mergeRequestListProblems(body: unknown, caller: Caller, onlyFixture: boolean): string[] {
  const items = records(body)
  if (!items) return ['the answer is not a list']
  const problems: string[] = []
  const shown = new Set<number>()
  for (const mr of items) {
    const f = typeof mr.project_id === 'number' ? fixtureByProject.get(mr.project_id) : undefined
    if (!f) {
      if (onlyFixture) problems.push(`shows merge request ${String(mr.id)} of another project`)
      continue
    }
    shown.add(Number(mr.id))
    if (!abilitiesOf(caller, f.shape).readMergeRequest)
      problems.push(`shows the merge request of the ${f.name}`)
  }
  for (const f of fixtures) {
    if (abilitiesOf(caller, f.shape).readMergeRequest && !shown.has(f.mr.id))
      problems.push(`misses the merge request of the ${f.name}`)
  }
  return problems
}

const PROJECT_ENDPOINTS: ProjectEndpoint[] = [
  {
    name: 'GET /projects/:id',
    gate: 'read_project',
    path: (f) => `/projects/${f.project.id}`,
    content: (body, f) => (isRecord(body) && body.id === f.project.id ? [] : ['not the project']),
  },
  {
    name: 'GET /projects/:id/members',
    gate: 'read_project',
    path: (f) => `/projects/${f.project.id}/members`,
    content: (body) => (records(body) ? [] : ['not a list']),
  },
  {
    name: 'GET /projects/:id/members/all',
    gate: 'read_project',
    path: (f) => `/projects/${f.project.id}/members/all`,
    content: (body) => (records(body) ? [] : ['not a list']),
  },
  {
    name: 'GET /projects/:id/repository/branches',
    gate: 'repository feature, then read_code',
    path: (f) => `/projects/${f.project.id}/repository/branches`,
    content: (body, f) => {
      const names = (records(body) ?? []).map((branch) => branch.name)
      return names.includes('main') && names.includes(f.branch) ? [] : [`branches: ${names.join()}`]
    },
  },
  {
    name: 'GET /projects/:id/repository/tags',
    gate: 'read_code',
    path: (f) => `/projects/${f.project.id}/repository/tags`,
    content: (body, f) => {
      const names = (records(body) ?? []).map((tag) => tag.name)
      return names.includes(f.tag) ? [] : [`tags: ${names.join()}`]
    },
  },
  {
    name: 'GET /projects/:id/repository/commits',
    gate: 'repository feature, then read_code',
    path: (f) => `/projects/${f.project.id}/repository/commits`,
    content: (body) => ((records(body) ?? []).length > 0 ? [] : ['no commits']),
  },
  {
    name: 'GET /projects/:id/merge_requests',
    gate: 'read_merge_request',
    path: (f) => `/projects/${f.project.id}/merge_requests`,
    content: (body, f) => {
      const ids = (records(body) ?? []).map((mr) => mr.id)
      return ids.length === 1 && ids[0] === f.mr.id ? [] : [`merge requests: ${ids.join()}`]
    },
  },
  {
    name: 'GET /projects/:id/merge_requests/:iid',
    gate: 'read_merge_request',
    path: (f) => `/projects/${f.project.id}/merge_requests/${f.mr.iid}`,
    content: (body, f) => (isRecord(body) && body.id === f.mr.id ? [] : ['not the merge request']),
  },
  {
    name: 'GET /projects/:id/merge_requests/:iid/changes',
    gate: 'read_merge_request',
    path: (f) => `/projects/${f.project.id}/merge_requests/${f.mr.iid}/changes`,
    content: (body, f) => (isRecord(body) && body.id === f.mr.id ? [] : ['not the merge request']),
  },
  {
    name: 'GET /projects/:id/merge_requests/:iid/diffs',
    gate: 'read_merge_request',
    path: (f) => `/projects/${f.project.id}/merge_requests/${f.mr.iid}/diffs`,
    content: (body) => (records(body) ? [] : ['not a list']),
  },
  {
    name: 'GET /projects/:id/merge_requests/:iid/versions',
    gate: 'read_merge_request',
    path: (f) => `/projects/${f.project.id}/merge_requests/${f.mr.iid}/versions`,
    content: (body, f) => {
      const versions = records(body)
      if (!versions) return ['not a list']
      return versions
        .filter((version) => version.merge_request_id !== f.mr.id)
        .map(
          (version) =>
            `version ${String(version.id)} of merge request ${String(version.merge_request_id)}`,
        )
    },
  },
  {
    name: 'GET /projects/:id/merge_requests/:iid/pipelines',
    gate: 'read_merge_request',
    path: (f) => `/projects/${f.project.id}/merge_requests/${f.mr.iid}/pipelines`,
    content: (body) => (records(body) ? [] : ['not a list']),
  },
  {
    name: 'GET /projects/:id/events',
    gate: 'read_project',
    path: (f) => `/projects/${f.project.id}/events`,
    content: (body, f, caller) =>
      eventProblems(body, caller, (event) => event.projectId === f.project.id),
  },
]

interface ListEndpoint {
  name: string
  path: () => string
  query: Params
  /** What an anonymous caller gets when it is not a 200. */
  anonymous: Outcome
  content: (body: unknown, caller: Caller) => string[]
}

const LIST_ENDPOINTS: ListEndpoint[] = [
  {
    name: 'GET /merge_requests?scope=all',
    path: () => '/merge_requests',
    query: { scope: 'all' },
    anonymous: OK,
    content: (body, caller) => mergeRequestListProblems(body, caller, false),
  },
  {
    name: 'GET /groups/:id/merge_requests',
    path: () => `/groups/${group.id}/merge_requests`,
    query: {},
    anonymous: OK,
    content: (body, caller) => mergeRequestListProblems(body, caller, true),
  },
  {
    name: "GET /users/:id/events (the owner's)",
    path: () => `/users/${ownerId()}/events`,
    query: {},
    anonymous: OK,
    content: (body, caller) => eventProblems(body, caller, (event) => event.authorId === ownerId()),
  },
  {
    name: 'GET /events (own)',
    path: () => '/events',
    query: {},
    anonymous: { status: 401, body: UNAUTHORIZED },
    content: (body, caller) =>
      eventProblems(body, caller, (event) => event.authorId === userIdOf(caller)),
  },
  {
    // EventsFinder: scope=all lists the events of current_user.authorized_projects.
    name: 'GET /events?scope=all',
    path: () => '/events',
    query: { scope: 'all' },
    anonymous: { status: 401, body: UNAUTHORIZED },
    content: (body, caller) => eventProblems(body, caller, () => caller.level >= GUEST),
  },
]

// ---------------------------------------------------------------------------
// Fixture
// ---------------------------------------------------------------------------

const DIRECT_ROLES = [
  ['guest', GUEST],
  ['reporter', REPORTER],
  ['developer', DEVELOPER],
  ['maintainer', MAINTAINER],
] as const
const GROUP_ROLES = [
  ['group guest', GUEST],
  ['group reporter', REPORTER],
  ['group developer', DEVELOPER],
] as const

function required(role: string): UserWithToken {
  const user = users.get(role)
  if (!user) throw new Error(`no user for ${role}`)
  return user
}

function expectOk(what: string, status: number, text: string): void {
  if (status !== 200) throw new Error(`${what}: expected 200, got ${status}: ${text.slice(0, 300)}`)
}

/** Pushes main (first, so it becomes the default branch), then a branch and a tag. */
async function pushRepository(f: Omit<ProjectFixture, 'mr' | 'missingEvents' | 'featuresAnswer'>) {
  const owner = required('owner')
  const url = cloneUrl(f.project.path_with_namespace, {
    username: owner.user.username,
    token: owner.token,
  })
  await withTempDir(async (dir) => {
    await gitOk(['init', '-q', 'wt'], dir)
    const wt = join(dir, 'wt')
    await commitFile(wt, 'README.md', '# Permission matrix\n', 'Initial commit')
    await gitOk(['push', '-q', url, 'main'], wt)
    await gitOk(['checkout', '-q', '-b', f.branch], wt)
    await commitFile(wt, 'change.txt', `${f.commitMarker}\n`, f.commitMarker)
    await gitOk(['tag', f.tag], wt)
    await gitOk(['push', '-q', url, f.branch, `refs/tags/${f.tag}`], wt)
  })
}

async function buildProject(shape: Shape & { name: string }): Promise<ProjectFixture> {
  const owner = required('owner')
  const project = await createProject(owner.token, {
    visibility: shape.visibility,
    namespace_id: group.id,
  })
  await Promise.all(
    DIRECT_ROLES.map(([role, level]) =>
      addProjectMember(project.id, required(role).user.id, level, owner.token),
    ),
  )
  const partial = {
    name: shape.name,
    shape,
    project,
    branch: uniqueName('matrix'),
    tag: uniqueName('vmatrix'),
    commitMarker: uniqueName('commitmarker'),
    mrMarker: uniqueName('mrmarker'),
  }
  await pushRepository(partial)
  const mr = await createMergeRequest(owner.token, project.id, {
    source_branch: partial.branch,
    target_branch: 'main',
    title: `Matrix change ${partial.mrMarker}`,
  })
  return { ...partial, mr, missingEvents: [], featuresAnswer: { status: 0, body: undefined } }
}

/**
 * Waits until the project's created, joined, push and merge request events are
 * recorded, then remembers every event the owner and the admin see (the
 * features are still enabled: both see them all).
 */
async function snapshotEvents(f: ProjectFixture): Promise<void> {
  const owner = required('owner')
  const expected: [string, (event: EventJson) => boolean][] = [
    ['created', (event) => event.action_name === 'created'],
    ...DIRECT_ROLES.map(([role]): [string, (event: EventJson) => boolean] => [
      `joined (${role})`,
      (event) => event.action_name === 'joined' && event.author_id === required(role).user.id,
    ]),
    ['push of main', (event) => event.push_data?.ref === 'main'],
    ['push of the branch', (event) => event.push_data?.ref === f.branch],
    ['push of the tag', (event) => event.push_data?.ref === f.tag],
    [
      'merge request opened',
      (event) => event.target_type === 'MergeRequest' && event.target_id === f.mr.id,
    ],
  ]
  const path = `/projects/${f.project.id}/events`
  let seen: EventJson[] = []
  await eventually(
    async () => {
      const res = await allPages<EventJson>(path, owner.token)
      if (res.status !== 200) return false
      seen = res.body
      return expected.every(([, match]) => seen.some(match))
    },
    60_000,
    500,
  )
  f.missingEvents = expected.filter(([, match]) => !seen.some(match)).map(([name]) => name)
  const byAdmin = await allPages<EventJson>(path, rootToken())
  for (const event of [...seen, ...(byAdmin.status === 200 ? byAdmin.body : [])]) {
    knownEvents.set(event.id, {
      id: event.id,
      projectId: f.project.id,
      authorId: event.author_id,
      kind: kindOf(event),
    })
  }
}

async function setFeatures(f: ProjectFixture): Promise<void> {
  const res = await api(`/projects/${f.project.id}`, {
    method: 'PUT',
    token: required('owner').token,
    body: {
      repository_access_level: f.shape.repository,
      merge_requests_access_level: f.shape.mergeRequests,
      // ProjectFeature#repository_children_level: CI never above the repository.
      builds_access_level: f.shape.repository,
    },
  })
  f.featuresAnswer = { status: res.status, body: res.body }
}

async function cloneAs(caller: Caller, f: ProjectFixture): Promise<CloneAnswer> {
  const user = userOf(caller)
  const token = tokenOf(caller)
  const username = caller.admin ? admin.username : user?.user.username
  const credentials =
    token !== undefined && username !== undefined ? { username, token } : undefined
  return withTempDir(async (dir) => {
    const result = await git(
      ['clone', '-q', cloneUrl(f.project.path_with_namespace, credentials), 'wt'],
      dir,
      {},
      30_000,
    )
    const answer: CloneAnswer = { code: result.code, stderr: result.stderr.slice(0, 300) }
    if (!caller.signedIn) {
      const res = await fetch(
        `${baseUrl()}/${f.project.path_with_namespace}.git/info/refs?service=git-upload-pack`,
      )
      await res.arrayBuffer()
      answer.challenge = {
        status: res.status,
        wwwAuthenticate: res.headers.get('www-authenticate'),
      }
    }
    return answer
  })
}

async function ask(path: string, caller: Caller, query: Params = {}): Promise<Answer> {
  const res = await allPages<unknown>(path, tokenOf(caller), query)
  return { status: res.status, body: res.body, text: res.text }
}

async function askOne(path: string, caller: Caller): Promise<Answer> {
  const res = await api(path, { token: tokenOf(caller) })
  return { status: res.status, body: res.body, text: res.text }
}

/** Lists are read page by page; single objects once. */
const LIST_PATHS = new Set([
  'GET /projects/:id/members',
  'GET /projects/:id/members/all',
  'GET /projects/:id/repository/branches',
  'GET /projects/:id/repository/tags',
  'GET /projects/:id/merge_requests',
  'GET /projects/:id/events',
])

async function runMatrix(): Promise<void> {
  const jobs: (() => Promise<void>)[] = []
  for (const caller of CALLERS) {
    for (const f of fixtures) {
      for (const endpoint of PROJECT_ENDPOINTS) {
        jobs.push(async () => {
          const path = endpoint.path(f)
          const answer = LIST_PATHS.has(endpoint.name)
            ? await ask(path, caller)
            : await askOne(path, caller)
          answers.set(keyOf(caller.role, f.name, endpoint.name), answer)
        })
      }
      jobs.push(async () => {
        clones.set(keyOf(caller.role, f.name), await cloneAs(caller, f))
      })
    }
    for (const endpoint of LIST_ENDPOINTS) {
      jobs.push(async () => {
        answers.set(
          keyOf(caller.role, endpoint.name),
          await ask(endpoint.path(), caller, endpoint.query),
        )
      })
    }
  }
  await inPool(jobs, CONCURRENCY, (job) => job())
}

function answerFor(...parts: string[]): Answer {
  const answer = answers.get(keyOf(...parts))
  if (!answer) throw new Error(`no answer recorded for ${keyOf(...parts)}`)
  return answer
}

/** Status and, unless it is a 200, the body: what a mismatch should show. */
function seenOutcome(answer: Answer): Outcome {
  if (answer.status === 200) return { status: 200 }
  return { status: answer.status, body: answer.body ?? answer.text.slice(0, 300) }
}

/**
 * Everything in `body` (walked deeply) that the caller may not read: events,
 * merge requests, merge request versions and projects of the fixture.
 */
function unreadableObjects(value: unknown, caller: Caller, found: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) unreadableObjects(item, caller, found)
    return
  }
  if (!isRecord(value)) return
  const projectId = typeof value.project_id === 'number' ? value.project_id : undefined
  const f = projectId === undefined ? undefined : fixtureByProject.get(projectId)
  if (f && typeof value.action_name === 'string' && typeof value.id === 'number') {
    const kind = kindOf(value as EventJson)
    if (!mayReadEvent(abilitiesOf(caller, f.shape), kind))
      found.push(`${kind} event ${value.id} of the ${f.name}`)
  } else if (f && typeof value.iid === 'number' && typeof value.source_branch === 'string') {
    if (!abilitiesOf(caller, f.shape).readMergeRequest)
      found.push(`merge request ${String(value.id)} of the ${f.name}`)
  }
  if (typeof value.merge_request_id === 'number') {
    const owner = fixtures.find((candidate) => candidate.mr.id === value.merge_request_id)
    if (owner && !abilitiesOf(caller, owner.shape).readMergeRequest)
      found.push(`a version of the merge request of the ${owner.name}`)
  }
  if (typeof value.path_with_namespace === 'string' && typeof value.id === 'number') {
    const project = fixtureByProject.get(value.id)
    if (project && !abilitiesOf(caller, project.shape).readProject)
      found.push(`the ${project.name}`)
  }
  for (const field of Object.values(value)) unreadableObjects(field, caller, found)
}

/** Commit titles travel only to readers of the code, merge request titles to readers of merge requests. */
function leakedMarkers(text: string, caller: Caller): string[] {
  const found: string[] = []
  for (const f of fixtures) {
    const abilities = abilitiesOf(caller, f.shape)
    if (!abilities.readCode && text.includes(f.commitMarker))
      found.push(`the commit title of the ${f.name}`)
    if (!abilities.readMergeRequest && text.includes(f.mrMarker))
      found.push(`the merge request title of the ${f.name}`)
  }
  return found
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

describe('permission matrix', () => {
  beforeAll(async () => {
    const roles = ['owner', ...DIRECT_ROLES.map(([r]) => r), ...GROUP_ROLES.map(([r]) => r)]
    const created = await Promise.all(
      [...roles, 'non-member'].map(async (role) => [role, await createUserWithToken()] as const),
    )
    for (const [role, user] of created) users.set(role, user)
    const me = await api<UserJson>('/user', { token: rootToken() })
    expectOk('GET /user (root)', me.status, me.text)
    admin = me.body

    group = await createGroup(required('owner').token, { visibility: 'public' })
    await Promise.all(
      GROUP_ROLES.map(([role, level]) =>
        addMember(group.id, required(role).user.id, level, required('owner').token),
      ),
    )

    fixtures.push(...(await inPool(SHAPES, 4, (shape) => buildProject(shape))))
    for (const f of fixtures) fixtureByProject.set(f.project.id, f)
    await inPool(fixtures, 6, (f) => snapshotEvents(f))
    await inPool(fixtures, 6, (f) => setFeatures(f))

    await runMatrix()
  }, 900_000)

  describe('fixture', () => {
    it.each(SHAPES.map((shape) => shape.name))(
      '%s: created, joined, push and merge request events were recorded',
      (name) => {
        expect(fixtureNamed(name).missingEvents).toEqual([])
      },
    )

    it.each(SHAPES.map((shape) => shape.name))(
      '%s: PUT /projects/:id set the feature levels',
      (name) => {
        const f = fixtureNamed(name)
        expect(f.featuresAnswer.status).toBe(200)
        expect(f.featuresAnswer.body).toMatchObject({
          visibility: f.shape.visibility,
          repository_access_level: f.shape.repository,
          merge_requests_access_level: f.shape.mergeRequests,
        })
      },
    )
  })

  describe.each(CALLERS.map((caller) => [caller.role, caller] as const))('%s', (_role, caller) => {
    describe.each(SHAPES.map((shape) => shape.name))('%s', (name) => {
      it.each(PROJECT_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const))(
        '%s',
        (_name, endpoint) => {
          const f = fixtureNamed(name)
          const expected = expectedOutcome(endpoint.gate, abilitiesOf(caller, f.shape))
          const answer = answerFor(caller.role, name, endpoint.name)
          expect(seenOutcome(answer)).toEqual(expected)
          if (expected.status === 200) expect(endpoint.content(answer.body, f, caller)).toEqual([])
        },
      )

      it('git clone over HTTP', () => {
        const f = fixtureNamed(name)
        const readCode = abilitiesOf(caller, f.shape).readCode
        const answer = clones.get(keyOf(caller.role, name))
        const seen = answer?.code === 0 ? 'cloned' : `refused: ${answer?.stderr ?? 'not run'}`
        if (readCode) expect(seen).toBe('cloned')
        else expect(seen).toMatch(/^refused/)
        if (!caller.signedIn) {
          // Anonymous callers without read_code are asked for credentials.
          expect(answer?.challenge?.status).toBe(readCode ? 200 : 401)
          if (!readCode) expect(answer?.challenge?.wwwAuthenticate).toMatch(/^Basic /)
        }
      })
    })

    it.each(LIST_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const))(
      '%s',
      (_name, endpoint) => {
        const answer = answerFor(caller.role, endpoint.name)
        const expected = caller.signedIn ? OK : endpoint.anonymous
        expect(seenOutcome(answer)).toEqual(expected)
        if (expected.status === 200) expect(endpoint.content(answer.body, caller)).toEqual([])
      },
    )

    it('no answer holds an object or a title the caller may not read', () => {
      const leaks: string[] = []
      for (const [key, answer] of answers) {
        if (!key.startsWith(`${caller.role} | `)) continue
        const found: string[] = []
        unreadableObjects(answer.body, caller, found)
        found.push(...leakedMarkers(answer.text, caller))
        leaks.push(...[...new Set(found)].map((what) => `${key}: ${what}`))
      }
      expect(leaks).toEqual([])
    })
  })
})
