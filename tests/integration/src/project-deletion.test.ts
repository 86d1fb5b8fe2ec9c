import { join } from 'node:path'
import { api } from './support/api'
import { pushFiles, createPipeline, createProjectRunner } from './support/ci-jobs'
import { createIntegration, notify } from './support/alerts'
import { createUserWithToken, type UserWithToken } from './support/factories'
import { notFound } from './support/gitlab-errors'
import { HookReceiver } from './support/hook-receiver'
import { createMilestone, mrPath, openMergeRequest, waitForDiff } from './support/merge-requests'
import {
  startPrivateSuite,
  privateRedisUnavailable,
  type PrivateSuite,
} from './support/private-suite'
import { addProjectMember, createProject } from './support/projects'
import { countedTables, countProjectRows, repositoryExists } from './support/project-rows'
import { RunnerClient } from './support/runner-client'
import { describeUnless } from './support/skip'
import { DEVELOPER, type ProjectJson } from './support/types'
import { holdTableLocks, killRole, pollUntil } from './support/worker-crash'

// Issue 26, part 1: DELETE /projects/:id leaves nothing behind. A project with
// a merge request (notes, award emoji, milestone, diffs), a pipeline with a
// job and its log, a trigger token, a project runner, a job token scope
// entry, an alert integration and an alert, a webhook with a logged
// delivery, events, a star, a protected branch, a member and a pushed
// repository is deleted; its rows are counted in every table of every
// service's schema (found from the catalogue: a project column or a foreign
// key into such rows) and its repository on disk, before and after. The
// projects worker is killed with SIGKILL in the middle of its part (held on a
// table lock after it removed the events and hooks, before the repository),
// and the cleanup resumes when the launcher restarts it. A private suite:
// killing its worker touches no other test file.

const CI_CONFIG = 'test:\n  script: echo test\n'
const CLEANUP_TIMEOUT_MS = 120_000

const describeWithRedis = describeUnless(privateRedisUnavailable(), 'project-deletion.test.ts')

