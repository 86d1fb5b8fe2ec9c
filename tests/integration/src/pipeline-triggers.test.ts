import { Gitlab } from '@gitbeaker/rest'
import pg from 'pg'
import { api } from './support/api'
import { FORBIDDEN, UNAUTHORIZED } from './support/gitlab-errors'
import {
  castRoles,
  commitFiles,
  encodedPath,
  projectForCast,
  type RoleCast,
} from './support/projects'
import { itUnless } from './support/skip'
import { baseUrl, suiteDatabaseUrl } from './support/suite-state'
import type { ProjectJson } from './support/types'

// Pipelines are built from the repository's configuration on two shared cores.
jest.setTimeout(120_000)

interface TriggerJson {
  id: number
  token: string
  description: string | null
  created_at: string
  updated_at: string
  last_used: string | null
  expires_at: string | null
  owner: { id: number; username: string } | null
}

interface PipelineJson {
  id: number
  project_id: number
  ref: string
  status: string
  source: string
  user: { id: number } | null
  detailed_status: Record<string, unknown>
  [field: string]: unknown
}

const NOT_FOUND = { message: '404 Not Found' }
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const CI_CONFIG = [
  'build:',
  '  script: echo build',
  'triggered:',
  '  script: echo "$DEPLOY"',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE == "trigger"',
  '',
].join('\n')

async function createTrigger(token: string, projectId: number, description = 'deploy') {
  const res = await api<TriggerJson>(`/projects/${projectId}/triggers`, {
    method: 'POST',
    token,
    form: { description },
  })
  expect(res.status).toBe(201)
  return res.body
}

