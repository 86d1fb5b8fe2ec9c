import { Gitlab } from '@gitbeaker/rest'
import pg from 'pg'
import { api, eventually } from './support/api'
import { createPipeline, createProjectRunner, jobTrace, pushFiles } from './support/ci-jobs'
import {
  addMember,
  createGroup,
  createUserWithToken,
  uniqueName,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, UNAUTHORIZED, notFound } from './support/gitlab-errors'
import { createGroupRole } from './support/member-roles'
import { addProjectMember, createProject } from './support/projects'
import { RunnerClient, type JobPayload } from './support/runner-client'
import { itUnless } from './support/skip'
import { baseUrl, rootToken, suiteDatabaseUrl } from './support/suite-state'
import {
  DEVELOPER,
  GUEST,
  MAINTAINER,
  type GroupJson,
  type MemberJson,
  type ProjectJson,
} from './support/types'

// The CI/CD variables APIs of projects, groups and the instance
// (lib/api/ci/variables.rb, group_variables.rb, admin/ci/variables.rb), the
// values sealed at rest, and the variables a runner is given with a job, in
// GitLab's precedence, protected ones only on protected refs, masked ones
// hidden in the job's log.

// Pipelines, git and runner polls on shared cores.
jest.setTimeout(180_000)

interface VariableJson {
  variable_type: string
  key: string
  value: string | null
  hidden?: boolean
  protected: boolean
  masked: boolean
  raw: boolean
  environment_scope?: string
  description: string | null
}

/** A key nobody else in the suite uses (instance variables reach every job). */
const uniqueKey = (prefix: string) => `${prefix}_${uniqueName('k').replace(/\W/g, '_')}`

/** The key every level sets, so that the order shows which wins. */
const PRECEDENCE = uniqueKey('PRECEDENCE')

/** Only API pipelines: a push pipeline would hand the runner jobs nobody asked for. */
const CONFIG = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - when: always

variables:
  ${PRECEDENCE}: configuration

build:
  script: echo "$${PRECEDENCE}"

review:
  environment:
    name: review/app
  script: echo "$SCOPED"
