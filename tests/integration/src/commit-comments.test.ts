import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import { uniqueName, type UserWithToken } from './support/factories'
import { FORBIDDEN, UNAUTHORIZED, invalid, missing, notFound } from './support/gitlab-errors'
import { HookReceiver, type ReceivedHook } from './support/hook-receiver'
import { featureBranch } from './support/merge-requests'
import { castRoles, projectForCast, type RoleCast } from './support/projects'
import { baseUrl, rootToken } from './support/suite-state'
import type { ProjectJson } from './support/types'

/**
 * Commit comments and commit discussions (lib/api/commits.rb's comments,
 * lib/api/discussions.rb's Commit noteable), as python-gitlab's
 * commit.comments / commit.discussions and gitbeaker's Commits and
 * CommitDiscussions call them. The notes live in the merge-requests service;
 * the repository role resolves the SHA, branch or tag.
 */

interface CommitNoteJson {
  note: string
  path: string | null
  line: number | null
  line_type: string | null
  author: { id: number; username: string }
  created_at: string
}

interface NoteJson {
  id: number
  type: string | null
  body: string
  author: { id: number }
  noteable_id: number | null
  noteable_type: string
  noteable_iid: number | null
  commit_id?: string
  project_id: number
  resolvable: boolean
  system: boolean
}

interface DiscussionJson {
  id: string
  individual_note: boolean
  notes: NoteJson[]
}

const UNKNOWN_SHA = 'f'.repeat(40)

