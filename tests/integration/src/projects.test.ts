import { api, type Params } from './support/api'
import {
  addMember,
  createGroup,
  createUser,
  createUserWithToken,
  uniqueName,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, missing, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import {
  addProjectMember,
  castRoles,
  createProject,
  encodedPath,
  projectForCast,
  projectWithReadme,
  type RoleCast,
} from './support/projects'
import { baseUrl, rootToken } from './support/suite-state'
import {
  DEVELOPER,
  GUEST,
  MAINTAINER,
  OWNER,
  REPORTER,
  type ErrorJson,
  type ProjectJson,
} from './support/types'

// Setups create several users and projects; on two loaded cores that outgrows jest's 5 s.

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const PROJECT_NOT_FOUND = notFound('Project')

type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object'
type FieldType = Kind | `${Kind}?`

/** Every field of the Project table (spec document 2) with its JSON type; `?` allows null. */
const PROJECT_FIELDS: Record<string, FieldType> = {
  id: 'number',
  creator_id: 'number',
  name: 'string',
  path: 'string',
  name_with_namespace: 'string',
  path_with_namespace: 'string',
  description: 'string?',
  description_html: 'string?',
  default_branch: 'string?',
  visibility: 'string',
  ssh_url_to_repo: 'string',
  http_url_to_repo: 'string',
  web_url: 'string',
  readme_url: 'string?',
  avatar_url: 'string?',
  tag_list: 'array',
  topics: 'array',
  owner: 'object',
  namespace: 'object',
  created_at: 'string',
  updated_at: 'string',
  last_activity_at: 'string',
  archived: 'boolean',
  empty_repo: 'boolean',
  open_issues_count: 'number',
  forks_count: 'number',
  star_count: 'number',
  import_url: 'string?',
  import_type: 'string?',
  import_error: 'string?',
  import_status: 'string',
  permissions: 'object',
  issues_enabled: 'boolean',
  merge_requests_enabled: 'boolean',
  jobs_enabled: 'boolean',
  wiki_enabled: 'boolean',
  snippets_enabled: 'boolean',
  container_registry_enabled: 'boolean',
  packages_enabled: 'boolean',
  emails_disabled: 'boolean',
  emails_enabled: 'boolean?',
  lfs_enabled: 'boolean',
  service_desk_enabled: 'boolean',
  shared_runners_enabled: 'boolean',
  group_runners_enabled: 'boolean',
  public_jobs: 'boolean',
  request_access_enabled: 'boolean',
  autoclose_referenced_issues: 'boolean',
  resolve_outdated_diff_discussions: 'boolean',
  can_create_merge_request_in: 'boolean',
  enforce_auth_checks_on_uploads: 'boolean',
  keep_latest_artifact: 'boolean',
  warn_about_potentially_unwanted_characters: 'boolean',
  secret_push_protection_enabled: 'boolean',
  auto_devops_enabled: 'boolean',
  requirements_enabled: 'boolean',
  security_and_compliance_enabled: 'boolean',
  container_expiration_policy: 'object',
  ci_default_git_depth: 'number',
  ci_forward_deployment_enabled: 'boolean',
  ci_forward_deployment_rollback_allowed: 'boolean',
  ci_allow_fork_pipelines_to_run_in_parent_project: 'boolean',
  ci_separated_caches: 'boolean',
  ci_job_token_scope_enabled: 'boolean',
  ci_push_repository_for_job_token_allowed: 'boolean',
  ci_id_token_sub_claim_components: 'array',
  ci_restrict_pipeline_cancellation_role: 'string',
  ci_pipeline_variables_minimum_override_role: 'string',
  ci_config_path: 'string?',
  auto_cancel_pending_pipelines: 'string',
  auto_devops_deploy_strategy: 'string',
  build_timeout: 'number',
  runners_token: 'string',
  runner_token_expiration_interval: 'number?',
  shared_with_groups: 'array',
  only_allow_merge_if_pipeline_succeeds: 'boolean',
  allow_merge_on_skipped_pipeline: 'boolean?',
  allow_pipeline_trigger_approve_deployment: 'boolean',
  restrict_user_defined_variables: 'boolean',
  only_allow_merge_if_all_discussions_are_resolved: 'boolean',
  only_allow_merge_if_all_status_checks_passed: 'boolean',
  remove_source_branch_after_merge: 'boolean',
  printing_merge_request_link_enabled: 'boolean',
  merge_method: 'string',
  squash_option: 'string',
  approvals_before_merge: 'number',
  mirror: 'boolean',
  mirror_trigger_builds: 'boolean',
  only_mirror_protected_branches: 'boolean',
  mirror_overwrites_diverged_branches: 'boolean',
  mirror_user_id: 'number?',
  external_authorization_classification_label: 'string?',
  service_desk_address: 'string?',
  suggestion_commit_message: 'string?',
  merge_commit_template: 'string?',
  squash_commit_template: 'string?',
  issue_branch_template: 'string?',
  marked_for_deletion_at: 'string?',
  marked_for_deletion_on: 'string?',
  compliance_frameworks: 'array',
  container_registry_image_prefix: 'string',
  _links: 'object',
  web_based_commit_signing_enabled: 'boolean',
}

const ACCESS_LEVEL_FIELDS = [
  'analytics_access_level',
  'builds_access_level',
  'container_registry_access_level',
  'environments_access_level',
  'feature_flags_access_level',
  'forking_access_level',
  'infrastructure_access_level',
  'issues_access_level',
  'merge_requests_access_level',
  'model_experiments_access_level',
  'model_registry_access_level',
  'monitor_access_level',
  'pages_access_level',
  'releases_access_level',
  'repository_access_level',
  'requirements_access_level',
  'security_and_compliance_access_level',
  'snippets_access_level',
  'wiki_access_level',
  'package_registry_access_level',
]

/** The fields of simple=true and anonymous list items (spec document 2). */
const SIMPLE_FIELDS = [
  'id',
  'description',
  'name',
  'name_with_namespace',
  'path',
  'path_with_namespace',
  'created_at',
  'default_branch',
  'tag_list',
  'topics',
  'ssh_url_to_repo',
  'http_url_to_repo',
  'web_url',
  'avatar_url',
  'star_count',
  'last_activity_at',
  'namespace',
]
/**
 * Also allowed in the reduced shape: visibility (authenticated callers, per the document), and
 * readme_url and forks_count, which lib/api/entities/basic_project_details.rb exposes to readers
 * of the code.
 */
const SIMPLE_EXTRA = ['visibility', 'readme_url', 'forks_count']

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** Field names whose value does not have the declared type (or that are missing). */
function typeMismatches(
  body: Record<string, unknown>,
  fields: Record<string, FieldType>,
): string[] {
  const wrong: string[] = []
  for (const [field, declared] of Object.entries(fields)) {
    const nullable = declared.endsWith('?')
    const kind = declared.replace('?', '')
    if (!(field in body)) {
      wrong.push(`${field}: missing`)
      continue
    }
    const actual = typeOf(body[field])
    if (actual === kind || (nullable && actual === 'null')) continue
    wrong.push(`${field}: ${actual}, expected ${declared}`)
  }
  return wrong
}

async function getProject(id: number | string, token?: string, query: Params = {}) {
  return api<ProjectJson>(`/projects/${id}`, { token, query })
}

async function listProjects(token: string | undefined, query: Params) {
  return api<ProjectJson[]>('/projects', { token, query: { per_page: 100, ...query } })
}

function ids(projects: { id: number }[]): number[] {
  return projects.map((p) => p.id)
}

describe('projects', () => {
  describe('GET /projects/:id', () => {
    let owner: UserWithToken
    let project: ProjectJson

    beforeAll(async () => {
      owner = await createUserWithToken()
      project = await createProject(owner.token, {
        description: 'A **bold** project',
        topics: ['zeta', 'alpha'],
      })
    })

    it('finds a project by numeric id and by URL-encoded namespace%2Fpath', async () => {
      const byId = await getProject(project.id, owner.token)
      expect(byId.status).toBe(200)
      expect(byId.headers.get('content-type')).toBe('application/json')
      const byPath = await getProject(encodedPath(project), owner.token)
      expect(byPath.status).toBe(200)
      expect(byPath.body.id).toBe(project.id)
      expect(byPath.body.path_with_namespace).toBe(`${owner.user.username}/${project.path}`)
    })

    it('presents every field of the Project table with its type', async () => {
      const res = await getProject(project.id, owner.token)
      expect(typeMismatches(res.body, PROJECT_FIELDS)).toEqual([])
      for (const field of ACCESS_LEVEL_FIELDS) {
        expect([field, res.body[field]]).toEqual([
          field,
          expect.stringMatching(/^(disabled|private|enabled|public)$/),
        ])
      }
      expect(res.body.created_at).toMatch(ISO_TIME)
      expect(res.body.last_activity_at).toMatch(ISO_TIME)
    })

    it('fills the fields from the project, its owner and its namespace', async () => {
      const res = await getProject(project.id, owner.token)
      const fullPath = `${owner.user.username}/${project.path}`
      expect(res.body).toMatchObject({
        id: project.id,
        name: project.name,
        path: project.path,
        path_with_namespace: fullPath,
        name_with_namespace: `${owner.user.name} / ${project.name}`,
        description: 'A **bold** project',
        visibility: 'private',
        web_url: `${baseUrl()}/${fullPath}`,
        http_url_to_repo: `${baseUrl()}/${fullPath}.git`,
        creator_id: owner.user.id,
        archived: false,
        empty_repo: true,
        readme_url: null,
        import_status: 'none',
        star_count: 0,
        forks_count: 0,
        merge_method: 'merge',
        squash_option: 'default_off',
        owner: { id: owner.user.id, name: owner.user.name },
        namespace: {
          id: expect.any(Number),
          name: owner.user.name,
          path: owner.user.username,
          kind: 'user',
          full_path: owner.user.username,
          parent_id: null,
        },
      })
      expect(res.body.description_html).toContain('<strong>bold</strong>')
      expect(res.body.ssh_url_to_repo).toMatch(new RegExp(`${fullPath}\\.git$`))
      // GitLab sorts topic names (lib/api/entities/basic_project_details.rb) and keeps tag_list equal.
      expect(res.body.topics).toEqual(['alpha', 'zeta'])
      expect(res.body.tag_list).toEqual(res.body.topics)
      expect(res.body.owner).toEqual(expect.objectContaining({ created_at: expect.any(String) }))
      expect(res.body.namespace).toHaveProperty('avatar_url')
      expect(res.body.namespace).toHaveProperty('web_url')
    })

    it('keeps deprecated aliases in step with their access levels', async () => {
      const res = await getProject(project.id, owner.token)
      const enabled = (level: unknown) => level !== 'disabled'
      expect(res.body.issues_enabled).toBe(enabled(res.body.issues_access_level))
      expect(res.body.merge_requests_enabled).toBe(enabled(res.body.merge_requests_access_level))
      expect(res.body.wiki_enabled).toBe(enabled(res.body.wiki_access_level))
      expect(res.body.snippets_enabled).toBe(enabled(res.body.snippets_access_level))
      expect(res.body.jobs_enabled).toBe(enabled(res.body.builds_access_level))
      expect(res.body.emails_disabled).toBe(res.body.emails_enabled === false)

      const off = await api<ProjectJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: owner.token,
        body: { issues_access_level: 'disabled', wiki_enabled: false },
      })
      expect(off.status).toBe(200)
      expect(off.body).toMatchObject({
        issues_access_level: 'disabled',
        issues_enabled: false,
        wiki_access_level: 'disabled',
        wiki_enabled: false,
      })
    })

    it('presents container_expiration_policy, permissions and _links', async () => {
      const res = await getProject(project.id, owner.token)
      expect(res.body.container_expiration_policy).toEqual(
        expect.objectContaining({
          cadence: expect.any(String),
          enabled: expect.any(Boolean),
          keep_n: expect.anything(),
          older_than: expect.anything(),
          name_regex: expect.anything(),
        }),
      )
      for (const key of ['name_regex_delete', 'name_regex_keep', 'next_run_at']) {
        expect(res.body.container_expiration_policy).toHaveProperty(key)
      }
      expect(res.body.permissions).toEqual({
        project_access: { access_level: OWNER, notification_level: expect.any(Number) },
        group_access: null,
      })
      const api4 = `${baseUrl()}/api/v4/projects/${project.id}`
      expect(res.body._links).toEqual({
        self: api4,
        issues: `${api4}/issues`,
        merge_requests: `${api4}/merge_requests`,
        repo_branches: `${api4}/repository/branches`,
        labels: `${api4}/labels`,
        events: `${api4}/events`,
        members: `${api4}/members`,
        cluster_agents: `${api4}/cluster_agents`,
      })
    })

    it('exposes repository_storage to administrators only', async () => {
      // lib/api/entities/project.rb: if change_repository_storage (an admin ability)
      const asAdmin = await getProject(project.id, rootToken())
      expect(typeof asAdmin.body.repository_storage).toBe('string')
      const asOwner = await getProject(project.id, owner.token)
      expect(asOwner.body).not.toHaveProperty('repository_storage')
    })

    it('answers 404 "Project Not Found" for an unknown id or path, and never 5xx for odd ids', async () => {
      for (const id of ['999999999', 'no-such-ns%2Fno-such-project', '99999999999999999999999']) {
        const res = await getProject(id, owner.token)
        expect([id, res.status, res.body]).toEqual([id, 404, PROJECT_NOT_FOUND])
      }
      for (const id of ['..%2F..%2Fetc', '%00', 'a%2F..%2Fb', '-1', '1.5', '%27%20OR%201%3D1']) {
        const res = await getProject(id, owner.token)
        expect([id, res.status >= 400 && res.status < 500]).toEqual([id, true])
      }
    })

    it('adds license data with license=true (null without a license file)', async () => {
      const res = await getProject(project.id, owner.token, { license: true })
      expect(res.status).toBe(200)
      expect(res.body).toHaveProperty('license')
      expect(res.body).toHaveProperty('license_url')
      expect(res.body.license).toBeNull()
      const plain = await getProject(project.id, owner.token)
      expect(plain.body).not.toHaveProperty('license')
    })

    it('takes an MIT license from the repository with license=true', async () => {
      const { owner: licensor, project: withReadme } = await projectWithReadme()
      const mit =
        'MIT License\n\nCopyright (c) 2026 Someone\n\nPermission is hereby granted, free of charge, to any person obtaining a copy\nof this software and associated documentation files (the "Software"), to deal\nin the Software without restriction, including without limitation the rights\nto use, copy, modify, merge, publish, distribute, sublicense, and/or sell\ncopies of the Software, and to permit persons to whom the Software is\nfurnished to do so, subject to the following conditions:\n\nThe above copyright notice and this permission notice shall be included in all\ncopies or substantial portions of the Software.\n\nTHE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR\nIMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,\nFITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE\nAUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER\nLIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,\nOUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE\nSOFTWARE.\n'
      const commit = await api(`/projects/${withReadme.id}/repository/commits`, {
        method: 'POST',
        token: licensor.token,
        body: {
          branch: 'main',
          commit_message: 'Add LICENSE',
          actions: [{ action: 'create', file_path: 'LICENSE', content: mit }],
        },
      })
      expect(commit.status).toBe(201)
      const res = await getProject(withReadme.id, licensor.token, { license: true })
      expect(res.body.license).toEqual(
        expect.objectContaining({ key: 'mit', name: 'MIT License', nickname: null }),
      )
      expect(res.body.license).toHaveProperty('html_url')
      expect(res.body.license).toHaveProperty('source_url')
      expect(res.body.license_url).toBe(`${withReadme.web_url}/-/blob/main/LICENSE`)
    })

    it('gives an anonymous caller of a public project the reduced shape', async () => {
      const pub = await createProject(owner.token, { visibility: 'public' })
      const res = await getProject(pub.id)
      expect(res.status).toBe(200)
      for (const field of SIMPLE_FIELDS) expect(res.body).toHaveProperty(field)
      for (const field of ['permissions', 'runners_token', 'creator_id', 'import_url']) {
        expect(res.body).not.toHaveProperty(field)
      }
      // lib/api/projects.rb: Entities::ProjectDetails without a user, which is
      // BasicProjectDetails plus forked_from_project (forks only)
      const extra = Object.keys(res.body).filter(
        (key) => !SIMPLE_FIELDS.includes(key) && !SIMPLE_EXTRA.includes(key),
      )
      expect(extra).toEqual([])
    })

    describe('statistics=true', () => {
      let cast: RoleCast
      let withStats: ProjectJson

      beforeAll(async () => {
        cast = await castRoles()
        withStats = await projectForCast(cast, { initialize_with_readme: true })
      })

      it.each(['reporter', 'developer', 'maintainer', 'owner'] as const)(
        'gives a %s real statistics',
        async (role) => {
          const res = await getProject(withStats.id, cast[role].token, { statistics: true })
          expect(res.status).toBe(200)
          const stats = res.body.statistics as Record<string, unknown>
          for (const key of [
            'commit_count',
            'storage_size',
            'repository_size',
            'wiki_size',
            'lfs_objects_size',
            'job_artifacts_size',
            'pipeline_artifacts_size',
            'packages_size',
            'snippets_size',
            'uploads_size',
            'container_registry_size',
          ]) {
            expect([key, typeof stats[key]]).toEqual([key, 'number'])
          }
          expect(stats.commit_count).toBe(1)
          expect(stats.repository_size).toBeGreaterThan(0)
        },
      )

      it('lists statistics with statistics=true for a Reporter, not for a Guest', async () => {
        const reporter = await api<ProjectJson[]>('/projects', {
          token: cast.reporter.token,
          query: { membership: 'true', statistics: 'true' },
        })
        const listed = reporter.body.find((p) => p.id === withStats.id)
        expect(listed?.statistics?.commit_count).toBe(1)
        const guest = await api<ProjectJson[]>('/projects', {
          token: cast.guest.token,
          query: { membership: 'true', statistics: 'true' },
        })
        expect(guest.body.find((p) => p.id === withStats.id)).not.toHaveProperty('statistics')
      })

      it('leaves statistics out for a Guest and without statistics=true', async () => {
        const guest = await getProject(withStats.id, cast.guest.token, { statistics: true })
        expect(guest.status).toBe(200)
        expect(guest.body).not.toHaveProperty('statistics')
        const plain = await getProject(withStats.id, cast.owner.token)
        expect(plain.body).not.toHaveProperty('statistics')
      })
    })
  })

  describe('visibility matrix of GET /projects/:id', () => {
    let cast: RoleCast
    const projects: Record<string, ProjectJson> = {}

    beforeAll(async () => {
      cast = await castRoles()
      for (const visibility of ['private', 'internal', 'public']) {
        projects[visibility] = await projectForCast(cast, { visibility })
      }
    })

    const members: [keyof RoleCast, number][] = [
      ['guest', GUEST],
      ['reporter', REPORTER],
      ['developer', DEVELOPER],
      ['maintainer', MAINTAINER],
      ['owner', OWNER],
    ]

    describe.each(['private', 'internal', 'public'])('a %s project', (visibility) => {
      it.each(members)('a %s reads it with its access level', async (role, level) => {
        const project = projects[visibility] as ProjectJson
        const res = await getProject(project.id, cast[role].token)
        expect(res.status).toBe(200)
        expect(res.body.visibility).toBe(visibility)
        expect(res.body.permissions?.project_access?.access_level).toBe(level)
      })

      it('an admin who is not a member reads it', async () => {
        const project = projects[visibility] as ProjectJson
        const res = await getProject(project.id, rootToken())
        expect(res.status).toBe(200)
        expect(res.body.permissions).toEqual({ project_access: null, group_access: null })
      })

      it(`a signed-in non-member ${visibility === 'private' ? 'gets 404' : 'reads it'}`, async () => {
        const project = projects[visibility] as ProjectJson
        const res = await getProject(project.id, cast.stranger.token)
        if (visibility === 'private') {
          expect(res.status).toBe(404)
          expect(res.body).toEqual(PROJECT_NOT_FOUND)
        } else {
          expect(res.status).toBe(200)
          expect(res.body.permissions).toEqual({ project_access: null, group_access: null })
        }
      })

      it(`an anonymous caller ${visibility === 'public' ? 'reads it' : 'gets 404'}`, async () => {
        const project = projects[visibility] as ProjectJson
        const byId = await getProject(project.id)
        const byPath = await getProject(encodedPath(project))
        for (const res of [byId, byPath]) {
          if (visibility === 'public') {
            expect(res.status).toBe(200)
            expect(res.body.id).toBe(project.id)
          } else {
            expect(res.status).toBe(404)
            expect(res.body).toEqual(PROJECT_NOT_FOUND)
          }
        }
      })

      it('lists it to exactly the callers who can read it', async () => {
        const project = projects[visibility] as ProjectJson
        const seen = async (token?: string) => {
          const res = await listProjects(token, { search: project.path })
          expect(res.status).toBe(200)
          return ids(res.body).includes(project.id)
        }
        expect(await seen(cast.guest.token)).toBe(true)
        expect(await seen(rootToken())).toBe(true)
        expect(await seen(cast.stranger.token)).toBe(visibility !== 'private')
        expect(await seen(undefined)).toBe(visibility === 'public')
      })
    })

    it('a bad token gets 401 even on a public project', async () => {
      const res = await getProject((projects.public as ProjectJson).id, 'not-a-real-token')
      expect(res.status).toBe(401)
      expect(res.body).toEqual(UNAUTHORIZED)
    })
  })

  describe('GET /projects', () => {
    let me: UserWithToken
    let other: UserWithToken
    const mine: ProjectJson[] = []
    let shared: ProjectJson
    let marker: string

    beforeAll(async () => {
      ;[me, other] = await Promise.all([createUserWithToken(), createUserWithToken()])
      marker = uniqueName('mk').replace(/-/g, '')
      const specs = [
        { name: `${marker} Alpha Beta`, topics: [`${marker}t1`, `${marker}t2`] },
        { name: `${marker} Alpha`, topics: [`${marker}t1`], visibility: 'public' },
        { name: `${marker} Beta`, description: `about gamma ${marker}`, visibility: 'internal' },
        { name: `${marker} Delta` },
        { name: `${marker} Epsilon` },
      ]
      for (const spec of specs) {
        mine.push(await createProject(me.token, { path: undefined, ...spec }))
      }
      shared = await createProject(other.token, { name: `${marker} Shared` })
      await addProjectMember(shared.id, me.user.id, DEVELOPER, other.token)
    })

    const names = (projects: ProjectJson[]) => projects.map((p) => p.name).sort()

    it('ANDs the terms of search (space or +) over name, path and description', async () => {
      const both = await listProjects(me.token, { search: `${marker} alpha beta` })
      expect(names(both.body)).toEqual([`${marker} Alpha Beta`])
      const alpha = await listProjects(me.token, { search: `${marker} alpha` })
      expect(names(alpha.body)).toEqual([`${marker} Alpha`, `${marker} Alpha Beta`])
      const description = await listProjects(me.token, { search: `gamma ${marker}` })
      expect(names(description.body)).toEqual([`${marker} Beta`])
      const plus = await api<ProjectJson[]>(`/projects?search=${marker}+alpha+beta&per_page=100`, {
        token: me.token,
      })
      expect(names(plus.body)).toEqual([`${marker} Alpha Beta`])
    })

    it('matches every given topic', async () => {
      const both = await listProjects(me.token, { topic: `${marker}t1,${marker}t2` })
      expect(names(both.body)).toEqual([`${marker} Alpha Beta`])
      const one = await listProjects(me.token, { topic: `${marker}t1` })
      expect(names(one.body)).toEqual([`${marker} Alpha`, `${marker} Alpha Beta`])
    })

    it('search_namespaces matches the namespace path too', async () => {
      // ProjectsFinder: Project.search(search, include_namespace: search_namespaces)
      const without = await listProjects(me.token, { search: me.user.username, owned: 'true' })
      expect(without.body).toEqual([])
      const withNs = await listProjects(me.token, {
        search: me.user.username,
        owned: 'true',
        search_namespaces: 'true',
      })
      expect(ids(withNs.body).sort()).toEqual(ids(mine).sort())
    })

    it('with_issues_enabled, with_merge_requests_enabled, starred and active', async () => {
      const target = mine[4] as ProjectJson
      const off = await api(`/projects/${target.id}`, {
        method: 'PUT',
        token: me.token,
        body: { issues_access_level: 'disabled', merge_requests_access_level: 'disabled' },
      })
      expect(off.status).toBe(200)
      for (const filter of ['with_issues_enabled', 'with_merge_requests_enabled']) {
        const res = await listProjects(me.token, { owned: 'true', [filter]: 'true' })
        expect([filter, ids(res.body).sort()]).toEqual([
          filter,
          ids(mine.filter((p) => p.id !== target.id)).sort(),
        ])
      }
      const starred = await listProjects(me.token, { owned: 'true', starred: 'true' })
      expect(starred.body).toEqual([])
      const active = await listProjects(me.token, { owned: 'true', active: 'true' })
      expect(active.body.length).toBe(mine.length)
    })

    it('filters by visibility', async () => {
      for (const visibility of ['public', 'internal', 'private']) {
        const res = await listProjects(me.token, { search: marker, visibility })
        expect(res.body.every((p) => p.visibility === visibility)).toBe(true)
        expect(res.body.length).toBeGreaterThan(0)
      }
    })

    it('owned, membership and min_access_level', async () => {
      const owned = await listProjects(me.token, { search: marker, owned: 'true' })
      expect(ids(owned.body).sort()).toEqual(ids(mine).sort())
      const membership = await listProjects(me.token, { search: marker, membership: 'true' })
      expect(ids(membership.body).sort()).toEqual([...ids(mine), shared.id].sort())
      const maintainerUp = await listProjects(me.token, { search: marker, min_access_level: 40 })
      expect(ids(maintainerUp.body).sort()).toEqual(ids(mine).sort())
      const developerUp = await listProjects(me.token, { search: marker, min_access_level: 30 })
      expect(ids(developerUp.body)).toContain(shared.id)
    })

    it('archived=true and archived=false', async () => {
      const archived = await listProjects(me.token, { search: marker, archived: 'true' })
      expect(archived.body).toEqual([])
      const active = await listProjects(me.token, { search: marker, archived: 'false' })
      expect(active.body.length).toBe(mine.length + 1)
    })

    it('orders by created_at desc by default, and by id, name and path with sort', async () => {
      const byDefault = await listProjects(me.token, { owned: 'true' })
      expect(ids(byDefault.body)).toEqual(ids(mine).reverse())
      const idAsc = await listProjects(me.token, { owned: 'true', order_by: 'id', sort: 'asc' })
      expect(ids(idAsc.body)).toEqual(ids(mine).sort((a, b) => a - b))
      const nameAsc = await listProjects(me.token, { owned: 'true', order_by: 'name', sort: 'asc' })
      expect(nameAsc.body.map((p) => p.name)).toEqual(names(mine))
      const nameDesc = await listProjects(me.token, {
        owned: 'true',
        order_by: 'name',
        sort: 'desc',
      })
      expect(nameDesc.body.map((p) => p.name)).toEqual(names(mine).reverse())
      const pathAsc = await listProjects(me.token, { owned: 'true', order_by: 'path', sort: 'asc' })
      expect(pathAsc.body.map((p) => p.path)).toEqual(mine.map((p) => p.path).sort())
    })

    it('answers 400 for an order_by or sort GitLab does not have', async () => {
      const order = await listProjects(me.token, { order_by: 'nonsense' })
      expect(order.status).toBe(400)
      expect(order.body).toEqual({ error: 'order_by does not have a valid value' })
      const sort = await listProjects(me.token, { sort: 'sideways' })
      expect(sort.status).toBe(400)
      expect(sort.body).toEqual({ error: 'sort does not have a valid value' })
      const size = await listProjects(me.token, { order_by: 'repository_size' })
      expect(size.status).toBeLessThan(500)
    })

    it('id_after and id_before', async () => {
      const sorted = ids(mine).sort((a, b) => a - b)
      const middle = sorted[2] as number
      const after = await listProjects(me.token, { owned: 'true', id_after: middle })
      expect(ids(after.body).sort((a, b) => a - b)).toEqual(sorted.slice(3))
      const before = await listProjects(me.token, { owned: 'true', id_before: middle })
      expect(ids(before.body).sort((a, b) => a - b)).toEqual(sorted.slice(0, 2))
    })

    it('last_activity_after and last_activity_before', async () => {
      const past = new Date(Date.now() - 3_600_000).toISOString()
      const future = new Date(Date.now() + 3_600_000).toISOString()
      const recent = await listProjects(me.token, { owned: 'true', last_activity_after: past })
      expect(recent.body.length).toBe(mine.length)
      const none = await listProjects(me.token, { owned: 'true', last_activity_after: future })
      expect(none.body).toEqual([])
      const old = await listProjects(me.token, { owned: 'true', last_activity_before: past })
      expect(old.body).toEqual([])
    })

    it('updated_after and updated_before need order_by=updated_at', async () => {
      // lib/api/projects.rb#validate_updated_at_order_and_filter!
      const past = new Date(Date.now() - 3_600_000).toISOString()
      const unpaired = await listProjects(me.token, { owned: 'true', updated_after: past })
      expect(unpaired.status).toBe(400)
      expect(unpaired.body).toEqual({
        message: '400 Bad request - `updated_at` filter and `updated_at` sorting must be paired',
      })
      const paired = await listProjects(me.token, {
        owned: 'true',
        updated_after: past,
        order_by: 'updated_at',
      })
      expect(paired.status).toBe(200)
      expect(paired.body.length).toBe(mine.length)
      const none = await listProjects(me.token, {
        owned: 'true',
        updated_before: past,
        order_by: 'updated_at',
      })
      expect(none.body).toEqual([])
    })

    it('answers 400 for malformed filter values, never 5xx', async () => {
      for (const query of [
        { last_activity_after: 'yesterday-ish' },
        { id_after: 'abc' },
        { min_access_level: 7 },
        { visibility: 'secret' },
      ]) {
        const res = await listProjects(me.token, query)
        expect([query, res.status]).toEqual([query, 400])
      }
      const capped = await api<ProjectJson[]>('/projects', {
        token: me.token,
        query: { owned: 'true', per_page: 1_000_000 },
      })
      expect(capped.status).toBe(200)
      expect(capped.headers.get('x-per-page')).toBe('100')
      const huge = await listProjects(me.token, {
        id_after: '9'.repeat(30),
        search: 'x'.repeat(5000),
      })
      expect(huge.status).toBeLessThan(500)
    })

    it('simple=true gives the reduced shape', async () => {
      const res = await listProjects(me.token, { owned: 'true', simple: 'true' })
      expect(res.body.length).toBe(mine.length)
      for (const item of res.body) {
        for (const field of SIMPLE_FIELDS) expect(item).toHaveProperty(field)
        expect(item).toHaveProperty('visibility')
        const extra = Object.keys(item).filter(
          (key) => !SIMPLE_FIELDS.includes(key) && !SIMPLE_EXTRA.includes(key),
        )
        expect(extra).toEqual([])
      }
    })

    it('an anonymous caller sees only public projects, in the reduced shape', async () => {
      const res = await listProjects(undefined, { search: marker })
      expect(res.status).toBe(200)
      expect(names(res.body)).toEqual([`${marker} Alpha`])
      const item = res.body[0] as ProjectJson
      for (const field of SIMPLE_FIELDS) expect(item).toHaveProperty(field)
      expect(item).not.toHaveProperty('permissions')
      expect(item).not.toHaveProperty('open_issues_count')
    })

    it('offset pagination with GitLab headers', async () => {
      const res = await api<ProjectJson[]>('/projects', {
        token: me.token,
        query: { owned: 'true', per_page: 2, page: 2, order_by: 'id', sort: 'asc' },
      })
      expect(res.status).toBe(200)
      expect(res.body.length).toBe(2)
      expect(
        Object.fromEntries(
          ['x-page', 'x-per-page', 'x-total', 'x-total-pages', 'x-next-page', 'x-prev-page'].map(
            (h) => [h, res.headers.get(h)],
          ),
        ),
      ).toEqual({
        'x-page': '2',
        'x-per-page': '2',
        'x-total': '5',
        'x-total-pages': '3',
        'x-next-page': '3',
        'x-prev-page': '1',
      })
      const link = res.headers.get('link') ?? ''
      for (const rel of ['prev', 'next', 'first', 'last']) expect(link).toContain(`rel="${rel}"`)
      expect(link).toContain('owned=true')
    })

    it('keyset pagination: pagination=keyset&order_by=id, following rel="next" to the end', async () => {
      let url: string | null = new URL(
        `${baseUrl()}/api/v4/projects?pagination=keyset&order_by=id&sort=asc&per_page=2&owned=true`,
      ).toString()
      const seen: number[] = []
      let pages = 0
      while (url && pages < 10) {
        const res: Awaited<ReturnType<typeof api<ProjectJson[]>>> = await api<ProjectJson[]>(url, {
          token: me.token,
        })
        expect(res.status).toBe(200)
        seen.push(...ids(res.body))
        pages += 1
        const link = res.headers.get('link')
        const next = link?.match(/<([^>]+)>; rel="next"/)
        url = next ? (next[1] as string) : null
        if (url) {
          expect(link).toMatch(/^<[^>]+>; rel="next"$/)
          expect(new URL(url).searchParams.get('pagination')).toBe('keyset')
          expect(new URL(url).searchParams.get('id_after')).toBe(String(seen[seen.length - 1]))
        }
      }
      expect(seen).toEqual(ids(mine).sort((a, b) => a - b))
      expect(pages).toBeGreaterThanOrEqual(3)
    })

    it('keyset pagination with an order_by other than id answers 405', async () => {
      // lib/api/helpers/pagination_strategies.rb: error!('Keyset pagination is not yet available for this type of request', 405)
      const res = await listProjects(me.token, { pagination: 'keyset', order_by: 'star_count' })
      expect(res.status).toBe(405)
      expect(res.body).toEqual({
        error: 'Keyset pagination is not yet available for this type of request',
      })
    })
  })

  describe('GET /users/:user_id/projects', () => {
    it('lists the projects of the user namespace only, by id and by username', async () => {
      const user = await createUserWithToken()
      const own = await createProject(user.token, { visibility: 'public' })
      const group = await createGroup(user.token, { visibility: 'public' })
      await createProject(user.token, { namespace_id: group.id, visibility: 'public' })
      for (const key of [user.user.id, user.user.username]) {
        const res = await api<ProjectJson[]>(`/users/${key}/projects`, { token: rootToken() })
        expect(res.status).toBe(200)
        expect(ids(res.body)).toEqual([own.id])
      }
    })

    it('hides private projects from other users and answers 404 for an unknown user', async () => {
      const user = await createUserWithToken()
      const stranger = await createUserWithToken()
      const pub = await createProject(user.token, { visibility: 'public' })
      await createProject(user.token, { visibility: 'private' })
      const res = await api<ProjectJson[]>(`/users/${user.user.id}/projects`, {
        token: stranger.token,
      })
      expect(ids(res.body)).toEqual([pub.id])
      const anonymous = await api<ProjectJson[]>(`/users/${user.user.username}/projects`)
      expect(ids(anonymous.body)).toEqual([pub.id])
      const mine = await api<ProjectJson[]>(`/users/${user.user.id}/projects`, {
        token: user.token,
      })
      expect(mine.body.length).toBe(2)
      const missingUser = await api('/users/no-such-user-xyz/projects', { token: rootToken() })
      expect(missingUser.status).toBe(404)
      expect(missingUser.body).toEqual(notFound('User'))
    })
  })

  describe('POST /projects', () => {
    let creator: UserWithToken

    beforeAll(async () => {
      creator = await createUserWithToken()
    })

    it('answers 201 and derives the path from a name', async () => {
      const suffix = uniqueName('n')
      const res = await api<ProjectJson>('/projects', {
        method: 'POST',
        token: creator.token,
        body: { name: `My Fancy Project ${suffix}` },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        name: `My Fancy Project ${suffix}`,
        path: `my-fancy-project-${suffix}`,
        visibility: 'private',
        empty_repo: true,
        namespace: { kind: 'user', id: expect.any(Number), path: creator.user.username },
      })
      expect(typeMismatches(res.body, PROJECT_FIELDS)).toEqual([])
    })

    it('takes build_git_strategy, the merge train settings and show_default_award_emojis', async () => {
      const res = await api<ProjectJson>('/projects', {
        method: 'POST',
        token: creator.token,
        body: {
          name: uniqueName('ci'),
          build_git_strategy: 'clone',
          merge_pipelines_enabled: true,
          merge_trains_enabled: true,
          merge_trains_skip_train_allowed: true,
          show_default_award_emojis: false,
        },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        build_git_strategy: 'clone',
        merge_pipelines_enabled: true,
        merge_trains_enabled: true,
        merge_trains_skip_train_allowed: true,
        show_default_award_emojis: false,
      })
    })

    it('takes the name from a path', async () => {
      const path = uniqueName('only-path')
      const res = await api<ProjectJson>('/projects', {
        method: 'POST',
        token: creator.token,
        body: { path },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ name: path, path })
    })

    it('answers 400 without name and path', async () => {
      const res = await api('/projects', { method: 'POST', token: creator.token, body: {} })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        error: 'name, path are missing, at least one parameter must be provided',
      })
    })

    it('answers 401 without a token', async () => {
      const res = await api('/projects', { method: 'POST', body: { name: uniqueName('anon') } })
      expect(res.status).toBe(401)
      expect(res.body).toEqual(UNAUTHORIZED)
    })

    it.each(['bad path!', '-leading', 'trailing.', 'dots..inside', 'x.git', '../escape', 'a/b'])(
      'answers 400 with a path error for the path %j',
      async (path) => {
        const res = await api<{ message: Record<string, string[]> }>('/projects', {
          method: 'POST',
          token: creator.token,
          body: { name: uniqueName('bad'), path },
        })
        expect(res.status).toBe(400)
        expect(res.body.message.path).toEqual(expect.arrayContaining([expect.any(String)]))
      },
    )

    it('answers 400 "has already been taken" for a path in use', async () => {
      const existing = await createProject(creator.token)
      const res = await api<{ message: Record<string, string[]> }>('/projects', {
        method: 'POST',
        token: creator.token,
        body: { name: uniqueName('other'), path: existing.path },
      })
      expect(res.status).toBe(400)
      expect(res.body.message.path).toContain('has already been taken')
    })

    it('answers 400 for a visibility GitLab does not have', async () => {
      const res = await api<ErrorJson>('/projects', {
        method: 'POST',
        token: creator.token,
        body: { name: uniqueName('vis'), visibility: 'secret' },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ error: 'visibility does not have a valid value' })
    })

    describe('namespace_id of a group (project_creation_level: developer, the default)', () => {
      let groupOwner: UserWithToken
      let groupId: number
      const members: Partial<
        Record<'guest' | 'reporter' | 'developer' | 'maintainer', UserWithToken>
      > = {}

      beforeAll(async () => {
        groupOwner = await createUserWithToken()
        const group = await createGroup(groupOwner.token)
        groupId = group.id
        const levels = {
          guest: GUEST,
          reporter: REPORTER,
          developer: DEVELOPER,
          maintainer: MAINTAINER,
        }
        for (const [role, level] of Object.entries(levels)) {
          const member = await createUserWithToken()
          await addMember(group.id, member.user.id, level)
          members[role as keyof typeof levels] = member
        }
      })

      it.each(['developer', 'maintainer'] as const)(
        'a %s creates a project in it',
        async (role) => {
          const res = await api<ProjectJson>('/projects', {
            method: 'POST',
            token: (members[role] as UserWithToken).token,
            body: { name: uniqueName(role), namespace_id: groupId },
          })
          expect(res.status).toBe(201)
          expect(res.body.namespace).toMatchObject({ id: groupId, kind: 'group' })
          expect(res.body).not.toHaveProperty('owner')
        },
      )

      it.each(['guest', 'reporter'] as const)(
        'a %s gets 400 {"namespace":["is not valid"]}',
        async (role) => {
          const res = await api<{ message: Record<string, string[]> }>('/projects', {
            method: 'POST',
            token: (members[role] as UserWithToken).token,
            body: { name: uniqueName(role), namespace_id: groupId },
          })
          expect(res.status).toBe(400)
          expect(res.body.message.namespace).toEqual(['is not valid'])
        },
      )

      it('a non-member gets 400 too', async () => {
        const outsider = await createUserWithToken()
        const res = await api<{ message: Record<string, string[]> }>('/projects', {
          method: 'POST',
          token: outsider.token,
          body: { name: uniqueName('outsider'), namespace_id: groupId },
        })
        expect(res.status).toBe(400)
        expect(res.body.message.namespace).toEqual(['is not valid'])
      })
    })

    it('initialize_with_readme makes a first commit on main', async () => {
      const res = await api<ProjectJson>('/projects', {
        method: 'POST',
        token: creator.token,
        body: { name: uniqueName('readme'), initialize_with_readme: true },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ empty_repo: false, default_branch: 'main' })
      expect(res.body.readme_url).toBe(`${res.body.web_url}/-/blob/main/README.md`)
      const commits = await api<{ title: string }[]>(
        `/projects/${res.body.id}/repository/commits`,
        { token: creator.token },
      )
      expect(commits.status).toBe(200)
      expect(commits.body.map((c) => c.title)).toEqual(['Initial commit'])
    })

    it('initialize_with_readme with default_branch puts the commit on that branch', async () => {
      const res = await api<ProjectJson>('/projects', {
        method: 'POST',
        token: creator.token,
        body: { name: uniqueName('trunk'), initialize_with_readme: true, default_branch: 'trunk' },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ empty_repo: false, default_branch: 'trunk' })
      expect(res.body.readme_url).toBe(`${res.body.web_url}/-/blob/trunk/README.md`)
      const branch = await api(`/projects/${res.body.id}/repository/branches/trunk`, {
        token: creator.token,
      })
      expect(branch.status).toBe(200)
    })

    it('an invalid default_branch with initialize_with_readme is a 400 and leaves no project', async () => {
      const name = uniqueName('badbranch')
      const res = await api('/projects', {
        method: 'POST',
        token: creator.token,
        body: { name, initialize_with_readme: true, default_branch: 'bad..name' },
      })
      expect(res.status).toBe(400)
      expect(res.body).toHaveProperty('message')
      const again = await api<ProjectJson>('/projects', {
        method: 'POST',
        token: creator.token,
        body: { name },
      })
      expect(again.status).toBe(201)
    })

    it('default_branch without initialize_with_readme leaves the repository empty', async () => {
      const res = await api<ProjectJson>('/projects', {
        method: 'POST',
        token: creator.token,
        body: { name: uniqueName('nobranch'), default_branch: 'trunk' },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ empty_repo: true, readme_url: null })
    })

    // GitLab has no mutual exclusion of the two (lib/api/projects.rb); the document
    // only warns that the import may then fail. Asserted: no 5xx, a JSON answer.
    it('initialize_with_readme together with import_url never answers 5xx', async () => {
      const res = await api('/projects', {
        method: 'POST',
        token: creator.token,
        body: {
          name: uniqueName('conflict'),
          initialize_with_readme: true,
          import_url: 'https://example.com/some/repo.git',
        },
      })
      expect(res.status).toBeLessThan(500)
      expect(res.headers.get('content-type')).toBe('application/json')
    })

    it('persists topics (and tag_list as their alias)', async () => {
      const viaTopics = await createProject(creator.token, { topics: ['ruby', 'api'] })
      expect(viaTopics.topics).toEqual(['api', 'ruby'])
      expect(viaTopics.tag_list).toEqual(['api', 'ruby'])
      const viaTagList = await createProject(creator.token, { tag_list: ['legacy'] })
      expect(viaTagList.topics).toEqual(['legacy'])
    })

    it('persists and returns the settings of the creation table', async () => {
      const settings = {
        description: 'Settings test',
        visibility: 'internal',
        merge_method: 'ff',
        squash_option: 'always',
        auto_devops_deploy_strategy: 'manual',
        auto_devops_enabled: false,
        build_timeout: 7200,
        ci_config_path: 'ci/pipeline.yml',
        allow_merge_on_skipped_pipeline: true,
        autoclose_referenced_issues: false,
        emails_enabled: false,
        group_runners_enabled: false,
        lfs_enabled: false,
        only_allow_merge_if_all_discussions_are_resolved: true,
        only_allow_merge_if_pipeline_succeeds: true,
        printing_merge_request_link_enabled: false,
        public_jobs: false,
        remove_source_branch_after_merge: false,
        request_access_enabled: false,
        resolve_outdated_diff_discussions: true,
        shared_runners_enabled: false,
        warn_about_potentially_unwanted_characters: false,
        issues_access_level: 'private',
        wiki_access_level: 'disabled',
        pages_access_level: 'public',
        snippets_access_level: 'enabled',
        package_registry_access_level: 'disabled',
        container_expiration_policy_attributes: { cadence: '7d', keep_n: 5, enabled: true },
      }
      const created = await createProject(creator.token, settings)
      const { container_expiration_policy_attributes: _cep, ...plain } = settings
      expect(created).toMatchObject(plain)
      expect(created.container_expiration_policy).toMatchObject({
        cadence: '7d',
        keep_n: 5,
        enabled: true,
      })
      expect(created).toMatchObject({ wiki_enabled: false, emails_disabled: true })
      const read = await getProject(created.id, creator.token)
      expect(read.body).toMatchObject(plain)
    })

    it('answers 400 for an access level value GitLab does not have', async () => {
      const res = await api<ErrorJson>('/projects', {
        method: 'POST',
        token: creator.token,
        body: { name: uniqueName('lvl'), issues_access_level: 'public' },
      })
      expect(res.status).toBe(400)
    })
  })

  describe('POST /projects/user/:user_id', () => {
    it('lets an admin create a project owned by another user', async () => {
      const user = await createUser()
      const res = await api<ProjectJson>(`/projects/user/${user.id}`, {
        method: 'POST',
        token: rootToken(),
        body: { name: `For ${user.username}` },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        name: `For ${user.username}`,
        path: `for-${user.username}`,
        creator_id: user.id,
        namespace: { kind: 'user', path: user.username },
        owner: { id: user.id },
      })
    })

    it('takes the creation attributes but ignores container_expiration_policy_attributes', async () => {
      // Not declared by this endpoint (lib/api/projects.rb), unlike POST /projects.
      const user = await createUser()
      const res = await api<ProjectJson>(`/projects/user/${user.id}`, {
        method: 'POST',
        token: rootToken(),
        body: {
          name: uniqueName('policy'),
          merge_commit_template: 'Merge %{source_branch}',
          enforce_auth_checks_on_uploads: false,
          container_expiration_policy_attributes: { cadence: '7d', keep_n: 5 },
        },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        merge_commit_template: 'Merge %{source_branch}',
        enforce_auth_checks_on_uploads: false,
        container_expiration_policy: { cadence: '1d', keep_n: 10 },
      })
    })

    it('is forbidden (403) to non-admins and 404 for an unknown user', async () => {
      const { user, token } = await createUserWithToken()
      const res = await api(`/projects/user/${user.id}`, {
        method: 'POST',
        token,
        body: { name: uniqueName('mine') },
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
      const unknown = await api('/projects/user/999999999', {
        method: 'POST',
        token: rootToken(),
        body: { name: uniqueName('ghost') },
      })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual(notFound('User'))
    })

    it('requires name (400 "name is missing")', async () => {
      const user = await createUser()
      const res = await api(`/projects/user/${user.id}`, {
        method: 'POST',
        token: rootToken(),
        body: { path: uniqueName('nameless') },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual(missing('name'))
    })
  })

  describe('PUT /projects/:id', () => {
    let cast: RoleCast
    let project: ProjectJson

    beforeAll(async () => {
      cast = await castRoles()
      project = await projectForCast(cast, { topics: ['one', 'two'] })
    })

    it.each(['maintainer', 'owner'] as const)('a %s edits the project', async (role) => {
      const description = `edited by ${role}`
      const res = await api<ProjectJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast[role].token,
        body: { description, merge_method: 'rebase_merge' },
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: project.id, description, merge_method: 'rebase_merge' })
    })

    it.each(['developer', 'reporter', 'guest'] as const)('a %s gets 403', async (role) => {
      const res = await api(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast[role].token,
        body: { description: 'nope' },
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })

    it('ignores the admin-only repository_storage from a non-admin', async () => {
      // lib/api/helpers/projects_helpers.rb#verify_update_project_attrs!
      const before = await getProject(project.id, rootToken())
      const res = await api(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: { repository_storage: 'elsewhere', description: 'storage untouched' },
      })
      expect(res.status).toBe(200)
      const after = await getProject(project.id, rootToken())
      expect(after.body.repository_storage).toBe(before.body.repository_storage)
    })

    it('an administrator who is not a member edits it', async () => {
      const res = await api<ProjectJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { description: 'edited by an admin' },
      })
      expect(res.status).toBe(200)
      expect(res.body.description).toBe('edited by an admin')
    })

    it('a non-member of a private project gets 404', async () => {
      const res = await api(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast.stranger.token,
        body: { description: 'nope' },
      })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(PROJECT_NOT_FOUND)
    })

    it('replaces all topics and moves updated_at', async () => {
      const before = await getProject(project.id, cast.owner.token)
      const res = await api<ProjectJson>(`/projects/${encodedPath(project)}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: { topics: ['three'] },
      })
      expect(res.status).toBe(200)
      expect(res.body.topics).toEqual(['three'])
      expect(res.body.tag_list).toEqual(['three'])
      expect(Date.parse(res.body.updated_at as string)).toBeGreaterThanOrEqual(
        Date.parse(before.body.updated_at as string),
      )
    })

    it('changes visibility, which changes who can read it', async () => {
      const res = await api<ProjectJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: { visibility: 'public' },
      })
      expect(res.status).toBe(200)
      expect(res.body.visibility).toBe('public')
      expect((await getProject(project.id)).status).toBe(200)
      await api(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: { visibility: 'private' },
      })
      expect((await getProject(project.id)).status).toBe(404)
    })

    it('renames name and path; the new path resolves', async () => {
      const owned = await createProject(cast.owner.token)
      const path = uniqueName('renamed')
      const res = await api<ProjectJson>(`/projects/${owned.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: { name: `Renamed ${path}`, path },
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        name: `Renamed ${path}`,
        path,
        path_with_namespace: `${cast.owner.user.username}/${path}`,
      })
      const byPath = await getProject(
        encodeURIComponent(`${cast.owner.user.username}/${path}`),
        cast.owner.token,
      )
      expect(byPath.body.id).toBe(owned.id)
    })

    it('changes default_branch to an existing branch', async () => {
      const withRepo = await createProject(cast.owner.token, { initialize_with_readme: true })
      const created = await api(`/projects/${withRepo.id}/repository/branches`, {
        method: 'POST',
        token: cast.owner.token,
        body: { branch: 'develop', ref: 'main' },
      })
      expect(created.status).toBe(201)
      const res = await api<ProjectJson>(`/projects/${withRepo.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: { default_branch: 'develop' },
      })
      expect(res.status).toBe(200)
      expect(res.body.default_branch).toBe('develop')
      const branch = await api<{ default: boolean }>(
        `/projects/${withRepo.id}/repository/branches/develop`,
        { token: cast.owner.token },
      )
      expect(branch.body.default).toBe(true)
    })

    it('takes the edit-only attributes', async () => {
      const res = await api<ProjectJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: {
          ci_default_git_depth: 10,
          keep_latest_artifact: false,
          ci_separated_caches: false,
          service_desk_enabled: false,
          ci_forward_deployment_enabled: false,
          ci_pipeline_variables_minimum_override_role: 'maintainer',
          ci_id_token_sub_claim_components: ['project_path', 'ref_type'],
          suggestion_commit_message: 'Apply %{suggestions_count} suggestion(s)',
        },
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        ci_default_git_depth: 10,
        keep_latest_artifact: false,
        ci_separated_caches: false,
        ci_forward_deployment_enabled: false,
        ci_pipeline_variables_minimum_override_role: 'maintainer',
        ci_id_token_sub_claim_components: ['project_path', 'ref_type'],
        suggestion_commit_message: 'Apply %{suggestions_count} suggestion(s)',
      })
    })

    it('starts a new project with the sub claim components project_path, ref_type, ref', async () => {
      // ProjectCiCdSetting: id_token_sub_claim_components defaults to %w[project_path ref_type ref].
      const fresh = await projectForCast(cast)
      const res = await api<ProjectJson>(`/projects/${fresh.id}`, { token: cast.owner.token })
      expect(res.status).toBe(200)
      expect(res.body.ci_id_token_sub_claim_components).toEqual(['project_path', 'ref_type', 'ref'])
    })

    it.each([
      [['ref'], 'project_path must be the first element of the sub claim'],
      [['project_path', 'branch'], 'branch is not an allowed sub claim component'],
    ])('refuses ci_id_token_sub_claim_components %j with 400', async (components, message) => {
      const res = await api<ErrorJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: { ci_id_token_sub_claim_components: components },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        message: { 'ci_cd_settings.id_token_sub_claim_components': [message] },
      })
    })

    it.each([
      ['build_git_strategy', 'clone'],
      ['max_artifacts_size', 50],
      ['ci_delete_pipelines_in_seconds', 86400],
      ['merge_pipelines_enabled', true],
      ['merge_trains_enabled', true],
      ['merge_trains_skip_train_allowed', true],
      ['show_default_award_emojis', false],
      ['prevent_merge_without_tracker_issue', true],
      ['spp_repository_pipeline_access', true],
      ['auto_svc_code_review_enabled', true],
      ['svc_remote_flows_enabled', false],
    ] as const)('takes %s on its own and keeps it', async (name, value) => {
      const res = await api<ProjectJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: { [name]: value },
      })
      expect(res.status).toBe(200)
      expect(res.body[name]).toEqual(value)
      const read = await api<ProjectJson>(`/projects/${project.id}`, { token: cast.owner.token })
      expect(read.body[name]).toEqual(value)
    })

    it.each([
      ['mirror_user_id', 'owner'],
      ['repository_storage', 'default'],
    ] as const)('takes %s from an administrator on its own', async (name, value) => {
      const wanted = value === 'owner' ? cast.owner.user.id : value
      const res = await api<ProjectJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { [name]: wanted },
      })
      expect(res.status).toBe(200)
      const read = await api<ProjectJson>(`/projects/${project.id}`, { token: rootToken() })
      expect(read.body[name]).toEqual(wanted)
    })

    it('refuses a repository_storage that does not exist', async () => {
      const res = await api<ErrorJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { repository_storage: 'nfs-2' },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: { repository_storage: ['is not included in the list'] } })
    })

    it('ignores mirror_user_id from a non-administrator', async () => {
      const fresh = await projectForCast(cast)
      const res = await api<ProjectJson>(`/projects/${fresh.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: { mirror_user_id: cast.maintainer.user.id },
      })
      expect(res.status).toBe(200)
      expect(res.body.mirror_user_id).toBeNull()
    })

    it('refuses a build_git_strategy other than fetch or clone', async () => {
      const res = await api<ErrorJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: { build_git_strategy: 'copy' },
      })
      expect(res.status).toBe(400)
    })

    it("starts a new project with GitLab's CI and merge defaults", async () => {
      const fresh = await projectForCast(cast)
      const res = await api<ProjectJson>(`/projects/${fresh.id}`, { token: cast.owner.token })
      expect(res.body).toMatchObject({
        build_git_strategy: 'fetch',
        max_artifacts_size: null,
        ci_delete_pipelines_in_seconds: null,
        merge_pipelines_enabled: false,
        merge_trains_enabled: false,
        merge_trains_skip_train_allowed: false,
        show_default_award_emojis: true,
      })
    })

    it('answers 400 "at least one parameter must be provided" for an empty edit', async () => {
      const res = await api<ErrorJson>(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: {},
      })
      expect(res.status).toBe(400)
      expect(String(res.body.error)).toMatch(/at least one parameter must be provided$/)
    })

    it('answers 400 for an invalid path in an edit', async () => {
      const res = await api<{ message: Record<string, string[]> }>(`/projects/${project.id}`, {
        method: 'PUT',
        token: cast.owner.token,
        body: { path: '../../etc' },
      })
      expect(res.status).toBe(400)
      expect(res.body.message.path).toEqual(expect.arrayContaining([expect.any(String)]))
    })
  })
})