`

let owner: UserWithToken
let maintainer: UserWithToken
let developer: UserWithToken
let top: GroupJson
let sub: GroupJson
let project: ProjectJson
const instanceKeys: string[] = []

function post(path: string, token: string, body: Record<string, unknown>) {
  return api<VariableJson>(path, { method: 'POST', token, body })
}

beforeAll(async () => {
  owner = await createUserWithToken()
  maintainer = await createUserWithToken()
  developer = await createUserWithToken()
  top = await createGroup(owner.token, { visibility: 'private' })
  sub = await createGroup(owner.token, { visibility: 'private', parent_id: top.id })
  project = await createProject(owner.token, {
    namespace_id: sub.id,
    visibility: 'private',
    initialize_with_readme: true,
  })
  await addProjectMember(project.id, maintainer.user.id, MAINTAINER, owner.token)
  await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
})

afterAll(async () => {
  // Instance variables reach every job of the suite: none is left behind.
  for (const key of instanceKeys) {
    await api(`/admin/ci/variables/${key}`, { method: 'DELETE', token: rootToken() })
  }
})

describe('project variables', () => {
  const base = () => `/projects/${project.id}/variables`

  it('lets a Maintainer create, read, list, update and delete them', async () => {
    const created = await post(base(), maintainer.token, {
      key: 'DEPLOY_TOKEN',
      value: 'PROTECTED_VALUE_1',
      protected: true,
      masked: true,
      description: 'deploys',
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      variable_type: 'env_var',
      key: 'DEPLOY_TOKEN',
      value: 'PROTECTED_VALUE_1',
      hidden: false,
      protected: true,
      masked: true,
      raw: false,
      environment_scope: '*',
      description: 'deploys',
    })
    const shown = await api<VariableJson>(`${base()}/DEPLOY_TOKEN`, { token: maintainer.token })
    expect([shown.status, shown.body]).toEqual([200, created.body])
    const listed = await api<VariableJson[]>(base(), { token: maintainer.token })
    expect(listed.status).toBe(200)
    expect(listed.headers.get('x-total')).toBe('1')
    expect(listed.body).toEqual([created.body])

    const updated = await api<VariableJson>(`${base()}/DEPLOY_TOKEN`, {
      method: 'PUT',
      token: maintainer.token,
      form: { value: 'VALUE_1_UP', variable_type: 'file', protected: 'false' },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({
      key: 'DEPLOY_TOKEN',
      value: 'VALUE_1_UP',
      variable_type: 'file',
      protected: false,
      masked: true,
      description: 'deploys',
    })

    const deleted = await api(`${base()}/DEPLOY_TOKEN`, {
      method: 'DELETE',
      token: maintainer.token,
    })
    expect(deleted.status).toBe(204)
    const gone = await api(`${base()}/DEPLOY_TOKEN`, { token: maintainer.token })
    expect([gone.status, gone.body]).toEqual([404, notFound('Variable')])
  })

  it("answers GitLab's validation errors with 400", async () => {
    const first = await post(base(), owner.token, { key: 'ONCE', value: 'one' })
    expect(first.status).toBe(201)
    const again = await post(base(), owner.token, { key: 'ONCE', value: 'two' })
    expect([again.status, again.body]).toEqual([
      400,
      { message: { key: ['(ONCE) has already been taken'] } },
    ])
    const badKey = await post(base(), owner.token, { key: 'NOT-A-KEY', value: 'x' })
    expect([badKey.status, badKey.body]).toEqual([
      400,
      { message: { key: ["can contain only letters, digits and '_'."] } },
    ])
    const unmaskable = await post(base(), owner.token, {
      key: 'SHORT',
      value: 'short',
      masked: true,
    })
    expect([unmaskable.status, unmaskable.body]).toEqual([
      400,
      { message: { value: ['is invalid'] } },
    ])
    const badType = await post(base(), owner.token, { key: 'T', value: 'x', variable_type: 'x' })
    expect([badType.status, badType.body]).toEqual([
      400,
      { error: 'variable_type does not have a valid value' },
    ])
    const noValue = await post(base(), owner.token, { key: 'NO_VALUE' })
    expect([noValue.status, noValue.body]).toEqual([400, { error: 'value is missing' }])
  })

  it('keeps one key per environment scope and needs filter[environment_scope] among several', async () => {
    for (const scope of ['staging', 'production']) {
      const res = await post(base(), owner.token, {
        key: 'SCOPED_URL',
        value: `https://${scope}.example.com`,
        environment_scope: scope,
      })
      expect([res.status, res.body.environment_scope]).toEqual([201, scope])
    }
    const ambiguous = await api(`${base()}/SCOPED_URL`, { token: owner.token })
    expect([ambiguous.status, ambiguous.body]).toEqual([
      409,
      {
        message:
          "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'",
      },
    ])
    const production = await api<VariableJson>(`${base()}/SCOPED_URL`, {
      token: owner.token,
      query: { 'filter[environment_scope]': 'production' },
    })
    expect([production.status, production.body.value]).toEqual([
      200,
      'https://production.example.com',
    ])
    const none = await api(`${base()}/SCOPED_URL`, {
      token: owner.token,
      query: { 'filter[environment_scope]': 'review' },
    })
    expect(none.status).toBe(404)
    const removed = await api(`${base()}/SCOPED_URL`, {
      method: 'DELETE',
      token: owner.token,
      query: { 'filter[environment_scope]': 'staging' },
    })
    expect(removed.status).toBe(204)
    const left = await api<VariableJson>(`${base()}/SCOPED_URL`, { token: owner.token })
    expect([left.status, left.body.environment_scope]).toEqual([200, 'production'])
  })

  it('never shows a masked and hidden value again, nor lets it be unmasked', async () => {
    const created = await post(base(), owner.token, {
      key: 'HIDDEN_SECRET',
      value: 'hidden-value-123',
      masked_and_hidden: true,
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ value: null, hidden: true, masked: true })
    const shown = await api<VariableJson>(`${base()}/HIDDEN_SECRET`, { token: owner.token })
    expect(shown.body).toMatchObject({ value: null, hidden: true })
    const unmask = await api(`${base()}/HIDDEN_SECRET`, {
      method: 'PUT',
      token: owner.token,
      body: { masked: false },
    })
    expect([unmask.status, unmask.body]).toEqual([
      400,
      {
        message: {
          base: ['The visibility setting cannot be changed for masked and hidden variables.'],
        },
      },
    ])
  })

  it('refuses a Developer (403) and an anonymous caller (401)', async () => {
    const asDeveloper = await api(base(), { token: developer.token })
    expect([asDeveloper.status, asDeveloper.body]).toEqual([403, FORBIDDEN])
    const create = await post(base(), developer.token, { key: 'NOPE', value: 'x' })
    expect([create.status, create.body]).toEqual([403, FORBIDDEN])
    const anonymous = await api(base())
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
  })

  it('works for @gitbeaker/rest', async () => {
    const client = new Gitlab({ host: baseUrl(), token: maintainer.token })
    const created = await client.ProjectVariables.create(project.id, 'GITBEAKER', 'from-client', {
      variableType: 'file',
      environmentScope: 'review/*',
    })
    expect(created).toMatchObject({
      key: 'GITBEAKER',
      value: 'from-client',
      variable_type: 'file',
      environment_scope: 'review/*',
    })
    const shown = await client.ProjectVariables.show(project.id, 'GITBEAKER')
    expect(shown).toMatchObject({ key: 'GITBEAKER', value: 'from-client' })
    await client.ProjectVariables.remove(project.id, 'GITBEAKER')
    const gone = await api(`${base()}/GITBEAKER`, { token: maintainer.token })
    expect(gone.status).toBe(404)
  })
})