describe('commit comments and discussions', () => {
  let cast: RoleCast
  let owner: UserWithToken
  let project: ProjectJson
  let publicProject: ProjectJson
  let branch: string
  let sha: string

  const commitPath = (ref: string, tail: string, of: ProjectJson = project) =>
    `/projects/${of.id}/repository/commits/${encodeURIComponent(ref)}${tail}`

  beforeAll(async () => {
    cast = await castRoles()
    owner = cast.owner
    ;[project, publicProject] = await Promise.all([
      projectForCast(cast, { initialize_with_readme: true }),
      projectForCast(cast, { initialize_with_readme: true, visibility: 'public' }),
    ])
    branch = uniqueName('notes')
    sha = await featureBranch(owner.token, project.id, branch, [
      { action: 'create', file_path: 'notes.txt', content: 'one\ntwo\nthree\n' },
    ])
  })

  describe('POST and GET /repository/commits/:sha/comments', () => {
    it('keeps a plain comment and lists the commit comments oldest first, by SHA or branch', async () => {
      const first = await api<CommitNoteJson>(commitPath(sha, '/comments'), {
        method: 'POST',
        token: owner.token,
        body: { note: 'First look' },
      })
      expect(first.status).toBe(201)
      expect(Object.keys(first.body)).toEqual([
        'note',
        'path',
        'line',
        'line_type',
        'author',
        'created_at',
      ])
      expect(first.body).toMatchObject({
        note: 'First look',
        path: null,
        line: null,
        line_type: null,
        author: { id: owner.user.id, username: owner.user.username },
      })
      const second = await api<CommitNoteJson>(commitPath(branch, '/comments'), {
        method: 'POST',
        token: cast.reporter.token,
        body: { note: 'Second look' },
      })
      expect(second.status).toBe(201)

      const listed = await api<CommitNoteJson[]>(commitPath(branch, '/comments'), {
        token: cast.reporter.token,
      })
      expect(listed.status).toBe(200)
      expect(listed.headers.get('x-total')).toBe('2')
      expect(listed.body.map((comment) => comment.note)).toEqual(['First look', 'Second look'])
      const paged = await api<CommitNoteJson[]>(commitPath(sha, '/comments'), {
        token: owner.token,
        query: { per_page: 1, page: 2 },
      })
      expect(paged.body.map((comment) => comment.note)).toEqual(['Second look'])
      // Another commit has none of them.
      const main = await api<CommitNoteJson[]>(commitPath('main', '/comments'), {
        token: owner.token,
      })
      expect(main.status).toBe(200)
      expect(main.body).toEqual([])
    })

    it('puts an inline comment on a line of the diff, and a plain one where the diff has none', async () => {
      const inline = await api<CommitNoteJson>(commitPath(sha, '/comments'), {
        method: 'POST',
        token: owner.token,
        body: { note: 'This line', path: 'notes.txt', line: 2, line_type: 'new' },
      })
      expect(inline.status).toBe(201)
      expect(inline.body).toMatchObject({ path: 'notes.txt', line: 2, line_type: 'new' })
      for (const body of [
        { note: 'Nowhere', path: 'notes.txt', line: 9 },
        { note: 'Other file', path: 'missing.txt', line: 1 },
        { note: 'Removed?', path: 'notes.txt', line: 2, line_type: 'old' },
      ]) {
        const plain = await api<CommitNoteJson>(commitPath(sha, '/comments'), {
          method: 'POST',
          token: owner.token,
          body,
        })
        expect(plain.status).toBe(201)
        expect(plain.body).toMatchObject({ path: null, line: null, line_type: null })
      }
      const listed = await api<CommitNoteJson[]>(commitPath(sha, '/comments'), {
        token: owner.token,
        query: { per_page: 100 },
      })
      expect(listed.body.find((comment) => comment.note === 'This line')).toMatchObject({
        path: 'notes.txt',
        line: 2,
        line_type: 'new',
      })
    })

    it('answers GitLab errors for an unknown commit and bad parameters', async () => {
      for (const ref of [UNKNOWN_SHA, 'no-such-branch', '1234ab']) {
        const read = await api(commitPath(ref, '/comments'), { token: owner.token })
        expect([read.status, read.body]).toEqual([404, notFound('Commit')])
        const write = await api(commitPath(ref, '/comments'), {
          method: 'POST',
          token: owner.token,
          body: { note: 'x' },
        })
        expect([write.status, write.body]).toEqual([404, notFound('Commit')])
      }
      const bad = async (body: Record<string, unknown>) => {
        const res = await api(commitPath(sha, '/comments'), {
          method: 'POST',
          token: owner.token,
          body,
        })
        return [res.status, res.body]
      }
      expect(await bad({})).toEqual([400, missing('note')])
      expect(await bad({ note: 'x', path: 'notes.txt' })).toEqual([400, missing('line')])
      expect(await bad({ note: 'x', path: 'notes.txt', line: 1, line_type: 'both' })).toEqual([
        400,
        { error: 'line_type does not have a valid value' },
      ])
      expect(await bad({ note: 'x', path: 'notes.txt', line: 'one' })).toEqual([
        400,
        invalid('line'),
      ])
    })

    it('lets every role that reads the code comment: a private and a public project', async () => {
      const publicSha = await featureBranch(owner.token, publicProject.id, uniqueName('pub'))
      const roles = ['owner', 'maintainer', 'developer', 'reporter', 'guest', 'stranger'] as const
      const expected: Record<'private' | 'public', Record<string, number>> = {
        // A Guest does not read a private project's code (403); a non-member does not see it (404).
        private: {
          owner: 201,
          maintainer: 201,
          developer: 201,
          reporter: 201,
          guest: 403,
          stranger: 404,
          anonymous: 404,
        },
        public: {
          owner: 201,
          maintainer: 201,
          developer: 201,
          reporter: 201,
          guest: 201,
          stranger: 201,
          anonymous: 401,
        },
      }
      for (const [visibility, target, ref] of [
        ['private', project, sha],
        ['public', publicProject, publicSha],
      ] as const) {
        const seen: Record<string, number> = {}
        for (const role of [...roles, 'anonymous' as const]) {
          const token = role === 'anonymous' ? undefined : cast[role].token
          const res = await api(commitPath(ref, '/comments', target), {
            method: 'POST',
            token,
            body: { note: `From ${role}` },
          })
          seen[role] = res.status
          if (res.status === 403) expect(res.body).toEqual(FORBIDDEN)
          if (res.status === 401) expect(res.body).toEqual(UNAUTHORIZED)
          if (res.status === 404) expect(res.body).toEqual(notFound('Project'))
        }
        expect({ visibility, seen }).toEqual({ visibility, seen: expected[visibility] })
      }
      // The public project's comments are readable by anyone, anonymous callers included.
      const anonymous = await api<CommitNoteJson[]>(
        commitPath(publicSha, '/comments', publicProject),
      )
      expect(anonymous.status).toBe(200)
      expect(anonymous.body.map((comment) => comment.note)).toEqual(
        roles.map((role) => `From ${role}`),
      )
    })

    it('sends a Note Hook with the commit to hooks with note_events', async () => {
      const receiver = await new HookReceiver().start()
      try {
        const setting = await api('/application/settings', {
          method: 'PUT',
          token: rootToken(),
          body: { allow_local_requests_from_web_hooks_and_services: true },
        })
        expect(setting.status).toBe(200)
        const hook = await api(`/projects/${project.id}/hooks`, {
          method: 'POST',
          token: owner.token,
          body: { url: receiver.url('/commit-notes'), push_events: false, note_events: true },
        })
        expect(hook.status).toBe(201)
        const comment = await api<CommitNoteJson>(commitPath(sha, '/comments'), {
          method: 'POST',
          token: cast.developer.token,
          body: { note: 'Hooked comment' },
        })
        expect(comment.status).toBe(201)
        const noteOf = (h: ReceivedHook) =>
          (h.body.object_attributes as { note?: string } | undefined)?.note
        const [received] = await receiver.waitFor(
          '/commit-notes',
          (h) => noteOf(h) === 'Hooked comment',
        )
        expect(received!.headers['x-gitlab-event']).toBe('Note Hook')
        expect(received!.body).toMatchObject({
          object_kind: 'note',
          event_type: 'note',
          project_id: project.id,
          user: { username: cast.developer.user.username },
          object_attributes: {
            noteable_type: 'Commit',
            noteable_id: null,
            commit_id: sha,
            action: 'create',
          },
          commit: {
            id: sha,
            title: `Work on ${branch}`,
            url: `${project.web_url}/-/commit/${sha}`,
          },
        })
        expect(received!.body).not.toHaveProperty('merge_request')
      } finally {
        await receiver.stop()
      }
    })

    it("answers gitbeaker's Commits.createComment and allComments", async () => {
      const gitlab = new Gitlab({ host: baseUrl(), token: cast.developer.token })
      const created = await gitlab.Commits.createComment(project.id, sha, 'Via gitbeaker', {
        path: 'notes.txt',
        line: 3,
        lineType: 'new',
      })
      expect(created).toMatchObject({ note: 'Via gitbeaker', path: 'notes.txt', line: 3 })
      const all = await gitlab.Commits.allComments(project.id, sha)
      expect(all.map((comment) => comment.note)).toContain('Via gitbeaker')
    })
  })

  describe('/repository/commits/:sha/discussions', () => {
    it('starts, reads, replies to, edits and deletes a commit discussion', async () => {
      const started = await api<DiscussionJson>(commitPath(sha, '/discussions'), {
        method: 'POST',
        token: cast.developer.token,
        body: { body: 'A thread on the commit' },
      })
      expect(started.status).toBe(201)
      expect(started.body.individual_note).toBe(false)
      const [first] = started.body.notes
      expect(first).toMatchObject({
        type: 'DiscussionNote',
        body: 'A thread on the commit',
        noteable_id: null,
        noteable_type: 'Commit',
        noteable_iid: null,
        commit_id: sha,
        project_id: project.id,
        resolvable: false,
        system: false,
      })
      const discussionPath = commitPath(sha, `/discussions/${started.body.id}`)

      const reply = await api<NoteJson>(`${discussionPath}/notes`, {
        method: 'POST',
        token: cast.reporter.token,
        body: { body: 'A reply' },
      })
      expect(reply.status).toBe(201)
      expect(reply.body).toMatchObject({ type: 'DiscussionNote', noteable_type: 'Commit' })

      // By branch name, the same commit's discussion.
      const read = await api<DiscussionJson>(
        commitPath(branch, `/discussions/${started.body.id}`),
        { token: owner.token },
      )
      expect(read.status).toBe(200)
      expect(read.body.notes.map((note) => note.body)).toEqual([
        'A thread on the commit',
        'A reply',
      ])

      // Editing is the author's; deleting the author's or a Maintainer's.
      const notePath = (id: number) => `${discussionPath}/notes/${id}`
      const foreign = await api(notePath(reply.body.id), {
        method: 'PUT',
        token: cast.developer.token,
        body: { body: 'Hijacked' },
      })
      expect([foreign.status, foreign.body]).toEqual([403, FORBIDDEN])
      const edited = await api<NoteJson>(notePath(reply.body.id), {
        method: 'PUT',
        token: cast.reporter.token,
        body: { body: 'An edited reply' },
      })
      expect([edited.status, edited.body.body]).toEqual([200, 'An edited reply'])
      const removed = await api(notePath(reply.body.id), {
        method: 'DELETE',
        token: cast.maintainer.token,
      })
      expect(removed.status).toBe(204)

      const listed = await api<DiscussionJson[]>(commitPath(sha, '/discussions'), {
        token: cast.reporter.token,
      })
      expect(listed.status).toBe(200)
      const thread = listed.body.find((discussion) => discussion.id === started.body.id)
      expect(thread?.notes.map((note) => note.body)).toEqual(['A thread on the commit'])
      // The commit's plain comments are its individual discussions.
      expect(
        listed.body.some(
          (discussion) => discussion.individual_note && discussion.notes[0]?.body === 'First look',
        ),
      ).toBe(true)
    })

    it('starts a DiffNote thread on a line of the commit diff, and answers 400 for no line', async () => {
      const commit = await api<{ parent_ids: string[] }>(commitPath(sha, ''), {
        token: owner.token,
      })
      const parent = commit.body.parent_ids[0]
      const position = (newLine: number) => ({
        base_sha: parent,
        start_sha: parent,
        head_sha: sha,
        position_type: 'text',
        old_path: 'notes.txt',
        new_path: 'notes.txt',
        new_line: newLine,
      })
      const started = await api<DiscussionJson>(commitPath(sha, '/discussions'), {
        method: 'POST',
        token: cast.reporter.token,
        body: { body: 'On line two', position: position(2) },
      })
      expect(started.status).toBe(201)
      expect(started.body.notes[0]).toMatchObject({
        type: 'DiffNote',
        noteable_type: 'Commit',
        commit_id: sha,
        position: { head_sha: sha, new_path: 'notes.txt', new_line: 2, old_line: null },
      })
      const missed = await api(commitPath(sha, '/discussions'), {
        method: 'POST',
        token: cast.reporter.token,
        body: { body: 'Nowhere', position: position(9) },
      })
      expect([missed.status, missed.body]).toEqual([
        400,
        {
          message:
            '400 Bad request - Note {:line_code=>["can\'t be blank", "must be a valid line code"]}',
        },
      ])
    })

    it('answers 404 Commit Not Found for an unknown commit or one whose code the caller cannot read', async () => {
      for (const [token, ref] of [
        [owner.token, UNKNOWN_SHA],
        [cast.guest.token, sha],
      ] as const) {
        const list = await api(commitPath(ref, '/discussions'), { token })
        expect([list.status, list.body]).toEqual([404, notFound('Commit')])
        const create = await api(commitPath(ref, '/discussions'), {
          method: 'POST',
          token,
          body: { body: 'x' },
        })
        expect([create.status, create.body]).toEqual([404, notFound('Commit')])
      }
      const unknown = await api(commitPath(sha, `/discussions/${'0'.repeat(40)}`), {
        token: owner.token,
      })
      expect([unknown.status, unknown.body]).toEqual([404, notFound('Discussion')])
      const anonymous = await api(commitPath(sha, '/discussions'))
      expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
    })

    it("answers gitbeaker's CommitDiscussions", async () => {
      const gitlab = new Gitlab({ host: baseUrl(), token: cast.maintainer.token })
      const created = await gitlab.CommitDiscussions.create(project.id, sha, 'Via gitbeaker')
      const added = await gitlab.CommitDiscussions.addNote(
        project.id,
        sha,
        created.id,
        'A gitbeaker reply',
      )
      const shown = await gitlab.CommitDiscussions.show(project.id, sha, created.id)
      expect(shown.notes?.map((note) => note.body)).toEqual(['Via gitbeaker', 'A gitbeaker reply'])
      await gitlab.CommitDiscussions.editNote(project.id, sha, created.id, added.id, {
        body: 'Edited by gitbeaker',
      })
      await gitlab.CommitDiscussions.removeNote(project.id, sha, created.id, added.id)
      const all = await gitlab.CommitDiscussions.all(project.id, sha)
      expect(all.find((discussion) => discussion.id === created.id)?.notes).toHaveLength(1)
    })
  })
})
