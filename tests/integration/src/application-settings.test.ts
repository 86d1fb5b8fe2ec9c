import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import {
  createGroup,
  createToken,
  createUser,
  createUserWithToken,
  uniqueName,
  type UserWithToken,
} from './support/factories'
import { describeUnless } from './support/skip'
import {
  privateRedisUnavailable,
  startPrivateSuite,
  type PrivateSuite,
} from './support/private-suite'
import { baseUrl, rootToken } from './support/suite-state'
import type { GroupJson, ProjectJson } from './support/types'

type Settings = Record<string, unknown>

function put(body: Record<string, unknown>, token = rootToken()) {
  return api<Settings>('/application/settings', { method: 'PUT', token, body })
}

/** PUT /application/settings that must be kept: a refusal is the test's failure. */
async function set(body: Record<string, unknown>): Promise<void> {
  const res = await put(body)
  expect([res.status, res.text]).toEqual([200, expect.any(String)])
}

function createProject(token: string, body: Record<string, unknown>) {
  return api<ProjectJson>('/projects', { method: 'POST', token, body })
}

const AT_LIMIT_OF = (limit: number) =>
  `You've reached your limit of ${limit} projects created. Contact your GitLab administrator.`
const NO_PERSONAL_PROJECTS =
  'You cannot create projects in your personal namespace. Contact your GitLab administrator.'

/**
 * GET and PUT /application/settings (lib/api/settings.rb): the whole
 * ApplicationSetting entity with GitLab's defaults, PUT keeps what it sets,
 * and the project settings this suite acts on take effect.
 */
describe('/application/settings', () => {
  let user: UserWithToken

  beforeAll(async () => {
    user = await createUserWithToken()
  })

  it('answers the whole entity with GitLab’s defaults, to administrators only', async () => {
    const res = await api<Settings>('/application/settings', { token: rootToken() })
    expect(res.status).toBe(200)
    expect(res.body).toEqual(
      expect.objectContaining({
        id: 1,
        default_projects_limit: 100000,
        signup_enabled: true,
        default_project_visibility: 'private',
        default_group_visibility: 'private',
        restricted_visibility_levels: [],
        allow_local_requests_from_web_hooks_and_services: expect.any(Boolean),
        throttle_authenticated_api_enabled: false,
        throttle_authenticated_api_requests_per_period: 7200,
        import_sources: expect.arrayContaining(['github', 'gitlab_project']),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      }),
    )
    const mine = await api('/application/settings', { token: user.token })
    expect([mine.status, mine.body]).toEqual([403, { message: '403 Forbidden' }])
  })

  it('keeps what PUT sets, in a form too, and shows it with the rest', async () => {
    const res = await api<Settings>('/application/settings', {
      method: 'PUT',
      token: rootToken(),
      form: {
        default_projects_limit: '42',
        signup_enabled: 'false',
        'import_sources[]': 'github',
        home_page_url: 'https://example.com/home',
      },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      default_projects_limit: 42,
      signup_enabled: false,
      import_sources: ['github'],
      home_page_url: 'https://example.com/home',
      default_group_visibility: 'private',
    })
    const client = new Gitlab({ host: baseUrl(), token: rootToken() })
    const shown = (await client.ApplicationSettings.show()) as unknown as Settings
    expect(shown).toMatchObject({ default_projects_limit: 42, signup_enabled: false })
    await put({ default_projects_limit: 100000, signup_enabled: true })
  })

  it('refuses bad types and values with GitLab’s 400 bodies and keeps nothing', async () => {
    const garbage = await put({ default_projects_limit: 'many' })
    expect([garbage.status, garbage.body]).toEqual([
      400,
      { error: 'default_projects_limit is invalid' },
    ])
    const unknown = await put({ default_project_visibility: 'secret' })
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { error: 'default_project_visibility does not have a valid value' },
    ])
    const negative = await put({ default_projects_limit: -1, signup_enabled: false })
    expect([negative.status, negative.body]).toEqual([
      400,
      { message: { default_projects_limit: ['must be greater than or equal to 0'] } },
    ])
    const after = await api<Settings>('/application/settings', { token: rootToken() })
    expect(after.body).toMatchObject({ default_projects_limit: 100000, signup_enabled: true })
    const branch = await put({ default_branch_name: 'bad..name' })
    expect([branch.status, branch.body]).toEqual([
      400,
      { message: { default_branch_name: ['is invalid'] } },
    ])
  })

  it('holds personal projects to the creator’s projects_limit; group projects are free', async () => {
    const owner = await createUser({ projects_limit: 1 })
    const { token } = await createToken(owner.id)
    const first = await createProject(token, { name: uniqueName('first') })
    expect(first.status).toBe(201)

    const second = await createProject(token, { name: uniqueName('second') })
    expect([second.status, second.body]).toEqual([403, { message: [AT_LIMIT_OF(1)] }])
    const named = await createProject(token, {
      name: uniqueName('named'),
      namespace_id: first.body.namespace.id,
    })
    expect([named.status, named.body]).toEqual([403, { message: [AT_LIMIT_OF(1)] }])
    const client = new Gitlab({ host: baseUrl(), token })
    await expect(client.Projects.create({ name: uniqueName('gitbeaker') })).rejects.toMatchObject({
      cause: { response: { status: 403 } },
    })

    const group: GroupJson = await createGroup(token)
    const inGroup = await createProject(token, {
      name: uniqueName('grouped'),
      namespace_id: group.id,
    })
    expect(inGroup.status).toBe(201)
    const fork = await api(`/projects/${inGroup.body.id}/fork`, { method: 'POST', token })
    expect([fork.status, fork.body]).toEqual([
      409,
      { message: { limit_reached: [AT_LIMIT_OF(1)] } },
    ])
    const forkToGroup = await api<ProjectJson>(`/projects/${inGroup.body.id}/fork`, {
      method: 'POST',
      token,
      body: { namespace_id: group.id, path: uniqueName('fork'), name: uniqueName('fork') },
    })
    expect(forkToGroup.status).toBe(201)
    // NamespacePolicy withholds transfer_projects into the personal namespace as well.
    const moved = await api(`/projects/${inGroup.body.id}/transfer`, {
      method: 'PUT',
      token,
      body: { namespace: first.body.namespace.id },
    })
    expect([moved.status, moved.body]).toEqual([
      400,
      {
        message:
          'Failed to transfer project {:new_namespace=>["You don\'t have permission to transfer projects into that namespace."]}',
      },
    ])
  })

  it('takes a projects_limit changed by PUT /users/:id at once, 0 forbidding any', async () => {
    const owner = await createUser({ projects_limit: 5 })
    const { token } = await createToken(owner.id)
    const changed = await api<{ projects_limit: number }>(`/users/${owner.id}`, {
      method: 'PUT',
      token: rootToken(),
      body: { projects_limit: 0 },
    })
    expect([changed.status, changed.body.projects_limit]).toEqual([200, 0])
    const shown = await api<{ projects_limit: number }>(`/users/${owner.id}`, {
      token: rootToken(),
    })
    expect(shown.body.projects_limit).toBe(0)

    const refused = await createProject(token, { name: uniqueName('none') })
    expect([refused.status, refused.body]).toEqual([403, { message: [NO_PERSONAL_PROJECTS] }])
    // An administrator creating for the user meets the user's limit, as a field error.
    const forUser = await api(`/projects/user/${owner.id}`, {
      method: 'POST',
      token: rootToken(),
      body: { name: uniqueName('for-user') },
    })
    expect([forUser.status, forUser.body]).toEqual([
      400,
      { message: { limit_reached: [NO_PERSONAL_PROJECTS] } },
    ])

    await api(`/users/${owner.id}`, {
      method: 'PUT',
      token: rootToken(),
      body: { projects_limit: 1 },
    })
    const allowed = await createProject(token, { name: uniqueName('one') })
    expect(allowed.status).toBe(201)
  })
})