describe('GET /projects: similarity, size orders, ignored filters and the offset limit', () => {
  let me: UserWithToken
  let other: UserWithToken
  let marker: string
  let exact: ProjectJson
  let prefix: ProjectJson
  let substring: ProjectJson
  let inDescription: ProjectJson
  let othersPublic: ProjectJson

  beforeAll(async () => {
    ;[me, other] = await Promise.all([createUserWithToken(), createUserWithToken()])
    marker = uniqueName('sim').replace(/-/g, '')
    substring = await createProject(me.token, { path: `x-${marker}`, visibility: 'public' })
    inDescription = await createProject(me.token, {
      path: uniqueName('desc'),
      description: `about ${marker}`,
    })
    prefix = await createProject(me.token, { path: `${marker}-tail` })
    exact = await createProject(me.token, { path: marker })
    othersPublic = await createProject(other.token, { path: marker, visibility: 'public' })
  })

  const byDefault = (projects: ProjectJson[]) => ids(projects)

  it('order_by=similarity ranks exact, prefix, then substring matches among member projects', async () => {
    const res = await listProjects(me.token, { search: marker, order_by: 'similarity' })
    expect(res.status).toBe(200)
    expect(ids(res.body)).toEqual([exact.id, prefix.id, inDescription.id, substring.id])
    const asc = await listProjects(me.token, {
      search: marker,
      order_by: 'similarity',
      sort: 'asc',
    })
    expect(ids(asc.body)).toEqual(ids(res.body))
  })

  it('order_by=similarity without a search, or signed out, is the default order', async () => {
    const plain = await listProjects(me.token, { owned: 'true' })
    const noSearch = await listProjects(me.token, { owned: 'true', order_by: 'similarity' })
    expect(noSearch.status).toBe(200)
    expect(byDefault(noSearch.body)).toEqual(byDefault(plain.body))
    const anonymous = await listProjects(undefined, { search: marker, order_by: 'similarity' })
    expect(anonymous.status).toBe(200)
    expect(ids(anonymous.body)).toEqual([othersPublic.id, substring.id])
  })

  it('the size orders fall back to the default order, for administrators too', async () => {
    const plain = await listProjects(me.token, { owned: 'true' })
    for (const order_by of ['repository_size', 'storage_size', 'packages_size', 'wiki_size']) {
      const res = await listProjects(me.token, { owned: 'true', order_by })
      expect([order_by, res.status, ids(res.body)]).toEqual([order_by, 200, ids(plain.body)])
    }
    const adminPlain = await listProjects(rootToken(), { search: marker })
    const adminSized = await listProjects(rootToken(), {
      search: marker,
      order_by: 'repository_size',
    })
    expect(ids(adminSized.body)).toEqual(ids(adminPlain.body))
  })

  it('custom_attributes and repository_storage filter for administrators only', async () => {
    const all = await listProjects(rootToken(), { search: marker })
    expect(all.body.length).toBe(5)
    const custom = await listProjects(rootToken(), {
      search: marker,
      'custom_attributes[team]': 'red',
    })
    expect([custom.status, custom.body]).toEqual([200, []])
    const mineCustom = await listProjects(me.token, {
      search: marker,
      owned: 'true',
      'custom_attributes[team]': 'red',
    })
    expect(mineCustom.body.length).toBe(4)
    const inDefault = await listProjects(rootToken(), {
      search: marker,
      repository_storage: 'default',
    })
    expect(ids(inDefault.body)).toEqual(ids(all.body))
    const elsewhere = await listProjects(rootToken(), { search: marker, repository_storage: 'nfs' })
    expect([elsewhere.status, elsewhere.body]).toEqual([200, []])
    const mineElsewhere = await listProjects(me.token, {
      search: marker,
      owned: 'true',
      repository_storage: 'nfs',
    })
    expect(mineElsewhere.body.length).toBe(4)
  })

  it('marked_for_deletion_on matches nothing; include_hidden and include_pending_delete change nothing', async () => {
    const marked = await listProjects(me.token, {
      owned: 'true',
      marked_for_deletion_on: '2024-01-01',
    })
    expect([marked.status, marked.body]).toEqual([200, []])
    const bad = await api<ErrorJson>('/projects', {
      token: me.token,
      query: { marked_for_deletion_on: 'soon' },
    })
    expect([bad.status, bad.body.error]).toEqual([400, 'marked_for_deletion_on is invalid'])
    const plain = await listProjects(rootToken(), { search: marker })
    const included = await listProjects(rootToken(), {
      search: marker,
      include_hidden: 'true',
      include_pending_delete: 'true',
    })
    expect(ids(included.body)).toEqual(ids(plain.body))
  })

  it('answers 405 past 50,000 projects of offset pagination, pointing to keyset', async () => {
    const last = await listProjects(me.token, { page: 500, per_page: 100 })
    expect(last.status).toBe(200)
    for (const path of ['/projects', `/users/${me.user.id}/projects`]) {
      const beyond = await api<ErrorJson>(path, {
        token: me.token,
        query: { page: 501, per_page: 100 },
      })
      expect([path, beyond.status, beyond.body.error]).toEqual([
        path,
        405,
        'Offset pagination has a maximum allowed offset of 50000 for requests that return ' +
          'objects of type Project. Remaining records can be retrieved using keyset pagination.',
      ])
    }
    const keyset = await listProjects(me.token, {
      pagination: 'keyset',
      order_by: 'id',
      page: 501,
      per_page: 100,
    })
    expect(keyset.status).toBe(200)
  })
})