/** Pipeline trigger tokens and POST /projects/:id/(ref/:ref/)trigger/pipeline. */
describe('pipeline trigger tokens', () => {
  let cast: RoleCast
  let project: ProjectJson
  let mine: TriggerJson
  let theirs: TriggerJson

  beforeAll(async () => {
    cast = await castRoles()
    project = await projectForCast(cast, { visibility: 'private', initialize_with_readme: true })
    await commitFiles(cast.owner.token, project.id, 'main', [
      { action: 'create', file_path: '.gitlab-ci.yml', content: CI_CONFIG },
    ])
    mine = await createTrigger(cast.maintainer.token, project.id, 'mine')
    theirs = await createTrigger(cast.owner.token, project.id, 'theirs')
  })

  describe('managing tokens', () => {
    it('creates a glptt- token shown in full to its owner', () => {
      expect(mine).toEqual({
        id: expect.any(Number) as number,
        token: expect.stringMatching(/^glptt-[0-9a-f]{40}$/) as string,
        description: 'mine',
        created_at: expect.stringMatching(ISO_TIME) as string,
        updated_at: expect.stringMatching(ISO_TIME) as string,
        last_used: null,
        expires_at: null,
        owner: expect.objectContaining({ id: cast.maintainer.user.id }) as object,
      })
    })

    it('lists every token, others cut to four characters, with pagination headers', async () => {
      const res = await api<TriggerJson[]>(`/projects/${project.id}/triggers`, {
        token: cast.maintainer.token,
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('x-total')).toBe('2')
      expect(res.body.map((t) => t.token)).toEqual([mine.token, theirs.token.slice(0, 4)])
      const one = await api<TriggerJson>(
        `/projects/${encodedPath(project)}/triggers/${theirs.id}`,
        {
          token: cast.owner.token,
        },
      )
      expect(one.body.token).toBe(theirs.token)
    })

    it('needs Maintainer: Developer 403, anonymous 401, a stranger 404', async () => {
      const paths = [
        `/projects/${project.id}/triggers`,
        `/projects/${project.id}/triggers/${mine.id}`,
      ]
      for (const path of paths) {
        const developer = await api(path, { token: cast.developer.token })
        expect([developer.status, developer.body]).toEqual([403, FORBIDDEN])
        const anonymous = await api(path)
        expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
        const stranger = await api(path, { token: cast.stranger.token })
        expect([stranger.status, stranger.body]).toEqual([
          404,
          { message: '404 Project Not Found' },
        ])
      }
      const create = await api(`/projects/${project.id}/triggers`, {
        method: 'POST',
        token: cast.developer.token,
        body: { description: 'x' },
      })
      expect([create.status, create.body]).toEqual([403, FORBIDDEN])
      const remove = await api(`/projects/${project.id}/triggers/${mine.id}`, {
        method: 'DELETE',
        token: cast.developer.token,
      })
      expect([remove.status, remove.body]).toEqual([403, FORBIDDEN])
    })

    it('wants a description and a valid expiry', async () => {
      const missing = await api(`/projects/${project.id}/triggers`, {
        method: 'POST',
        token: cast.maintainer.token,
        body: {},
      })
      expect([missing.status, missing.body]).toEqual([400, { error: 'description is missing' }])
      const badDate = await api(`/projects/${project.id}/triggers`, {
        method: 'POST',
        token: cast.maintainer.token,
        body: { description: 'x', expires_at: '01/01/2050' },
      })
      expect([badDate.status, badDate.body]).toEqual([400, { error: 'expires_at is invalid' }])
      const expiring = await api<TriggerJson>(`/projects/${project.id}/triggers`, {
        method: 'POST',
        token: cast.maintainer.token,
        body: { description: 'soon', expires_at: '2099-01-01' },
      })
      expect(expiring.status).toBe(400)
      const dated = new Date(Date.now() + 20 * 86_400_000).toISOString()
      const ok = await api<TriggerJson>(`/projects/${project.id}/triggers`, {
        method: 'POST',
        token: cast.maintainer.token,
        body: { description: 'soon', expires_at: dated },
      })
      expect([ok.status, ok.body.expires_at]).toEqual([201, dated])
    })

    it('lets only the owner update; unknown ids are 404 Not found', async () => {
      const path = `/projects/${project.id}/triggers/${theirs.id}`
      const other = await api(path, {
        method: 'PUT',
        token: cast.maintainer.token,
        body: { description: 'x' },
      })
      expect([other.status, other.body]).toEqual([
        403,
        {
          message:
            '403 Forbidden - The current user is not authorized to update the pipeline trigger token',
        },
      ])
      const developer = await api(path, { method: 'PUT', token: cast.developer.token, body: {} })
      expect(developer.status).toBe(403)
      const updated = await api<TriggerJson>(path, {
        method: 'PUT',
        token: cast.owner.token,
        body: { description: 'renamed' },
      })
      expect([updated.status, updated.body.description]).toEqual([200, 'renamed'])
      const unknown = await api(`/projects/${project.id}/triggers/999999`, {
        token: cast.owner.token,
      })
      expect([unknown.status, unknown.body]).toEqual([404, { message: '404 Not found' }])
    })

    const suiteDatabase = suiteDatabaseUrl()
    const noPlainText = 'keeps no token in plain text in the database'
    itUnless(
      suiteDatabase ? undefined : 'the suite was started elsewhere: its database is not known',
      noPlainText,
    )(noPlainText, async () => {
      const client = new pg.Client({ connectionString: suiteDatabase })
      await client.connect()
      try {
        const rows = await client.query<{ row: string }>(
          'select t::text as row from ci_triggers.ci_triggers t',
        )
        const dump = rows.rows.map((r) => r.row).join('\n')
        expect(rows.rows.length).toBeGreaterThanOrEqual(2)
        for (const token of [mine.token, theirs.token]) {
          expect(dump).not.toContain(token.slice('glptt-'.length))
        }
      } finally {
        await client.end()
      }
    })
  })

  describe('triggering', () => {
    const trigger = (path: string, init: Parameters<typeof api>[1] = {}) =>
      api<PipelineJson>(path, { method: 'POST', ...init })

    it('creates a trigger pipeline as the owner, from a form, and marks the token used', async () => {
      const res = await trigger(`/projects/${project.id}/trigger/pipeline`, {
        form: { token: mine.token, ref: 'main', 'variables[DEPLOY]': 'yes' },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        project_id: project.id,
        ref: 'main',
        source: 'trigger',
        user: expect.objectContaining({ id: cast.maintainer.user.id }) as object,
      })
      expect(Object.keys(res.body.detailed_status).sort()).toEqual(
        [
          'details_path',
          'favicon',
          'group',
          'has_details',
          'icon',
          'illustration',
          'label',
          'text',
          'tooltip',
        ].sort(),
      )
      const variables = await api<{ key: string; value: string }[]>(
        `/projects/${project.id}/pipelines/${res.body.id}/variables`,
        { token: cast.maintainer.token },
      )
      expect(variables.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ key: 'DEPLOY', value: 'yes' })]),
      )
      const after = await api<TriggerJson>(`/projects/${project.id}/triggers/${mine.id}`, {
        token: cast.maintainer.token,
      })
      expect(after.body.last_used).toMatch(ISO_TIME)
    })

    it('takes JSON, the legacy ref path, and ignores a personal token sent along', async () => {
      const res = await trigger(`/projects/${encodedPath(project)}/ref/main/trigger/pipeline`, {
        query: { token: mine.token },
        body: { ref: 'ignored', variables: { DEPLOY: 'json' } },
        headers: { 'PRIVATE-TOKEN': 'not-a-token' },
      })
      expect([res.status, res.body.ref]).toEqual([201, 'main'])
    })

    it.each([
      ['a wrong token', () => `glptt-${'0'.repeat(40)}`, () => project.id],
      ['a token that is not a trigger token', () => 'nope', () => project.id],
      ['an unknown project', () => mine.token, () => 999_999_999],
    ])('answers 404 Not Found for %s', async (_name, token, projectId) => {
      const res = await trigger(`/projects/${projectId()}/trigger/pipeline`, {
        body: { token: token(), ref: 'main' },
      })
      expect([res.status, res.body]).toEqual([404, NOT_FOUND])
    })

    it("answers 404 Not Found for another project's token", async () => {
      const other = await projectForCast(cast, { initialize_with_readme: true })
      const res = await trigger(`/projects/${other.id}/trigger/pipeline`, {
        body: { token: mine.token, ref: 'main' },
      })
      expect([res.status, res.body]).toEqual([404, NOT_FOUND])
    })

    it('checks parameters, variables and the hook loop guard', async () => {
      const path = `/projects/${project.id}/trigger/pipeline`
      const cases: [Record<string, unknown>, number, unknown][] = [
        [{ ref: 'main' }, 400, { error: 'token is missing' }],
        [{ token: mine.token }, 400, { error: 'ref is missing' }],
        [
          { token: mine.token, ref: 'main', variables: 'v' },
          400,
          { error: 'variables is invalid' },
        ],
        [
          { token: mine.token, ref: 'main', variables: { A: ['1', '2'] } },
          400,
          { message: 'variables needs to be a map of key-valued strings' },
        ],
        [
          { token: mine.token, ref: 'nowhere' },
          400,
          { message: { base: ['Reference not found'] } },
        ],
      ]
      for (const [body, status, answer] of cases) {
        const res = await trigger(path, { body })
        expect([res.status, res.body]).toEqual([status, answer])
      }
      const hook = await trigger(path, {
        body: { token: mine.token, ref: 'main' },
        headers: { 'X-Gitlab-Event': 'Pipeline Hook' },
      })
      expect([hook.status, hook.body]).toEqual([403, FORBIDDEN])
    })

    it('no longer triggers with a deleted token', async () => {
      const doomed = await createTrigger(cast.maintainer.token, project.id, 'doomed')
      const removed = await api(`/projects/${project.id}/triggers/${doomed.id}`, {
        method: 'DELETE',
        token: cast.maintainer.token,
      })
      expect(removed.status).toBe(204)
      const res = await trigger(`/projects/${project.id}/trigger/pipeline`, {
        body: { token: doomed.token, ref: 'main' },
      })
      expect([res.status, res.body]).toEqual([404, NOT_FOUND])
    })
  })

  describe('with @gitbeaker/rest', () => {
    it('manages tokens and triggers with multipart variables', async () => {
      const client = new Gitlab({ host: baseUrl(), token: cast.maintainer.token })
      const created = await client.PipelineTriggerTokens.create(project.id, 'gitbeaker')
      expect(created.token).toMatch(/^glptt-/)
      const all = await client.PipelineTriggerTokens.all(project.id)
      expect(all.map((t) => t.id)).toContain(created.id)
      const shown = await client.PipelineTriggerTokens.show(project.id, created.id)
      expect(shown.token).toBe(created.token)
      const edited = await client.PipelineTriggerTokens.edit(project.id, created.id, {
        description: 'edited',
      })
      expect(edited.description).toBe('edited')
      const pipeline = await client.PipelineTriggerTokens.trigger(
        project.id,
        'main',
        created.token,
        {
          variables: { DEPLOY: 'gitbeaker' },
        },
      )
      expect(pipeline).toMatchObject({ source: 'trigger', ref: 'main' })
      await client.PipelineTriggerTokens.remove(project.id, created.id)
      const gone = await api(`/projects/${project.id}/triggers/${created.id}`, {
        token: cast.maintainer.token,
      })
      expect(gone.status).toBe(404)
    })
  })
})