/**
 * The settings that change what others get act on the instance: on a suite
 * of this test's own, so that no other test meets them.
 */
describeUnless(privateRedisUnavailable(), 'application-settings.test.ts')(
  '/application/settings in effect',
  () => {
    let suite: PrivateSuite
    let user: UserWithToken

    beforeAll(async () => {
      suite = await startPrivateSuite()
      user = await createUserWithToken()
      // Its start may take up to 240 s beside the replicas pass's shared suite (private-suite.ts).
    }, 300_000)

    afterAll(async () => {
      await suite?.stop()
    }, 60_000)

    it('gives new projects default_project_visibility when they name none', async () => {
      await put({ default_project_visibility: 'internal' })
      const created = await api<ProjectJson>('/projects', {
        method: 'POST',
        token: user.token,
        body: { name: uniqueName('defaults') },
      })
      expect([created.status, created.body.visibility]).toEqual([201, 'internal'])
      await put({ default_project_visibility: 'private' })
    })

    it('gives users created without projects_limit default_projects_limit', async () => {
      await put({ default_projects_limit: 3 })
      const name = uniqueName('limited')
      const created = await api<{ projects_limit: number }>('/users', {
        method: 'POST',
        token: rootToken(),
        body: {
          username: name,
          name,
          email: `${name}@example.com`,
          password: 'a-long-passw0rd!',
          skip_confirmation: true,
        },
      })
      expect([created.status, created.body.projects_limit]).toEqual([201, 3])
      await put({ default_projects_limit: 100000 })
    })

    it('gives new groups default_group_visibility when they name none', async () => {
      await set({ default_group_visibility: 'internal' })
      try {
        const group = await createGroup(user.token)
        expect(group.visibility).toBe('internal')
        const named = await createGroup(user.token, { visibility: 'private' })
        expect(named.visibility).toBe('private')
      } finally {
        await set({ default_group_visibility: 'private' })
      }
      expect((await createGroup(user.token)).visibility).toBe('private')
    })

    it('starts new repositories on default_branch_name', async () => {
      await set({ default_branch_name: 'trunk' })
      try {
        const created = await createProject(user.token, {
          name: uniqueName('trunk'),
          initialize_with_readme: true,
        })
        expect([created.status, created.body.default_branch]).toEqual([201, 'trunk'])
        const branches = await api<{ name: string }[]>(
          `/projects/${created.body.id}/repository/branches`,
          { token: user.token },
        )
        expect(branches.body.map((branch) => branch.name)).toEqual(['trunk'])
        const named = await createProject(user.token, {
          name: uniqueName('named'),
          initialize_with_readme: true,
          default_branch: 'develop',
        })
        expect(named.body.default_branch).toBe('develop')
      } finally {
        await set({ default_branch_name: '' })
      }
      const after = await createProject(user.token, {
        name: uniqueName('main'),
        initialize_with_readme: true,
      })
      expect(after.body.default_branch).toBe('main')
    })

    it('refuses an import_url when import_sources leaves out git', async () => {
      const defaults = await api<Settings>('/application/settings', { token: rootToken() })
      const sources = defaults.body['import_sources']
      await set({ import_sources: ['github'] })
      try {
        const refused = await createProject(user.token, {
          name: uniqueName('imported'),
          import_url: 'https://example.com/group/project.git',
        })
        expect([refused.status, refused.body]).toEqual([403, { message: '403 Forbidden' }])
        const plain = await createProject(user.token, { name: uniqueName('plain') })
        expect(plain.status).toBe(201)
      } finally {
        await set({ import_sources: sources })
      }
    })

    it('refuses restricted levels to users on group and project changes; admins may', async () => {
      await set({ restricted_visibility_levels: ['internal'] })
      const restricted = 'Internal has been restricted by your GitLab administrator'
      try {
        const refused = await api('/groups', {
          method: 'POST',
          token: user.token,
          body: { name: uniqueName('g'), path: uniqueName('g'), visibility: 'internal' },
        })
        expect([refused.status, refused.body]).toEqual([
          400,
          { message: `Failed to save group {:visibility_level=>["${restricted}"]}` },
        ])
        const group = await createGroup(user.token, { visibility: 'private' })
        const raise = await api(`/groups/${group.id}`, {
          method: 'PUT',
          token: user.token,
          body: { visibility: 'internal' },
        })
        expect([raise.status, raise.body]).toEqual([
          400,
          { message: { visibility_level: [restricted] } },
        ])
        const byAdmin = await api<GroupJson>(`/groups/${group.id}`, {
          method: 'PUT',
          token: rootToken(),
          body: { visibility: 'internal' },
        })
        expect([byAdmin.status, byAdmin.body.visibility]).toEqual([200, 'internal'])
        // Unchanged, the level is no change: other attributes still save.
        const renamed = await api<GroupJson>(`/groups/${group.id}`, {
          method: 'PUT',
          token: user.token,
          body: { description: 'kept', visibility: 'internal' },
        })
        expect(renamed.status).toBe(200)

        const project = await createProject(user.token, { name: uniqueName('p') })
        expect(project.status).toBe(201)
        const raised = await api(`/projects/${project.body.id}`, {
          method: 'PUT',
          token: user.token,
          body: { visibility: 'internal', description: 'not kept' },
        })
        expect([raised.status, raised.body]).toEqual([
          400,
          { message: { visibility_level: [restricted] } },
        ])
        const kept = await api<ProjectJson & { description: string | null }>(
          `/projects/${project.body.id}`,
          { token: user.token },
        )
        expect([kept.body.visibility, kept.body.description]).toEqual(['private', null])
        const adminRaise = await api<ProjectJson>(`/projects/${project.body.id}`, {
          method: 'PUT',
          token: rootToken(),
          body: { visibility: 'internal' },
        })
        expect([adminRaise.status, adminRaise.body.visibility]).toEqual([200, 'internal'])

        // A default nobody but administrators could take is refused.
        const badDefault = await put({ default_group_visibility: 'internal' })
        expect([badDefault.status, badDefault.body]).toEqual([
          400,
          {
            message: {
              default_group_visibility: ['cannot be set to a restricted visibility level'],
            },
          },
        ])
      } finally {
        await set({ restricted_visibility_levels: [] })
      }
    })

    it('keeps restricted_visibility_levels for administrators', async () => {
      const set = await put({ restricted_visibility_levels: ['public'] })
      expect(set.body['restricted_visibility_levels']).toEqual(['public'])
      const refused = await api('/projects', {
        method: 'POST',
        token: user.token,
        body: { name: uniqueName('restricted'), visibility: 'public' },
      })
      expect([refused.status, refused.body]).toEqual([
        400,
        {
          message: {
            visibility_level: ['Public has been restricted by your GitLab administrator'],
          },
        },
      ])
      const byAdmin = await api<ProjectJson>('/projects', {
        method: 'POST',
        token: rootToken(),
        body: { name: uniqueName('restricted'), visibility: 'public' },
      })
      expect([byAdmin.status, byAdmin.body.visibility]).toEqual([201, 'public'])
    })
  },
)