describe('group variables', () => {
  it("are the group Owner's: created, read, updated and deleted; a Maintainer gets 403", async () => {
    const groupMaintainer = await createUserWithToken()
    await addMember(top.id, groupMaintainer.user.id, MAINTAINER, owner.token)
    const base = `/groups/${top.id}/variables`
    const created = await post(base, owner.token, { key: 'GROUP_ONLY', value: 'group-value' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ key: 'GROUP_ONLY', value: 'group-value', hidden: false })
    const listed = await api<VariableJson[]>(base, { token: owner.token })
    expect(listed.body.map((v) => v.key)).toEqual(['GROUP_ONLY'])
    const updated = await api<VariableJson>(`${base}/GROUP_ONLY`, {
      method: 'PUT',
      token: owner.token,
      body: { value: 'group-value-2', raw: true },
    })
    expect([updated.status, updated.body.value, updated.body.raw]).toEqual([
      200,
      'group-value-2',
      true,
    ])
    const refused = await api(base, { token: groupMaintainer.token })
    expect([refused.status, refused.body]).toEqual([403, FORBIDDEN])
    const deleted = await api(`${base}/GROUP_ONLY`, { method: 'DELETE', token: owner.token })
    expect(deleted.status).toBe(204)
    const gone = await api(`${base}/GROUP_ONLY`, { token: owner.token })
    expect([gone.status, gone.body]).toEqual([404, notFound('GroupVariable')])
  })
})

describe('instance variables', () => {
  it('are for administrators, without scope or hiding', async () => {
    const key = uniqueKey('INSTANCE_ONLY')
    instanceKeys.push(key)
    const created = await post('/admin/ci/variables', rootToken(), {
      key,
      value: 'instance-value',
      environment_scope: 'ignored',
      description: 'everywhere',
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      variable_type: 'env_var',
      key,
      value: 'instance-value',
      protected: false,
      masked: false,
      raw: false,
      description: 'everywhere',
    })
    const taken = await post('/admin/ci/variables', rootToken(), { key, value: 'again' })
    expect([taken.status, taken.body]).toEqual([
      400,
      { message: { key: [`(${key}) has already been taken`] } },
    ])
    const shown = await api<VariableJson>(`/admin/ci/variables/${key}`, { token: rootToken() })
    expect([shown.status, shown.body]).toEqual([200, created.body])
    const user = await api('/admin/ci/variables', { token: owner.token })
    expect([user.status, user.body]).toEqual([403, FORBIDDEN])
    const anonymous = await api('/admin/ci/variables')
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
    const missing = await api('/admin/ci/variables/NO_SUCH_KEY_ANYWHERE', { token: rootToken() })
    expect([missing.status, missing.body]).toEqual([404, notFound('InstanceVariable')])
  })
})

