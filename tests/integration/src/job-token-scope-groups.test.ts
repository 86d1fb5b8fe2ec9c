import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import {
  createPipeline,
  createProjectRunner,
  pushFiles,
  type PipelineJson,
} from './support/ci-jobs'
import {
  addMember,
  createGroup,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { createProject } from './support/projects'
import { RunnerClient, type JobPayload } from './support/runner-client'
import { baseUrl } from './support/suite-state'
import type { GroupJson, ProjectJson } from './support/types'

jest.setTimeout(120_000)

const API_ONLY = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - when: always
build:
  script: echo build
`

const NOT_FOUND = { message: '404 Not Found' }

function triggerWith(projectId: number, token: string) {
  return api<PipelineJson>(`/projects/${projectId}/trigger/pipeline`, {
    method: 'POST',
    form: { token, ref: 'main' },
  })
}

/** GET info/refs of the project's repository as gitlab-ci-token; the status. */
async function cloneStatus(project: ProjectJson, token: string): Promise<number> {
  const basic = Buffer.from(`gitlab-ci-token:${token}`).toString('base64')
  const response = await fetch(
    `${baseUrl()}/${project.path_with_namespace}.git/info/refs?service=git-upload-pack`,
    { headers: { Authorization: `Basic ${basic}`, 'User-Agent': 'git/2.43.0' } },
  )
  await response.arrayBuffer()
  return response.status
}

/**
 * The job token scope's groups allowlist and its switch
 * (lib/api/project_job_token_scope.rb): a job of a project in an allowed
 * group, or in a subgroup of it, reaches the project; with the switch off
 * every project's jobs do.
 */
describe('job token scope: groups allowlist and inbound switch', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let top: GroupJson
  let sub: GroupJson
  let other: GroupJson
  let upstream: ProjectJson
  let downstream: ProjectJson
  let runner: RunnerClient
  let job: JobPayload
  const scope = () => `/projects/${downstream.id}/job_token_scope`

  beforeAll(async () => {
    ;[owner, developer] = await Promise.all([createUserWithToken(), createUserWithToken()])
    top = await createGroup(owner.token)
    ;[sub, other] = await Promise.all([
      createGroup(owner.token, { parent_id: top.id }),
      createGroup(owner.token),
    ])
    ;[upstream, downstream] = await Promise.all([
      createProject(owner.token, {
        namespace_id: sub.id,
        initialize_with_readme: true,
        visibility: 'private',
      }),
      createProject(owner.token, { initialize_with_readme: true, visibility: 'private' }),
    ])
    await addMember(top.id, developer.user.id, 30, owner.token)
    await api(`/projects/${downstream.id}/members`, {
      method: 'POST',
      token: owner.token,
      body: { user_id: developer.user.id, access_level: 30 },
    })
    await Promise.all([
      pushFiles(owner, upstream, { '.gitlab-ci.yml': API_ONLY }),
      pushFiles(owner, downstream, { '.gitlab-ci.yml': API_ONLY }),
    ])
    runner = new RunnerClient((await createProjectRunner(owner.token, upstream.id)).token)
    await createPipeline(owner.token, upstream.id, 'main')
    job = await runner.waitForJob()
  }, 90_000)

  afterAll(async () => {
    if (job) await runner.updateJob(job.id, job.token, 'success')
  })

  it('starts empty and enforced: a job of another project is refused', async () => {
    const list = await api<unknown[]>(`${scope()}/groups_allowlist`, { token: owner.token })
    expect([list.status, list.body, list.headers.get('x-total')]).toEqual([200, [], '0'])
    const shown = await api(scope(), { token: owner.token })
    expect(shown.body).toEqual({ inbound_enabled: true, outbound_enabled: false })
    const res = await triggerWith(downstream.id, job.token)
    expect([res.status, res.body]).toEqual([404, NOT_FOUND])
    expect(await cloneStatus(downstream, job.token)).toBe(404)
  })

  it('adds the parent group of the job project (201) and lists it as BasicGroupDetails', async () => {
    const added = await api(`${scope()}/groups_allowlist`, {
      method: 'POST',
      token: owner.token,
      body: { target_group_id: top.id },
    })
    expect([added.status, added.body]).toEqual([
      201,
      { source_project_id: downstream.id, target_group_id: top.id },
    ])
    const list = await api(`${scope()}/groups_allowlist`, { token: owner.token })
    expect(list.body).toEqual([{ id: top.id, web_url: top.web_url, name: top.name }])
  })

  it('lets the job of a project in a subgroup of the allowed group reach the project', async () => {
    expect(await cloneStatus(downstream, job.token)).toBe(200)
    const res = await triggerWith(downstream.id, job.token)
    expect([res.status, res.body.project_id, res.body.source]).toEqual([
      201,
      downstream.id,
      'pipeline',
    ])
  })

  it('answers GitLab’s 400 and 404 for a repeat and an unknown group, 403 to a developer', async () => {
    const again = await api(`${scope()}/groups_allowlist`, {
      method: 'POST',
      token: owner.token,
      body: { target_group_id: top.id },
    })
    expect([again.status, again.body]).toEqual([
      400,
      { message: '400 Bad request - This group is already in the job token allowlist.' },
    ])
    const unknown = await api(`${scope()}/groups_allowlist`, {
      method: 'POST',
      token: owner.token,
      body: { target_group_id: 999_999_999 },
    })
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { message: '404 target_group_id not found Not Found' },
    ])
    const blank = await api(`${scope()}/groups_allowlist`, {
      method: 'POST',
      token: owner.token,
      body: { target_group_id: '' },
    })
    expect(blank.status).toBe(400)
    for (const method of ['GET', 'POST'] as const) {
      const res = await api(`${scope()}/groups_allowlist`, {
        method,
        token: developer.token,
        ...(method === 'POST' ? { body: { target_group_id: other.id } } : {}),
      })
      expect([method, res.status]).toEqual([method, 403])
    }
  })

  it('refuses a group the caller cannot read (400)', async () => {
    const stranger = await createUserWithToken()
    const hidden = await createGroup(stranger.token, { visibility: 'private' })
    const res = await api(`${scope()}/groups_allowlist`, {
      method: 'POST',
      token: owner.token,
      body: { target_group_id: hidden.id },
    })
    expect([res.status, res.body]).toEqual([
      400,
      {
        message:
          "400 Bad request - The target_group that you are attempting to access does not exist or you don't have permission to perform this action",
      },
    ])
  })

  it('removes the group (204) and the job is refused again; a second DELETE is 400', async () => {
    const removed = await api(`${scope()}/groups_allowlist/${top.id}`, {
      method: 'DELETE',
      token: owner.token,
    })
    expect(removed.status).toBe(204)
    const res = await triggerWith(downstream.id, job.token)
    expect([res.status, res.body]).toEqual([404, NOT_FOUND])
    const again = await api(`${scope()}/groups_allowlist/${top.id}`, {
      method: 'DELETE',
      token: owner.token,
    })
    expect([again.status, again.body]).toEqual([
      400,
      { message: '400 Bad request - Target group is not in the job token scope' },
    ])
  })

  it('PATCH enabled=false (204) admits every project; true restricts again', async () => {
    const client = new Gitlab({ host: baseUrl(), token: owner.token })
    await client.ProjectJobTokenScopes.edit(downstream.id, false)
    expect(await client.ProjectJobTokenScopes.show(downstream.id)).toEqual({
      inbound_enabled: false,
      outbound_enabled: false,
    })
    expect(await cloneStatus(downstream, job.token)).toBe(200)

    const on = await api(scope(), { method: 'PATCH', token: owner.token, body: { enabled: true } })
    expect([on.status, on.text]).toEqual([204, ''])
    expect(await cloneStatus(downstream, job.token)).toBe(404)
    const missing = await api(scope(), { method: 'PATCH', token: owner.token, body: {} })
    expect([missing.status, missing.body]).toEqual([400, { error: 'enabled is missing' }])
    const developerPatch = await api(scope(), {
      method: 'PATCH',
      token: developer.token,
      body: { enabled: false },
    })
    expect(developerPatch.status).toBe(403)
  })

  it('answers the project allowlist POST with the scope project as source (Entities::ProjectScopeLink)', async () => {
    const added = await api(`${scope()}/allowlist`, {
      method: 'POST',
      token: owner.token,
      body: { target_project_id: upstream.id },
    })
    expect([added.status, added.body]).toEqual([
      201,
      { source_project_id: downstream.id, target_project_id: upstream.id },
    ])
  })
})
