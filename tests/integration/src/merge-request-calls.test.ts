import { Gitlab } from '@gitbeaker/rest'
import { api, eventually } from './support/api'
import { createPipeline } from './support/ci-jobs'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import { UNAUTHORIZED } from './support/gitlab-errors'
import { git, gitOk, withTempDir, cloneUrl } from './support/git'
import {
  branchHead,
  createMergeRequest,
  featureBranch,
  mrPath,
  projectWithMain,
  sortedIids,
  waitForDiff,
  waitForMergeRequest,
  WORKER_TIMEOUT_MS,
  type MergeRequestJson,
} from './support/merge-requests'
import {
  addProjectMember,
  commitFiles,
  letDevelopersMerge,
  type CommitAction,
} from './support/projects'
import { baseUrl } from './support/suite-state'
import { DEVELOPER, REPORTER, type ProjectJson } from './support/types'

// Lane C: rebase, cancel auto-merge, a discussion's note, `in` on the lists,
// and assignees and reviewers who may not read the project.

jest.setTimeout(150_000)

/** Push pipelines would race the one a test creates: only API pipelines run. */
const CI_CONFIG = `workflow:
  rules:
    - if: $CI_PIPELINE_SOURCE == "push"
      when: never
    - when: always

test:
  script:
    - echo checking
`

interface CallsJson extends MergeRequestJson {
  merge_when_pipeline_succeeds: boolean
  merge_error: string | null
  rebase_in_progress?: boolean
  head_pipeline: { id: number; status: string } | null
}

interface NoteJson {
  id: number
  body: string
  noteable_type: string
  [field: string]: unknown
}