function expectCreated(what: string, res: { status: number; text: string }): void {
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${res.text}`)
}

describeWithRedis('DELETE /projects/:id removes everything, and resumes after a crash', () => {
  let suite: PrivateSuite
  let databaseUrl: string
  let repositoryRoot: string
  let owner: UserWithToken
  let developer: UserWithToken
  let project: ProjectJson
  let survivor: ProjectJson
  let runnerId: number
  const receiver = new HookReceiver()

  beforeAll(async () => {
    suite = await startPrivateSuite()
    databaseUrl = suite.state.databaseUrl as string
    repositoryRoot = join(suite.state.tempDir as string, 'repositories')
    await receiver.start()
    const settings = await api('/application/settings', {
      method: 'PUT',
      token: suite.rootToken,
      body: { allow_local_requests_from_web_hooks_and_services: true },
    })
    expect(settings.status).toBe(200)

    owner = await createUserWithToken()
    developer = await createUserWithToken()
    survivor = await createProject(owner.token, { initialize_with_readme: true })
    project = await createProject(owner.token, { initialize_with_readme: true })
    await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
    // A push over git: the repository on disk and a push event.
    await pushFiles(owner, project, { '.gitlab-ci.yml': CI_CONFIG })

    // A merge request with notes, an award emoji, a milestone, a time log and its diff.
    const milestone = await createMilestone(owner.token, project.id)
    const { mr, head } = await openMergeRequest(owner.token, project.id, {
      milestone_id: milestone.id,
      labels: 'bug',
      assignee_ids: [developer.user.id],
    })
    await waitForDiff(owner.token, project.id, mr.iid, head)
    for (const body of ['first note', 'second note']) {
      const note = await api(mrPath(project.id, mr.iid, '/notes'), {
        method: 'POST',
        token: owner.token,
        body: { body },
      })
      expectCreated('note', note)
    }
    expectCreated(
      'award emoji',
      await api(mrPath(project.id, mr.iid, '/award_emoji'), {
        method: 'POST',
        token: developer.token,
        body: { name: 'thumbsup' },
      }),
    )
    expectCreated(
      'time spent',
      await api(mrPath(project.id, mr.iid, '/add_spent_time'), {
        method: 'POST',
        token: owner.token,
        body: { duration: '1h' },
      }),
    )

    // An issue with an assignee and a label.
    expectCreated(
      'issue',
      await api(`/projects/${project.id}/issues`, {
        method: 'POST',
        token: owner.token,
        body: { title: 'An issue', labels: 'bug', assignee_ids: [developer.user.id] },
      }),
    )

    // A pipeline whose job a project runner took and logged to; a trigger token; a job token scope entry.
    const created = await createProjectRunner(owner.token, project.id)
    runnerId = created.id
    const runner = new RunnerClient(created.token)
    expect((await runner.verify()).status).toBe(200)
    await createPipeline(owner.token, project.id)
    const job = await runner.waitForJob(60_000)
    expect((await runner.patchTrace(job.id, job.token, 'building\n', 0)).status).toBe(202)
    expectCreated(
      'trigger',
      await api(`/projects/${project.id}/triggers`, {
        method: 'POST',
        token: owner.token,
        body: { description: 'deploy' },
      }),
    )
    expectCreated(
      'job token scope',
      await api(`/projects/${project.id}/job_token_scope/allowlist`, {
        method: 'POST',
        token: owner.token,
        body: { target_project_id: survivor.id },
      }),
    )

    // An alert integration and an alert through it.
    const integration = await createIntegration(owner.token, project.id, {
      name: 'Monitoring',
      active: true,
    })
    const alerted = await notify(integration.url, integration.token, { title: 'Disk full' })
    expect(alerted.status).toBe(200)

    // A webhook with a logged delivery, a star and a protected branch.
    const hook = await api<{ id: number }>(`/projects/${project.id}/hooks`, {
      method: 'POST',
      token: owner.token,
      body: { url: receiver.url('/deleted'), push_events: true },
    })
    expectCreated('hook', hook)
    expectCreated(
      'hook test',
      await api(`/projects/${project.id}/hooks/${hook.body.id}/test/push_events`, {
        method: 'POST',
        token: owner.token,
      }),
    )
    expectCreated(
      'star',
      await api(`/projects/${project.id}/star`, { method: 'POST', token: developer.token }),
    )
    expectCreated(
      'protected branch',
      await api(`/projects/${project.id}/protected_branches`, {
        method: 'POST',
        token: owner.token,
        body: { name: 'release/*' },
      }),
    )
  }, 300_000)

  afterAll(async () => {
    await receiver.stop()
    await suite?.stop()
  }, 60_000)

  it('answers 202, is gone at once everywhere, and its rows and repository go, after a kill too', async () => {
    const tables = await countedTables(databaseUrl)
    // The counting reaches every service's schema.
    for (const schema of [
      'identity.',
      'projects.',
      'merge_requests.',
      'ci_triggers.',
      'alerting.',
    ]) {
      expect(tables.some((table) => table.startsWith(schema))).toBe(true)
    }
    const before = await countProjectRows(databaseUrl, project.id)
    const survivorBefore = await countProjectRows(databaseUrl, survivor.id)
    for (const table of [
      'identity.members',
      'projects.projects',
      'projects.events',
      'projects.push_event_payloads',
      'projects.web_hooks',
      'projects.web_hook_logs',
      'projects.users_star_projects',
      'projects.protected_branches',
      'merge_requests.merge_requests',
      'merge_requests.notes',
      'merge_requests.merge_request_diffs',
      'merge_requests.merge_request_diff_files',
      'merge_requests.award_emoji',
      'merge_requests.timelogs',
      'merge_requests.milestones',
      'merge_requests.labels',
      'merge_requests.project_access_facts',
      'merge_requests.issues',
      'merge_requests.issue_assignees',
      'merge_requests.issue_labels',
      'ci_triggers.pipelines',
      'ci_triggers.jobs',
      'ci_triggers.job_traces',
      'ci_triggers.ci_triggers',
      'ci_triggers.runner_projects',
      'ci_triggers.job_token_allowlist',
      'alerting.alert_management_http_integrations',
      'alerting.alert_management_alerts',
    ]) {
      expect([table, before[table] ?? 0]).toEqual([table, expect.any(Number)])
      expect([table, (before[table] ?? 0) > 0]).toEqual([table, true])
    }
    expect(repositoryExists(repositoryRoot, project.id)).toBe(true)

    // Read once, so the gateway's caches hold the project.
    const path = `/projects/${project.id}`
    expect((await api(path, { token: owner.token })).status).toBe(200)

    // The projects worker will stop on this lock, after the events and hooks, before the repository.
    const locks = await holdTableLocks(databaseUrl, ['projects.ref_write_intents'])
    let workerBefore: number
    try {
      const deleted = await api(path, { method: 'DELETE', token: owner.token })
      expect([deleted.status, deleted.body]).toEqual([202, { message: '202 Accepted' }])

      // Gone at once: the project, its lists, its merge requests and pipelines, a second delete.
      expect((await api(path, { token: owner.token })).body).toEqual(notFound('Project'))
      expect((await api(path, { token: suite.rootToken })).status).toBe(404)
      const owned = await api<ProjectJson[]>('/projects', {
        token: owner.token,
        query: { owned: true, per_page: 100 },
      })
      expect(owned.body.map((p) => p.id)).toEqual([survivor.id])
      expect((await api(mrPath(project.id), { token: owner.token })).status).toBe(404)
      expect((await api(`${path}/pipelines`, { token: owner.token })).status).toBe(404)
      expect((await api(path, { method: 'DELETE', token: owner.token })).status).toBe(404)

      // The projects worker is in the middle: events and hooks gone, waiting on the lock.
      expect(await locks.waitForWaiter('ref_write_intents')).toBe(true)
      const middle = await countProjectRows(databaseUrl, project.id)
      expect(middle['projects.events']).toBeUndefined()
      expect(middle['projects.web_hooks']).toBeUndefined()
      expect(middle['projects.projects']).toBe(1)
      expect(repositoryExists(repositoryRoot, project.id)).toBe(true)
      workerBefore = killRole(suite, 'projects worker')
    } finally {
      await locks.release()
    }

    // The launcher starts the worker again; the job comes back when its lock lapses and finishes.
    const after = await pollUntil(
      () => countProjectRows(databaseUrl, project.id),
      (rows) => Object.keys(rows).length === 0 && !repositoryExists(repositoryRoot, project.id),
      CLEANUP_TIMEOUT_MS,
    )
    expect(after).toEqual({})
    expect(repositoryExists(repositoryRoot, project.id)).toBe(false)
    const workerAfter = suite.pidOf('projects worker')
    expect(workerAfter).toBeDefined()
    expect(workerAfter).not.toBe(workerBefore)
    // The project's own runner served no other project: it went with it.
    expect((await api(`/runners/${runnerId}`, { token: suite.rootToken })).status).toBe(404)

    // The other project keeps everything but the job token scope entry that named the deleted one.
    const survivorAfter = await countProjectRows(databaseUrl, survivor.id)
    const { 'ci_triggers.job_token_allowlist': _gone, ...kept } = survivorBefore
    expect(survivorAfter).toEqual(kept)
    expect(repositoryExists(repositoryRoot, survivor.id)).toBe(true)
    expect((await api(`/projects/${survivor.id}`, { token: owner.token })).status).toBe(200)
  }, 240_000)
})
