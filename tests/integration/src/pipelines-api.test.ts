import { api, eventually } from './support/api'
import { FORBIDDEN, UNAUTHORIZED, missing } from './support/gitlab-errors'
import { ISO_TIME, branchHead, commitTo, featureBranch, userRef } from './support/merge-requests'
import { castRoles, projectForCast, type RoleCast } from './support/projects'
import type { ProjectJson } from './support/types'

// Pipeline creation reads the repository; the suite shares two cores with other files.
jest.setTimeout(120_000)

interface PipelineJson {
  id: number
  iid: number
  sha: string
  ref: string
  status: string
  source: string
  web_url: string
  [field: string]: unknown
}

interface JobJson {
  id: number
  name: string
  stage: string
  status: string
  [field: string]: unknown
}

const CI_CONFIG = `stages:
  - build
  - test
  - deploy

.shared:
  script: echo shared

build-job:
  stage: build
  script: echo build

manual-check:
  stage: build
  script: echo check
  when: manual

test-job:
  extends: .shared
  stage: test
  rules:
    - if: $CI_PIPELINE_SOURCE == "api"

push-only:
  stage: test
  script: echo push
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"

deploy-job:
  stage: deploy
  script: echo deploy
  when: manual
`

const NOT_FOUND = { message: '404 Not found' }
const PROJECT_NOT_FOUND = { message: '404 Project Not Found' }

/** The keys of Entities::Ci::PipelineBasicWithMetadata (lists). */
const LIST_KEYS = [
  'id',
  'iid',
  'project_id',
  'sha',
  'ref',
  'status',
  'source',
  'created_at',
  'updated_at',
  'web_url',
  'name',
].sort()