describe('custom role admin_cicd_variables', () => {
  it('lets a Guest with the permission manage the project and group variables; a plain Guest gets 403', async () => {
    const roleGroup = await createGroup(owner.token, { visibility: 'private' })
    const roleProject = await createProject(owner.token, {
      namespace_id: roleGroup.id,
      visibility: 'private',
    })
    const role = await createGroupRole(owner.token, roleGroup.id, { admin_cicd_variables: true })
    const withRole = await createUserWithToken()
    const member = await api<MemberJson>(`/groups/${roleGroup.id}/members`, {
      method: 'POST',
      token: owner.token,
      body: { user_id: withRole.user.id, access_level: GUEST, member_role_id: role.id },
    })
    expect(member.status).toBe(201)
    const plain = await createUserWithToken()
    await addMember(roleGroup.id, plain.user.id, GUEST, owner.token)

    for (const base of [
      `/projects/${roleProject.id}/variables`,
      `/groups/${roleGroup.id}/variables`,
    ]) {
      const created = await post(base, withRole.token, { key: 'BY_ROLE', value: 'custom' })
      expect([base, created.status]).toEqual([base, 201])
      const listed = await api<VariableJson[]>(base, { token: withRole.token })
      expect([base, listed.status, listed.body.map((v) => v.key)]).toEqual([base, 200, ['BY_ROLE']])
      const refused = await api(base, { token: plain.token })
      expect([base, refused.status, refused.body]).toEqual([base, 403, FORBIDDEN])
    }
  })
})

describe('values at rest', () => {
  const database = suiteDatabaseUrl()
  const name = 'keeps no variable value in plain text in the database'
  itUnless(
    database ? undefined : 'the suite was started elsewhere: its database is not known',
    name,
  )(name, async () => {
    const value = `plain-${uniqueName('secret')}`
    const created = await post(`/projects/${project.id}/variables`, owner.token, {
      key: 'AT_REST',
      value,
    })
    expect(created.status).toBe(201)
    const client = new pg.Client({ connectionString: database })
    await client.connect()
    try {
      const rows = await client.query<{ row: string }>(
        'select v::text as row from ci_triggers.ci_variables v where project_id = $1',
        [project.id],
      )
      expect(rows.rows.length).toBeGreaterThanOrEqual(1)
      expect(rows.rows.map((r) => r.row).join('\n')).not.toContain(value)
    } finally {
      await client.end()
    }
  })
})