describe('merge request calls', () => {
  let owner: UserWithToken
  let developer: UserWithToken
  let reporter: UserWithToken
  let outsider: UserWithToken
  let project: ProjectJson

  beforeAll(async () => {
    ;[owner, developer, reporter, outsider] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    ;({ project } = await projectWithMain(owner, { visibility: 'private' }))
    await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
    await addProjectMember(project.id, reporter.user.id, REPORTER, owner.token)
    await letDevelopersMerge(owner.token, project.id, 'main')
  }, 60_000)

  /** A merge request from a new branch, once its diff is collected. */
  async function openRequest(
    actions?: CommitAction[],
    attributes: Record<string, unknown> = {},
  ): Promise<{ mr: CallsJson; branch: string; head: string }> {
    const branch = uniqueName('calls')
    const head = await featureBranch(owner.token, project.id, branch, actions)
    const mr = (await createMergeRequest(owner.token, project.id, {
      source_branch: branch,
      target_branch: 'main',
      title: `Calls ${branch}`,
      ...attributes,
    })) as CallsJson
    await waitForDiff(owner.token, project.id, mr.iid, head)
    return { mr, branch, head }
  }

  /** Polls GET ?include_rebase_in_progress=true until the rebase has finished. */
  async function waitForRebase(iid: number): Promise<CallsJson> {
    let last: CallsJson | undefined
    const done = await eventually(async () => {
      const res = await api<CallsJson>(mrPath(project.id, iid), {
        token: owner.token,
        query: { include_rebase_in_progress: true },
      })
      last = res.body
      return res.status === 200 && res.body.rebase_in_progress === false
    }, WORKER_TIMEOUT_MS)
    if (!done || !last) throw new Error(`!${iid}: rebase not finished: ${JSON.stringify(last)}`)
    return last
  }

  describe('PUT .../rebase', () => {
    it('answers 202 and replays the source branch on the target head, as git sees it (gitbeaker)', async () => {
      const { mr, branch, head } = await openRequest()
      const mainHead = (
        await commitFiles(owner.token, project.id, 'main', [
          { action: 'create', file_path: `${branch}-main.txt`, content: 'main moved\n' },
        ])
      ).id
      const gitlab = new Gitlab({ host: baseUrl(), token: owner.token })
      const answer = await gitlab.MergeRequests.rebase(project.id, mr.iid, { skipCI: true })
      expect(answer).toEqual({ rebase_in_progress: true })

      const after = await waitForRebase(mr.iid)
      expect(after.merge_error).toBeNull()
      const rebased = await branchHead(owner.token, project.id, branch)
      expect(rebased).not.toBe(head)
      // Real git: the new head sits on main's head, and carries the branch's change.
      await withTempDir(async (dir) => {
        const url = cloneUrl(project.path_with_namespace, {
          username: owner.user.username,
          token: owner.token,
        })
        await gitOk(['clone', '--quiet', url, 'repo'], dir)
        const repo = `${dir}/repo`
        await gitOk(['fetch', '--quiet', 'origin', branch], repo)
        const parent = await git(['rev-parse', 'FETCH_HEAD^'], repo)
        expect(parent.stdout.trim()).toBe(mainHead)
        const fetched = await git(['rev-parse', 'FETCH_HEAD'], repo)
        expect(fetched.stdout.trim()).toBe(rebased)
        const files = await git(['show', '--name-only', '--format=', 'FETCH_HEAD'], repo)
        expect(files.stdout.trim()).toBe(`${branch}.txt`)
      })
      // The merge request follows the new head (a branch update, a new diff version).
      await waitForDiff(owner.token, project.id, mr.iid, rebased)
    })

    it('leaves merge_error and the branch when the rebase conflicts', async () => {
      const { mr, branch, head } = await openRequest([
        { action: 'update', file_path: 'README.md', content: 'from the branch\n' },
      ])
      await commitFiles(owner.token, project.id, 'main', [
        { action: 'update', file_path: 'README.md', content: `from main ${branch}\n` },
      ])
      const res = await api(mrPath(project.id, mr.iid, '/rebase'), {
        method: 'PUT',
        token: developer.token,
      })
      expect([res.status, res.body]).toEqual([202, { rebase_in_progress: true }])
      const after = await waitForRebase(mr.iid)
      expect(after.merge_error).toBe(
        'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.',
      )
      expect(await branchHead(owner.token, project.id, branch)).toBe(head)
    })

    it('refuses who cannot push (403), a branch protected from force push (403), and is 404 for outsiders', async () => {
      const { mr, branch } = await openRequest()
      const path = mrPath(project.id, mr.iid, '/rebase')
      const asReporter = await api(path, { method: 'PUT', token: reporter.token })
      expect([asReporter.status, asReporter.body]).toEqual([
        403,
        { message: '403 Forbidden - Cannot push to source branch' },
      ])
      const asOutsider = await api(path, { method: 'PUT', token: outsider.token })
      expect(asOutsider.status).toBe(404)
      const anonymous = await api(path, { method: 'PUT' })
      expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])

      const protect = await api(`/projects/${project.id}/protected_branches`, {
        method: 'POST',
        token: owner.token,
        body: { name: branch, push_access_level: 30, allow_force_push: false },
      })
      expect(protect.status).toBe(201)
      const protectedAnswer = await api(path, { method: 'PUT', token: owner.token })
      expect([protectedAnswer.status, protectedAnswer.body]).toEqual([
        403,
        { message: '403 Forbidden - Source branch is protected from force push' },
      ])
      const shown = await api<CallsJson>(mrPath(project.id, mr.iid), {
        token: owner.token,
        query: { include_rebase_in_progress: true },
      })
      expect(shown.body.rebase_in_progress).toBe(false)
    })
  })

  describe('GET .../merge_ref', () => {
    it('writes the merge of the request into its target to refs/merge-requests/:iid/merge, as git sees it', async () => {
      const { mr, head } = await openRequest()
      const mainHead = await branchHead(owner.token, project.id, 'main')
      const path = mrPath(project.id, mr.iid, '/merge_ref')
      const res = await api<{ commit_id: string }>(path, { token: reporter.token })
      expect(res.status).toBe(200)
      expect(Object.keys(res.body)).toEqual(['commit_id'])
      await withTempDir(async (dir) => {
        const url = cloneUrl(project.path_with_namespace, {
          username: owner.user.username,
          token: owner.token,
        })
        await gitOk(['init', '--quiet', '--bare', 'repo.git'], dir)
        const repo = `${dir}/repo.git`
        await gitOk(['fetch', '--quiet', url, `refs/merge-requests/${mr.iid}/merge`], repo)
        const fetched = await git(['rev-parse', 'FETCH_HEAD'], repo)
        expect(fetched.stdout.trim()).toBe(res.body.commit_id)
        const parents = await git(['rev-parse', 'FETCH_HEAD^1', 'FETCH_HEAD^2'], repo)
        expect(parents.stdout.trim().split('\n')).toEqual([mainHead, head])
      })
      expect(await branchHead(owner.token, project.id, 'main')).toBe(mainHead)
      const hidden = await api(path, { token: outsider.token })
      expect(hidden.status).toBe(404)
      const anonymous = await api(path)
      expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
    })

    it('answers 400 for a draft and for a request that conflicts', async () => {
      const draft = await openRequest(undefined, { title: `Draft: ${uniqueName('d')}` })
      const drafted = await api(mrPath(project.id, draft.mr.iid, '/merge_ref'), {
        token: owner.token,
      })
      expect([drafted.status, drafted.body]).toEqual([
        400,
        { message: 'Merge request is not mergeable' },
      ])
      const { mr, branch } = await openRequest([
        { action: 'update', file_path: 'README.md', content: 'branch side\n' },
      ])
      await commitFiles(owner.token, project.id, 'main', [
        { action: 'update', file_path: 'README.md', content: `main side ${branch}\n` },
      ])
      const conflicted = await api(mrPath(project.id, mr.iid, '/merge_ref'), { token: owner.token })
      expect([conflicted.status, conflicted.body]).toEqual([
        400,
        { message: 'Merge request is not mergeable' },
      ])
    })
  })

  describe('POST .../cancel_merge_when_pipeline_succeeds', () => {
    it('cancels auto-merge (201 and AutoMergeService’s hash), refuses with 401 who may not, and answers the error hash when none is set', async () => {
      await commitFiles(owner.token, project.id, 'main', [
        { action: 'create', file_path: '.gitlab-ci.yml', content: CI_CONFIG },
      ])
      const { mr, branch, head } = await openRequest()
      const pipeline = await createPipeline(owner.token, project.id, branch)
      expect(pipeline.sha).toBe(head)
      await waitForMergeRequest(
        owner.token,
        project.id,
        mr.iid,
        'head pipeline',
        (seen) => (seen as CallsJson).head_pipeline?.id === pipeline.id,
      )
      const set = await api<CallsJson>(mrPath(project.id, mr.iid, '/merge'), {
        method: 'PUT',
        token: developer.token,
        body: { merge_when_pipeline_succeeds: true, sha: head },
      })
      expect([set.status, set.body.merge_when_pipeline_succeeds]).toEqual([200, true])

      const path = mrPath(project.id, mr.iid, '/cancel_merge_when_pipeline_succeeds')
      const refused = await api(path, { method: 'POST', token: reporter.token })
      expect([refused.status, refused.body]).toEqual([401, UNAUTHORIZED])
      const hidden = await api(path, { method: 'POST', token: outsider.token })
      expect(hidden.status).toBe(404)

      const gitlab = new Gitlab({ host: baseUrl(), token: developer.token })
      expect(await gitlab.MergeRequests.cancelOnPipelineSuccess(project.id, mr.iid)).toEqual({
        status: 'success',
      })
      const after = await api<CallsJson>(mrPath(project.id, mr.iid), { token: owner.token })
      expect([after.body.merge_when_pipeline_succeeds, after.body.merge_user]).toEqual([
        false,
        null,
      ])
      const again = await api(path, { method: 'POST', token: developer.token })
      expect([again.status, again.body]).toEqual([
        201,
        { status: 'error', message: "Can't cancel the automatic merge", http_status: 406 },
      ])
    })
  })

  describe('GET .../discussions/:discussion_id/notes/:note_id', () => {
    it('answers a note of a merge request’s and of an issue’s discussion, signed in only', async () => {
      const { mr } = await openRequest()
      for (const noteable of [
        mrPath(project.id, mr.iid),
        `/projects/${project.id}/issues/${await newIssueIid()}`,
      ]) {
        const thread = await api<{ id: string; notes: NoteJson[] }>(`${noteable}/discussions`, {
          method: 'POST',
          token: owner.token,
          body: { body: 'A thread' },
        })
        expect(thread.status).toBe(201)
        const reply = await api<NoteJson>(`${noteable}/discussions/${thread.body.id}/notes`, {
          method: 'POST',
          token: developer.token,
          body: { body: 'A reply' },
        })
        const path = `${noteable}/discussions/${thread.body.id}/notes/${reply.body.id}`
        const read = await api<NoteJson>(path, { token: reporter.token })
        expect([read.status, read.body.id, read.body.body]).toEqual([200, reply.body.id, 'A reply'])
        const viaNotes = await api<NoteJson>(`${noteable}/notes/${reply.body.id}`, {
          token: reporter.token,
        })
        expect(read.body).toEqual(viaNotes.body)
        const anonymous = await api(path)
        expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
        const missingNote = await api(`${noteable}/discussions/${thread.body.id}/notes/999999999`, {
          token: reporter.token,
        })
        expect([missingNote.status, missingNote.body]).toEqual([
          404,
          { message: '404 Note Not Found' },
        ])
      }
    })
  })

  async function newIssueIid(attributes: Record<string, unknown> = {}): Promise<number> {
    const res = await api<{ iid: number }>(`/projects/${project.id}/issues`, {
      method: 'POST',
      token: owner.token,
      body: { title: uniqueName('issue'), ...attributes },
    })
    expect(res.status).toBe(201)
    return res.body.iid
  }

  describe('search with in=', () => {
    it('matches titles only, descriptions only, or both, on merge request and issue lists', async () => {
      const word = uniqueName('needle').replace(/[^a-z0-9]/g, '')
      const inTitle = await openRequest(undefined, { title: `Fix ${word}`, description: 'plain' })
      const inBody = await openRequest(undefined, { title: 'Plain', description: `About ${word}` })
      const issueTitle = await newIssueIid({ title: `Issue ${word}` })
      const issueBody = await newIssueIid({ description: `Issue body ${word}` })
      for (const [list, titled, described] of [
        [`/projects/${project.id}/merge_requests`, inTitle.mr.iid, inBody.mr.iid],
        [`/projects/${project.id}/issues`, issueTitle, issueBody],
      ] as const) {
        const found = async (scope?: string) => {
          const res = await api<{ iid: number }[]>(list, {
            token: owner.token,
            query: { search: word, ...(scope ? { in: scope } : {}) },
          })
          expect(res.status).toBe(200)
          return sortedIids(res.body)
        }
        expect(await found('title')).toEqual([titled])
        expect(await found('description')).toEqual([described])
        expect(await found()).toEqual([titled, described].sort((a, b) => a - b))
        expect(await found('title,description')).toEqual([titled, described].sort((a, b) => a - b))
      }
    })
  })

  describe('assignees and reviewers', () => {
    it('drops users who may not read the project, on create and update, for merge requests and issues', async () => {
      const ids = [developer.user.id, outsider.user.id]
      const { mr } = await openRequest(undefined, { assignee_ids: ids, reviewer_ids: ids })
      const created = await api<CallsJson>(mrPath(project.id, mr.iid), { token: owner.token })
      expect(created.body.assignees.map((user) => user.id)).toEqual([developer.user.id])
      expect(created.body.reviewers.map((user) => user.id)).toEqual([developer.user.id])

      const updated = await api<CallsJson>(mrPath(project.id, mr.iid), {
        method: 'PUT',
        token: owner.token,
        body: {
          assignee_ids: [outsider.user.id, reporter.user.id],
          reviewer_ids: [outsider.user.id],
        },
      })
      expect(updated.status).toBe(200)
      expect(updated.body.assignees.map((user) => user.id)).toEqual([reporter.user.id])
      expect(updated.body.reviewers).toEqual([])

      const issue = await api<{ iid: number; assignees: { id: number }[] }>(
        `/projects/${project.id}/issues`,
        { method: 'POST', token: owner.token, body: { title: 'Assigned', assignee_ids: ids } },
      )
      expect(issue.body.assignees.map((user) => user.id)).toEqual([developer.user.id])
      const reassigned = await api<{ assignees: { id: number }[] }>(
        `/projects/${project.id}/issues/${issue.body.iid}`,
        { method: 'PUT', token: owner.token, body: { assignee_ids: [outsider.user.id] } },
      )
      expect([reassigned.status, reassigned.body.assignees]).toEqual([200, []])
    })
  })

  describe('resource label and milestone events', () => {
    interface LabelEventJson {
      id: number
      user: { id: number } | null
      resource_type: string
      resource_id: number
      label: { id: number; name: string } | null
      action: string
      created_at: string
    }
    interface MilestoneEventJson {
      id: number
      user: { id: number } | null
      resource_type: string
      resource_id: number
      milestone: { id: number; title: string } | null
      action: string
      state: string
    }

    it('records labels and milestones added and removed, read by the request’s readers', async () => {
      const milestone = await api<{ id: number; title: string }>(
        `/projects/${project.id}/milestones`,
        { method: 'POST', token: owner.token, body: { title: uniqueName('ms') } },
      )
      expect(milestone.status).toBe(201)
      const { mr } = await openRequest(undefined, {
        labels: 'alpha,beta',
        milestone_id: milestone.body.id,
      })
      const updated = await api(mrPath(project.id, mr.iid), {
        method: 'PUT',
        token: developer.token,
        body: { add_labels: 'gamma', remove_labels: 'alpha', milestone_id: 0 },
      })
      expect(updated.status).toBe(200)

      const labels = await api<LabelEventJson[]>(
        mrPath(project.id, mr.iid, '/resource_label_events'),
        {
          token: reporter.token,
        },
      )
      expect([labels.status, labels.headers.get('x-total')]).toEqual([200, '4'])
      const seen = labels.body.map((event) => [event.action, event.label?.name, event.user?.id])
      expect(seen.slice(0, 2).sort()).toEqual([
        ['add', 'alpha', owner.user.id],
        ['add', 'beta', owner.user.id],
      ])
      expect(seen.slice(2).sort()).toEqual([
        ['add', 'gamma', developer.user.id],
        ['remove', 'alpha', developer.user.id],
      ])
      expect(labels.body[0]).toMatchObject({ resource_type: 'MergeRequest', resource_id: mr.id })

      const milestones = await api<MilestoneEventJson[]>(
        mrPath(project.id, mr.iid, '/resource_milestone_events'),
        { token: reporter.token },
      )
      expect(milestones.status).toBe(200)
      expect(
        milestones.body.map((event) => [
          event.action,
          event.milestone?.id,
          event.state,
          event.user?.id,
        ]),
      ).toEqual([
        ['add', milestone.body.id, 'opened', owner.user.id],
        ['remove', milestone.body.id, 'opened', developer.user.id],
      ])

      const [first] = labels.body
      const one = await api(mrPath(project.id, mr.iid, `/resource_label_events/${first?.id}`), {
        token: reporter.token,
      })
      expect([one.status, one.body]).toEqual([200, first])
      const other = await openRequest()
      const elsewhere = await api(
        mrPath(project.id, other.mr.iid, `/resource_label_events/${first?.id}`),
        { token: owner.token },
      )
      expect([elsewhere.status, elsewhere.body]).toEqual([404, { message: '404 Not found' }])
      const oneMilestone = await api(
        mrPath(project.id, mr.iid, `/resource_milestone_events/${milestones.body[1]?.id}`),
        { token: owner.token },
      )
      expect([oneMilestone.status, oneMilestone.body]).toEqual([200, milestones.body[1]])
      const hidden = await api(mrPath(project.id, mr.iid, '/resource_milestone_events'), {
        token: outsider.token,
      })
      expect(hidden.status).toBe(404)
      const anonymous = await api(mrPath(project.id, mr.iid, '/resource_label_events'))
      expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
    })
  })
})