/** Pipelines and jobs API (lib/api/ci/pipelines.rb, lib/api/ci/jobs.rb) on a real repository. */
describe('pipelines API', () => {
  let cast: RoleCast
  let project: ProjectJson
  /** Private, without public pipelines: only Reporters and up read pipelines and jobs. */
  let closed: ProjectJson
  let mainSha: string
  let created: PipelineJson

  const path = (tail = '') => `/projects/${project.id}${tail}`

  beforeAll(async () => {
    cast = await castRoles()
    project = await projectForCast(cast, { initialize_with_readme: true, visibility: 'private' })
    closed = await projectForCast(cast, { visibility: 'private', public_builds: false })
    await featureBranch(cast.owner.token, project.id, 'no-ci')
    await featureBranch(cast.owner.token, project.id, 'broken', [
      { action: 'create', file_path: '.gitlab-ci.yml', content: 'build-job: [unclosed\n' },
    ])
    mainSha = await commitTo(cast.owner.token, project.id, 'main', [
      { action: 'create', file_path: '.gitlab-ci.yml', content: CI_CONFIG },
    ])
    const res = await api<PipelineJson>(path('/pipeline'), {
      method: 'POST',
      token: cast.developer.token,
      body: {
        ref: 'main',
        variables: [
          { key: 'DEPLOY_TO', value: 'staging' },
          { key: 'CONFIG', value: 'a=b', variable_type: 'file' },
        ],
      },
    })
    if (res.status !== 201) throw new Error(`POST /pipeline: ${res.status} ${res.text}`)
    created = res.body
  }, 90_000)

  it('creates an api pipeline from the ref head (201, Entities::Ci::Pipeline)', () => {
    expect(created).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        iid: expect.any(Number),
        project_id: project.id,
        sha: mainSha,
        ref: 'main',
        status: 'pending',
        source: 'api',
        tag: false,
        yaml_errors: null,
        user: userRef(cast.developer.user),
        web_url: `${project.web_url}/-/pipelines/${created.id}`,
        finished_at: null,
        coverage: null,
        archived: false,
      }),
    )
    for (const field of ['created_at', 'updated_at']) expect(created[field]).toMatch(ISO_TIME)
    expect(created.detailed_status).toEqual(
      expect.objectContaining({
        group: 'pending',
        details_path: `/${project.path_with_namespace}/-/pipelines/${created.id}`,
      }),
    )
    expect(created).not.toHaveProperty('variables')
  })

  it('builds the jobs from .gitlab-ci.yml: rules, extends, when: manual, hidden jobs left out', async () => {
    const res = await api<JobJson[]>(path(`/pipelines/${created.id}/jobs`), {
      token: cast.reporter.token,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('4')
    const byName = Object.fromEntries(res.body.map((job) => [job.name, job]))
    expect(Object.keys(byName).sort()).toEqual([
      'build-job',
      'deploy-job',
      'manual-check',
      'test-job',
    ])
    // The first stage waits for a runner; later stages, manual ones included, stay created.
    expect(byName['build-job']).toMatchObject({ stage: 'build', status: 'pending' })
    expect(byName['manual-check']).toMatchObject({ stage: 'build', status: 'manual' })
    expect(byName['test-job']).toMatchObject({ stage: 'test', status: 'created' })
    expect(byName['deploy-job']).toMatchObject({ stage: 'deploy', status: 'created' })
    // Newest first, as GitLab lists them.
    expect(res.body.map((job) => job.id)).toEqual(
      [...res.body.map((job) => job.id)].sort((a, b) => b - a),
    )
    const build = byName['build-job']
    expect(build).toEqual(
      expect.objectContaining({
        ref: 'main',
        tag: false,
        allow_failure: false,
        commit: expect.objectContaining({ id: mainSha }),
        pipeline: expect.objectContaining({ id: created.id, sha: mainSha, status: 'pending' }),
        user: expect.objectContaining({ id: cast.developer.user.id }),
        web_url: `${project.web_url}/-/jobs/${build?.id}`,
        project: { ci_job_token_scope_enabled: false },
        artifacts: [],
        runner: null,
        tag_list: [],
      }),
    )

    const manual = await api<JobJson[]>(path(`/pipelines/${created.id}/jobs`), {
      token: cast.reporter.token,
      query: { scope: 'manual' },
    })
    expect(manual.body.map((job) => job.name)).toEqual(['manual-check'])
    const several = await api<JobJson[]>(path(`/pipelines/${created.id}/jobs`), {
      token: cast.reporter.token,
      query: { scope: ['pending', 'created'] },
    })
    expect(several.body.map((job) => job.name).sort()).toEqual([
      'build-job',
      'deploy-job',
      'test-job',
    ])
    const bad = await api(path(`/pipelines/${created.id}/jobs`), {
      token: cast.reporter.token,
      query: { scope: 'unknown' },
    })
    expect([bad.status, bad.body]).toEqual([400, { error: 'scope does not have a valid value' }])
    // Newest first, as GitLab lists a pipeline's jobs.
    const ids = res.body.map((job) => job.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })

  it('shows one job (signed-in callers with read_build)', async () => {
    const jobs = await api<JobJson[]>(path(`/pipelines/${created.id}/jobs`), {
      token: cast.owner.token,
    })
    const job = jobs.body.find((candidate) => candidate.name === 'build-job')
    const res = await api<JobJson>(path(`/jobs/${job?.id}`), { token: cast.reporter.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual(expect.objectContaining({ id: job?.id, name: 'build-job' }))
    expect(res.body.pipeline).toEqual(expect.objectContaining({ id: created.id }))

    const anonymous = await api(path(`/jobs/${job?.id}`))
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
    // Public pipelines (the default) open jobs to Guests; without them, 403.
    const guest = await api(path(`/jobs/${job?.id}`), { token: cast.guest.token })
    expect(guest.status).toBe(200)
    const closedGuest = await api(`/projects/${closed.id}/jobs/${job?.id}`, {
      token: cast.guest.token,
    })
    expect([closedGuest.status, closedGuest.body]).toEqual([403, FORBIDDEN])
    for (const id of ['999999999', '99999999999999999999999']) {
      const unknown = await api(path(`/jobs/${id}`), { token: cast.owner.token })
      expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND])
    }
  })

  it('shows one pipeline and the latest of a ref (PipelineWithMetadata)', async () => {
    const one = await api<PipelineJson>(path(`/pipelines/${created.id}`), {
      token: cast.reporter.token,
    })
    expect(one.status).toBe(200)
    expect(one.body).toEqual({ ...created, name: null, updated_at: expect.any(String) })

    const latest = await api<PipelineJson>(path('/pipelines/latest'), {
      token: cast.reporter.token,
    })
    expect(latest.status).toBe(200)
    expect(latest.body).toEqual(expect.objectContaining({ ref: 'main', sha: mainSha, name: null }))
    // `authorize! :read_pipeline, latest_pipeline` with no pipeline: 403.
    const none = await api(path('/pipelines/latest'), {
      token: cast.reporter.token,
      query: { ref: 'no-ci' },
    })
    expect([none.status, none.body]).toEqual([403, FORBIDDEN])

    for (const id of ['999999999', '99999999999999999999999']) {
      const unknown = await api(path(`/pipelines/${id}`), { token: cast.owner.token })
      expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND])
    }
  })

  it('lists pipelines with filters, order and pagination', async () => {
    const list = await api<PipelineJson[]>(path('/pipelines'), {
      token: cast.reporter.token,
      query: { source: 'api', ref: 'main', sha: mainSha, status: 'pending' },
    })
    expect(list.status).toBe(200)
    expect(list.body.map((pipeline) => pipeline.id)).toContain(created.id)
    expect(Object.keys(list.body[0] ?? {}).sort()).toEqual(LIST_KEYS)
    expect(list.headers.get('x-page')).toBe('1')
    expect(list.headers.get('x-per-page')).toBe('20')

    const mine = await api<PipelineJson[]>(path('/pipelines'), {
      token: cast.reporter.token,
      query: { username: cast.developer.user.username, source: 'api' },
    })
    expect(mine.body.map((pipeline) => pipeline.id)).toEqual([created.id])
    const nobody = await api<PipelineJson[]>(path('/pipelines'), {
      token: cast.reporter.token,
      query: { username: 'no-such-user-anywhere' },
    })
    expect([nobody.status, nobody.body]).toEqual([200, []])

    const finished = await api<PipelineJson[]>(path('/pipelines'), {
      token: cast.reporter.token,
      query: { scope: 'finished', source: 'api' },
    })
    expect(finished.body.map((pipeline) => pipeline.id)).not.toContain(created.id)
    const later = await api<PipelineJson[]>(path('/pipelines'), {
      token: cast.reporter.token,
      query: { updated_after: '2999-01-01T00:00:00Z' },
    })
    expect(later.body).toEqual([])
    const withErrors = await api<PipelineJson[]>(path('/pipelines'), {
      token: cast.reporter.token,
      query: { yaml_errors: true, source: 'api' },
    })
    expect(withErrors.body.map((pipeline) => pipeline.id)).not.toContain(created.id)

    for (const [query, error] of [
      [{ status: 'bogus' }, 'status does not have a valid value'],
      [{ order_by: 'lock_version' }, 'order_by does not have a valid value'],
      [{ sort: 'sideways' }, 'sort does not have a valid value'],
      [{ scope: 'everything' }, 'scope does not have a valid value'],
    ] as const) {
      const res = await api(path('/pipelines'), { token: cast.reporter.token, query })
      expect([res.status, res.body]).toEqual([400, { error }])
    }
  })

  it('orders by id ascending and descending', async () => {
    const second = await api<PipelineJson>(path('/pipeline'), {
      method: 'POST',
      token: cast.maintainer.token,
      form: { ref: 'main' },
    })
    expect(second.status).toBe(201)
    const asc = await api<PipelineJson[]>(path('/pipelines'), {
      token: cast.reporter.token,
      query: { source: 'api', order_by: 'id', sort: 'asc' },
    })
    const ascIds = asc.body.map((pipeline) => pipeline.id)
    expect(ascIds.indexOf(created.id)).toBeLessThan(ascIds.indexOf(second.body.id))
    const desc = await api<PipelineJson[]>(path('/pipelines'), {
      token: cast.reporter.token,
      query: { source: 'api' },
    })
    expect(desc.body[0]?.id).toBe(second.body.id)
    const paged = await api<PipelineJson[]>(path('/pipelines'), {
      token: cast.reporter.token,
      query: { source: 'api', per_page: 1, page: 2 },
    })
    expect(paged.body.map((pipeline) => pipeline.id)).toEqual([created.id])
  })

  it('shows the variables it was created with to its creator and Maintainers only', async () => {
    const expected = [
      { variable_type: 'env_var', key: 'DEPLOY_TO', value: 'staging', raw: false },
      { variable_type: 'file', key: 'CONFIG', value: 'a=b', raw: false },
    ]
    for (const who of [cast.developer, cast.maintainer]) {
      const res = await api<unknown[]>(path(`/pipelines/${created.id}/variables`), {
        token: who.token,
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual(expect.arrayContaining(expected))
      expect(res.body).toHaveLength(2)
    }
    const reporter = await api(path(`/pipelines/${created.id}/variables`), {
      token: cast.reporter.token,
    })
    expect(reporter.status).toBe(403)
  })

  it('refuses what GitLab refuses when creating', async () => {
    const post = (body: Record<string, unknown>, token = cast.developer.token) =>
      api(path('/pipeline'), { method: 'POST', token, body })
    const noRef = await post({})
    expect([noRef.status, noRef.body]).toEqual([400, missing('ref')])
    const unknownRef = await post({ ref: 'no-such-branch' })
    expect([unknownRef.status, unknownRef.body]).toEqual([
      400,
      { message: { base: ['Reference not found'] } },
    ])
    const noConfig = await post({ ref: 'no-ci' })
    expect([noConfig.status, noConfig.body]).toEqual([
      400,
      { message: { base: ['Missing CI config file'] } },
    ])
    const badType = await post({ ref: 'main', variables: [{ key: 'A', variable_type: 'x' }] })
    expect([badType.status, badType.body]).toEqual([
      400,
      { error: 'variables[0][variable_type] does not have a valid value' },
    ])

    const reporter = await post({ ref: 'main' }, cast.reporter.token)
    expect([reporter.status, reporter.body]).toEqual([403, FORBIDDEN])
    const stranger = await post({ ref: 'main' }, cast.stranger.token)
    expect([stranger.status, stranger.body]).toEqual([404, PROJECT_NOT_FOUND])
    const anonymous = await api(path('/pipeline'), { method: 'POST', body: { ref: 'main' } })
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
    // save_on_errors: false: an invalid configuration is a 400, nothing is stored.
    const broken = await post({ ref: 'broken' })
    expect(broken.status).toBe(400)
    expect(broken.body).toEqual({ message: { base: [expect.any(String)] } })
  })

  it('reads with read_pipeline: Guests 403 without public pipelines, strangers 404', async () => {
    const guest = await api(`/projects/${closed.id}/pipelines`, { token: cast.guest.token })
    expect([guest.status, guest.body]).toEqual([403, FORBIDDEN])
    const reporter = await api(`/projects/${closed.id}/pipelines`, { token: cast.reporter.token })
    expect([reporter.status, reporter.body]).toEqual([200, []])
    const openToGuests = await api(path('/pipelines'), { token: cast.guest.token })
    expect(openToGuests.status).toBe(200)
    const stranger = await api(path('/pipelines'), { token: cast.stranger.token })
    expect([stranger.status, stranger.body]).toEqual([404, PROJECT_NOT_FOUND])
    const anonymous = await api(path(`/pipelines/${created.id}`))
    expect([anonymous.status, anonymous.body]).toEqual([404, PROJECT_NOT_FOUND])
  })

  it('cancels (200) and retries (201) as a Developer; a Reporter may not', async () => {
    const fresh = await api<PipelineJson>(path('/pipeline'), {
      method: 'POST',
      token: cast.developer.token,
      body: { ref: 'main' },
    })
    expect(fresh.status).toBe(201)
    const cancel = (token: string) =>
      api<PipelineJson>(path(`/pipelines/${fresh.body.id}/cancel`), { method: 'POST', token })
    const refused = await cancel(cast.reporter.token)
    expect([refused.status, refused.body]).toEqual([403, FORBIDDEN])

    const canceled = await cancel(cast.developer.token)
    expect(canceled.status).toBe(200)
    expect(canceled.body).toEqual(
      expect.objectContaining({ id: fresh.body.id, status: 'canceled' }),
    )
    const jobs = await api<JobJson[]>(path(`/pipelines/${fresh.body.id}/jobs`), {
      token: cast.developer.token,
      query: { scope: 'canceled' },
    })
    expect(jobs.body.length).toBeGreaterThan(0)

    const retried = await api<PipelineJson>(path(`/pipelines/${fresh.body.id}/retry`), {
      method: 'POST',
      token: cast.developer.token,
    })
    expect(retried.status).toBe(201)
    expect(retried.body).toEqual(expect.objectContaining({ id: fresh.body.id, status: 'pending' }))
    const withRetried = await api<JobJson[]>(path(`/pipelines/${fresh.body.id}/jobs`), {
      token: cast.developer.token,
      query: { include_retried: true },
    })
    const current = await api<JobJson[]>(path(`/pipelines/${fresh.body.id}/jobs`), {
      token: cast.developer.token,
    })
    expect(withRetried.body.length).toBeGreaterThan(current.body.length)
  })

  it('deletes as Owner (204); Maintainers 403; afterwards 404 Not found', async () => {
    const doomed = await api<PipelineJson>(path('/pipeline'), {
      method: 'POST',
      token: cast.developer.token,
      body: { ref: 'main' },
    })
    const target = path(`/pipelines/${doomed.body.id}`)
    const maintainer = await api(target, { method: 'DELETE', token: cast.maintainer.token })
    expect([maintainer.status, maintainer.body]).toEqual([403, FORBIDDEN])
    const owner = await api(target, { method: 'DELETE', token: cast.owner.token })
    expect(owner.status).toBe(204)
    const gone = await api(target, { token: cast.owner.token })
    expect([gone.status, gone.body]).toEqual([404, NOT_FOUND])
    const again = await api(target, { method: 'DELETE', token: cast.owner.token })
    expect([again.status, again.body]).toEqual([404, NOT_FOUND])
  })

  it('creates from a tag', async () => {
    const tag = await api(path('/repository/tags'), {
      method: 'POST',
      token: cast.owner.token,
      body: { tag_name: 'v1.0.0', ref: 'main' },
    })
    expect(tag.status).toBe(201)
    // Creating the tag is a tag push, whose pipeline a worker creates; scope=tags lists the
    // latest pipeline of each tag, so the API's pipeline below must come after it.
    const pushed = await eventually(async () => {
      const list = await api<PipelineJson[]>(path('/pipelines'), {
        token: cast.reporter.token,
        query: { ref: 'v1.0.0' },
      })
      return list.body.length > 0
    })
    expect(pushed).toBe(true)
    const res = await api<PipelineJson>(path('/pipeline'), {
      method: 'POST',
      token: cast.developer.token,
      body: { ref: 'v1.0.0' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual(
      expect.objectContaining({
        ref: 'v1.0.0',
        tag: true,
        sha: await branchHead(cast.owner.token, project.id, 'main'),
      }),
    )
    const tags = await api<PipelineJson[]>(path('/pipelines'), {
      token: cast.reporter.token,
      query: { scope: 'tags' },
    })
    expect(tags.body.map((pipeline) => pipeline.id)).toEqual([res.body.id])
  })
})

/** GitLab's pipelines_create limit, set to GitLab.com's 25 per minute for this suite. */
describe('pipeline creation rate limit', () => {
  it('refuses the 26th pipeline of one project, user and commit in a minute with 429', async () => {
    const cast = await castRoles()
    const project = await projectForCast(cast, { initialize_with_readme: true })
    await commitTo(cast.owner.token, project.id, 'main', [
      { action: 'create', file_path: '.gitlab-ci.yml', content: 'job:\n  script: echo\n' },
    ])
    const create = (token: string) =>
      api(`/projects/${project.id}/pipeline`, { method: 'POST', token, body: { ref: 'main' } })
    // Windows are fixed minutes: a run that crosses one starts counting again.
    let created = 0
    let refused = await create(cast.developer.token)
    while (refused.status === 201 && created < 60) {
      created++
      refused = await create(cast.developer.token)
    }
    expect(created).toBeGreaterThanOrEqual(25)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      message: { error: 'This endpoint has been requested too many times. Try again later.' },
    })
    expect(refused.headers.get('ratelimit-name')).toBe('pipelines_create')
    expect(refused.headers.get('ratelimit-limit')).toBe('25')
    expect(refused.headers.get('ratelimit-observed')).toBe('26')
    expect(refused.headers.get('ratelimit-remaining')).toBe('0')
    // Seconds to the end of the one-minute window (RequestThrottleData#retry_after): 1..60.
    const retryAfter = refused.headers.get('retry-after') ?? ''
    expect(retryAfter).toMatch(/^\d+$/)
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(retryAfter)).toBeLessThanOrEqual(60)
    expect(refused.headers.get('ratelimit-resettime')).toMatch(/GMT$/)
    // Another user on the same commit counts on their own.
    expect((await create(cast.maintainer.token)).status).toBe(201)
  })
})