describe('variables of jobs', () => {
  let runner: RunnerClient
  const instanceKey = uniqueKey('INSTANCE')
  const values = {
    masked: 'masked-secret-value-42',
    file: '-----BEGIN KEY-----\nfile contents\n',
  }

  /** The runner's jobs of one pipeline, by name. */
  async function jobsOf(pipelineId: number, count: number): Promise<Map<string, JobPayload>> {
    const jobs = new Map<string, JobPayload>()
    while (jobs.size < count) {
      const job = await runner.waitForJob(60_000)
      expect(job.job_info['pipeline_id']).toBe(pipelineId)
      jobs.set(job.job_info.name, job)
      const patched = await runner.patchTrace(job.id, job.token, `token is ${values.masked}\n`, 0)
      expect(patched.status).toBe(202)
      const done = await runner.updateJob(job.id, job.token, 'success')
      expect(done.status).toBe(200)
    }
    return jobs
  }

  const valuesOf = (job: JobPayload, key: string) =>
    job.variables.filter((v) => v.key === key).map((v) => v.value)

  beforeAll(async () => {
    await pushFiles(owner, project, { '.gitlab-ci.yml': CONFIG })
    const branch = await api(`/projects/${project.id}/repository/branches`, {
      method: 'POST',
      token: owner.token,
      body: { branch: 'feature', ref: 'main' },
    })
    expect(branch.status).toBe(201)
    const registered = await createProjectRunner(owner.token, project.id)
    runner = new RunnerClient(registered.token)
    expect((await runner.verify()).status).toBe(200)

    instanceKeys.push(instanceKey)
    const settings: [string, string, Record<string, unknown>][] = [
      ['/admin/ci/variables', rootToken(), { key: instanceKey, value: 'instance' }],
      ['/admin/ci/variables', rootToken(), { key: PRECEDENCE, value: 'instance' }],
      [`/groups/${top.id}/variables`, owner.token, { key: PRECEDENCE, value: 'top group' }],
      [`/groups/${top.id}/variables`, owner.token, { key: 'FROM_TOP', value: 'top' }],
      [`/groups/${sub.id}/variables`, owner.token, { key: PRECEDENCE, value: 'subgroup' }],
      [`/projects/${project.id}/variables`, owner.token, { key: PRECEDENCE, value: 'project' }],
      [
        `/projects/${project.id}/variables`,
        owner.token,
        { key: 'ONLY_PROTECTED', value: 'protected', protected: true },
      ],
      [
        `/projects/${project.id}/variables`,
        owner.token,
        { key: 'MASKED_SECRET', value: values.masked, masked: true },
      ],
      [
        `/projects/${project.id}/variables`,
        owner.token,
        { key: 'KEY_FILE', value: values.file, variable_type: 'file', raw: true },
      ],
      [
        `/projects/${project.id}/variables`,
        owner.token,
        { key: 'SCOPED', value: 'review', environment_scope: 'review/*' },
      ],
    ]
    instanceKeys.push(PRECEDENCE)
    for (const [path, token, body] of settings) {
      const res = await post(path, token, body)
      expect([path, body.key, res.status, res.text]).toEqual([path, body.key, 201, res.text])
    }
  })

  it('gives them in precedence order (instance < groups < project < pipeline), protected ones on a protected ref', async () => {
    const pipeline = await createPipeline(owner.token, project.id, 'main')
    const jobs = await jobsOf(pipeline.id, 2)
    const build = jobs.get('build')
    if (!build) throw new Error('no build job')
    // Later ones win on the runner: the configuration's, then instance, groups top-down, project.
    expect(valuesOf(build, PRECEDENCE)).toEqual([
      'configuration',
      'instance',
      'top group',
      'subgroup',
      'project',
    ])
    expect(valuesOf(build, 'FROM_TOP')).toEqual(['top'])
    expect(valuesOf(build, instanceKey)).toEqual(['instance'])
    expect(valuesOf(build, 'ONLY_PROTECTED')).toEqual(['protected'])
    expect(build.variables.find((v) => v.key === 'MASKED_SECRET')).toMatchObject({
      value: values.masked,
      masked: true,
      public: false,
    })
    expect(build.variables.find((v) => v.key === 'KEY_FILE')).toMatchObject({
      value: values.file,
      file: true,
      raw: true,
    })
    // review/* only for the job of the review/app environment.
    expect(valuesOf(build, 'SCOPED')).toEqual([])
    expect(valuesOf(jobs.get('review') as JobPayload, 'SCOPED')).toEqual(['review'])

    const log = await jobTrace(owner.token, project.id, build.id)
    expect(log.status).toBe(200)
    expect(log.text).toBe('token is [MASKED]\n')
  })

  it('leaves protected variables out on an unprotected branch; pipeline variables win', async () => {
    const pipeline = await createPipeline(owner.token, project.id, 'feature', [
      { key: PRECEDENCE, value: 'pipeline' },
    ])
    const jobs = await jobsOf(pipeline.id, 2)
    const build = jobs.get('build')
    if (!build) throw new Error('no build job')
    expect(valuesOf(build, 'ONLY_PROTECTED')).toEqual([])
    expect(valuesOf(build, 'MASKED_SECRET')).toEqual([values.masked])
    expect(valuesOf(build, PRECEDENCE).at(-1)).toBe('pipeline')
  })
})

describe('deletion', () => {
  const database = suiteDatabaseUrl()
  const name = "removes a deleted project's and a deleted group's variables"
  itUnless(
    database ? undefined : 'the suite was started elsewhere: its database is not known',
    name,
  )(name, async () => {
    const group = await createGroup(owner.token, { visibility: 'private' })
    const doomed = await createProject(owner.token, { namespace_id: group.id })
    expect(
      (await post(`/groups/${group.id}/variables`, owner.token, { key: 'G', value: 'g' })).status,
    ).toBe(201)
    expect(
      (await post(`/projects/${doomed.id}/variables`, owner.token, { key: 'P', value: 'p' }))
        .status,
    ).toBe(201)
    const client = new pg.Client({ connectionString: database })
    await client.connect()
    const count = async () => {
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from ci_triggers.ci_variables
            where project_id = $1 or group_id = $2`,
        [doomed.id, group.id],
      )
      return Number(rows[0]?.n)
    }
    try {
      expect(await count()).toBe(2)
      const deleted = await api(`/groups/${group.id}`, { method: 'DELETE', token: owner.token })
      expect(deleted.status).toBe(202)
      await eventually(async () => (await count()) === 0, 90_000)
      expect(await count()).toBe(0)
    } finally {
      await client.end()
    }
  })
})
