import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { api } from './support/api'
import { createToken, uniqueName, type UserWithToken } from './support/factories'
import { cloneUrl, commitFile, git, gitOk, withTempDir } from './support/git'
import { FORBIDDEN, missing, notFound } from './support/gitlab-errors'
import {
  castRoles,
  commitFiles,
  createBranch,
  createProject,
  projectForCast,
  projectWithReadme,
  type RoleCast,
} from './support/projects'
import { baseUrl } from './support/suite-state'
import type { BranchJson, CommitJson, ProjectJson, TagJson } from './support/types'

// The real git client and the event worker need more than jest's default 5 s.

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const SHA = /^[0-9a-f]{40}$/
const BRANCH_NOT_FOUND = notFound('Branch')
const COMMIT_NOT_FOUND = notFound('Commit')

describe('repository', () => {
  let owner: UserWithToken
  let project: ProjectJson
  let mainSha: string

  beforeAll(async () => {
    ;({ owner, project } = await projectWithReadme())
    const head = await api<BranchJson>(`/projects/${project.id}/repository/branches/main`, {
      token: owner.token,
    })
    mainSha = head.body.commit.id
  })

  const branches = () => `/projects/${project.id}/repository/branches`
  const commits = () => `/projects/${project.id}/repository/commits`

  describe('branches API', () => {
    it('lists branches with GitLab branch fields', async () => {
      const res = await api<BranchJson[]>(branches(), { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.headers.get('x-total')).toBe('1')
      const main = res.body[0] as BranchJson
      expect(main).toMatchObject({
        name: 'main',
        default: true,
        merged: false,
        web_url: `${project.web_url}/-/tree/main`,
        commit: { id: expect.stringMatching(SHA), title: 'Initial commit' },
      })
      for (const field of [
        'protected',
        'developers_can_push',
        'developers_can_merge',
        'can_push',
      ]) {
        expect(typeof main[field]).toBe('boolean')
      }
      expect(main.commit.short_id).toBe(main.commit.id.slice(0, 8))
      expect(main.commit.created_at).toMatch(ISO_TIME)
    })

    it('creates a branch from a branch, a SHA and a tag (201)', async () => {
      const fromBranch = uniqueName('from-branch')
      const res = await api<BranchJson>(branches(), {
        method: 'POST',
        token: owner.token,
        body: { branch: fromBranch, ref: 'main' },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        name: fromBranch,
        default: false,
        protected: false,
        commit: { id: mainSha },
      })
      const fromSha = await createBranch(owner.token, project.id, uniqueName('from-sha'), mainSha)
      expect(fromSha.commit.id).toBe(mainSha)

      const tag = uniqueName('v')
      const tagged = await api(`/projects/${project.id}/repository/tags`, {
        method: 'POST',
        token: owner.token,
        body: { tag_name: tag, ref: 'main' },
      })
      expect(tagged.status).toBe(201)
      const fromTag = await createBranch(owner.token, project.id, uniqueName('from-tag'), tag)
      expect(fromTag.commit.id).toBe(mainSha)
    })

    it('takes branch names with slashes, URL-encoded in the path', async () => {
      const name = `feature/${uniqueName('slash')}`
      await createBranch(owner.token, project.id, name, 'main')
      const res = await api<BranchJson>(`${branches()}/${encodeURIComponent(name)}`, {
        token: owner.token,
      })
      expect(res.status).toBe(200)
      expect(res.body.name).toBe(name)
    })

    it('searches branches by name', async () => {
      const name = uniqueName('findme')
      await createBranch(owner.token, project.id, name, 'main')
      const res = await api<BranchJson[]>(branches(), {
        token: owner.token,
        query: { search: name },
      })
      expect(res.body.map((b) => b.name)).toEqual([name])
    })

    it.each([
      'bad..name',
      'with space',
      'ends.lock',
      '-dash',
      'a~b',
      'a^b',
      'a:b',
      'HEAD',
      'x/',
      'refs/heads/x',
    ])('answers 400 "Branch name is invalid" for %j', async (branch) => {
      const res = await api(branches(), {
        method: 'POST',
        token: owner.token,
        body: { branch, ref: 'main' },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: 'Branch name is invalid' })
    })

    it('answers a 4xx, never a 5xx, for huge or odd branch parameters', async () => {
      for (const body of [
        { branch: `b${'x'.repeat(5000)}`, ref: 'main' },
        { branch: 'nul\u0000byte', ref: 'main' },
        { branch: uniqueName('hugeref'), ref: 'r'.repeat(5000) },
        { branch: ['array'], ref: 'main' },
      ]) {
        const res = await api(branches(), { method: 'POST', token: owner.token, body })
        expect([String(body.branch).slice(0, 20), res.status >= 400 && res.status < 500]).toEqual([
          String(body.branch).slice(0, 20),
          true,
        ])
      }
      const huge = await api(`${branches()}/${'y'.repeat(5000)}`, { token: owner.token })
      expect(huge.status).toBe(404)
      const perPage = await api<BranchJson[]>(branches(), {
        token: owner.token,
        query: { per_page: 1_000_000 },
      })
      expect(perPage.status).toBe(200)
      expect(perPage.headers.get('x-per-page')).toBe('100')
    })

    it('answers 400 "Branch already exists"', async () => {
      const res = await api(branches(), {
        method: 'POST',
        token: owner.token,
        body: { branch: 'main', ref: 'main' },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: 'Branch already exists' })
    })

    it('answers 400 for a ref that does not exist or is malformed', async () => {
      for (const ref of [
        'no-such-ref',
        '../../etc/passwd',
        'a..b',
        '0'.repeat(40),
        '--upload-pack=x',
      ]) {
        const res = await api<{ message: string }>(branches(), {
          method: 'POST',
          token: owner.token,
          body: { branch: uniqueName('badref'), ref },
        })
        expect([ref, res.status]).toEqual([ref, 400])
        expect(res.body.message).toMatch(/invalid reference name/i)
      }
    })

    it('answers 400 "ref is missing" / "branch is missing"', async () => {
      const noRef = await api(branches(), {
        method: 'POST',
        token: owner.token,
        body: { branch: uniqueName('noref') },
      })
      expect(noRef.status).toBe(400)
      expect(noRef.body).toEqual(missing('ref'))
      const noBranch = await api(branches(), {
        method: 'POST',
        token: owner.token,
        body: { ref: 'main' },
      })
      expect(noBranch.status).toBe(400)
      expect(noBranch.body).toEqual(missing('branch'))
    })

    it('deletes a branch (204), which is then not found (404)', async () => {
      const name = uniqueName('doomed')
      await createBranch(owner.token, project.id, name, 'main')
      const del = await api(`${branches()}/${name}`, { method: 'DELETE', token: owner.token })
      expect(del.status).toBe(204)
      expect(del.text).toBe('')
      const get = await api(`${branches()}/${name}`, { token: owner.token })
      expect(get.status).toBe(404)
      expect(get.body).toEqual(BRANCH_NOT_FOUND)
      const again = await api(`${branches()}/${name}`, { method: 'DELETE', token: owner.token })
      expect(again.status).toBe(404)
      expect(again.body).toEqual(BRANCH_NOT_FOUND)
    })

    it('refuses to delete the default branch (405) and keeps it', async () => {
      // app/services/branches/delete_service.rb: http_status 405 for the root ref
      const res = await api(`${branches()}/main`, { method: 'DELETE', token: owner.token })
      expect(res.status).toBe(405)
      expect(res.body).toEqual({ message: expect.any(String) })
      const still = await api<BranchJson>(`${branches()}/main`, { token: owner.token })
      expect(still.status).toBe(200)
    })

    it('answers 404 "Branch Not Found" for an unknown branch', async () => {
      const res = await api(`${branches()}/no-such-branch`, { token: owner.token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(BRANCH_NOT_FOUND)
    })

    describe('roles', () => {
      let cast: RoleCast
      let shared: ProjectJson

      beforeAll(async () => {
        cast = await castRoles()
        shared = await projectForCast(cast, { initialize_with_readme: true })
      })

      it('a Developer creates and deletes branches', async () => {
        const name = uniqueName('dev')
        const res = await api(`/projects/${shared.id}/repository/branches`, {
          method: 'POST',
          token: cast.developer.token,
          body: { branch: name, ref: 'main' },
        })
        expect(res.status).toBe(201)
        const del = await api(`/projects/${shared.id}/repository/branches/${name}`, {
          method: 'DELETE',
          token: cast.developer.token,
        })
        expect(del.status).toBe(204)
      })

      it('a Reporter reads branches but gets 403 creating one', async () => {
        const list = await api(`/projects/${shared.id}/repository/branches`, {
          token: cast.reporter.token,
        })
        expect(list.status).toBe(200)
        const res = await api(`/projects/${shared.id}/repository/branches`, {
          method: 'POST',
          token: cast.reporter.token,
          body: { branch: uniqueName('rep'), ref: 'main' },
        })
        expect(res.status).toBe(403)
        expect(res.body).toEqual(FORBIDDEN)
      })

      it('a non-member of the private project gets 404 "Project Not Found"', async () => {
        const res = await api(`/projects/${shared.id}/repository/branches`, {
          token: cast.stranger.token,
        })
        expect(res.status).toBe(404)
        expect(res.body).toEqual(notFound('Project'))
      })
    })
  })

  describe('commits API', () => {
    it('creates, updates, moves and deletes files in commits (201)', async () => {
      const branch = uniqueName('work')
      const first = await api<CommitJson>(commits(), {
        method: 'POST',
        token: owner.token,
        body: {
          branch,
          start_branch: 'main',
          commit_message: 'Add two files\n\nWith a body',
          actions: [
            { action: 'create', file_path: 'docs/a.txt', content: 'alpha\n' },
            { action: 'create', file_path: 'b.txt', content: 'YmV0YQo=', encoding: 'base64' },
          ],
        },
      })
      expect(first.status).toBe(201)
      expect(first.body).toMatchObject({
        id: expect.stringMatching(SHA),
        title: 'Add two files',
        message: 'Add two files\n\nWith a body',
        parent_ids: [mainSha],
        author_name: owner.user.name,
        committer_name: owner.user.name,
      })
      expect(first.body.short_id).toBe(first.body.id.slice(0, 8))
      expect(first.body.stats).toEqual({ additions: 2, deletions: 0, total: 2 })

      const second = await commitFiles(owner.token, project.id, branch, [
        { action: 'update', file_path: 'docs/a.txt', content: 'alpha 2\n' },
        { action: 'move', previous_path: 'b.txt', file_path: 'moved/b.txt' },
      ])
      expect(second.parent_ids).toEqual([first.body.id])

      const third = await commitFiles(owner.token, project.id, branch, [
        { action: 'delete', file_path: 'docs/a.txt' },
      ])
      const tree = await api<{ path: string }[]>(`/projects/${project.id}/repository/tree`, {
        token: owner.token,
        query: { ref: third.id, recursive: true },
      })
      expect(tree.status).toBe(200)
      expect(tree.body.map((e) => e.path).sort()).toEqual(['README.md', 'moved', 'moved/b.txt'])

      const branchNow = await api<BranchJson>(`${branches()}/${branch}`, { token: owner.token })
      expect(branchNow.body.commit.id).toBe(third.id)
      const mainNow = await api<BranchJson>(`${branches()}/main`, { token: owner.token })
      expect(mainNow.body.commit.id).toBe(mainSha)
    })

    it('answers 400 for actions that do not fit the tree', async () => {
      const cases = [
        { action: 'create', file_path: 'README.md', content: 'again' },
        { action: 'update', file_path: 'missing.txt', content: 'x' },
        { action: 'delete', file_path: 'missing.txt' },
        { action: 'move', previous_path: 'missing.txt', file_path: 'else.txt' },
        { action: 'create', file_path: '../outside.txt', content: 'x' },
        { action: 'create', file_path: 'a/../../b.txt', content: 'x' },
      ]
      for (const action of cases) {
        const res = await api<{ message?: string; error?: string }>(commits(), {
          method: 'POST',
          token: owner.token,
          body: { branch: 'main', commit_message: 'bad', actions: [action] },
        })
        expect([action, res.status]).toEqual([action, 400])
      }
      const exists = await api(commits(), {
        method: 'POST',
        token: owner.token,
        body: {
          branch: 'main',
          commit_message: 'dup',
          actions: [{ action: 'create', file_path: 'README.md', content: 'x' }],
        },
      })
      expect(exists.body).toEqual({ message: 'A file with this name already exists' })
      const main = await api<BranchJson>(`${branches()}/main`, { token: owner.token })
      expect(main.body.commit.id).toBe(mainSha)
    })

    it('answers 400 for a missing commit_message, actions or an unknown action', async () => {
      const noMessage = await api(commits(), {
        method: 'POST',
        token: owner.token,
        body: { branch: 'main', actions: [{ action: 'create', file_path: 'x', content: '' }] },
      })
      expect(noMessage.status).toBe(400)
      expect(noMessage.body).toEqual(missing('commit_message'))
      const badAction = await api(commits(), {
        method: 'POST',
        token: owner.token,
        body: {
          branch: 'main',
          commit_message: 'x',
          actions: [{ action: 'explode', file_path: 'x' }],
        },
      })
      expect(badAction.status).toBe(400)
      expect(badAction.body).toEqual({ error: 'actions[0][action] does not have a valid value' })
    })

    it('lists commits newest first, with ref_name and pagination headers', async () => {
      const branch = uniqueName('log')
      const a = await commitFiles(
        owner.token,
        project.id,
        branch,
        [{ action: 'create', file_path: 'log1.txt', content: '1' }],
        { start_branch: 'main' },
      )
      const b = await commitFiles(owner.token, project.id, branch, [
        { action: 'create', file_path: 'log2.txt', content: '2' },
      ])
      const res = await api<CommitJson[]>(commits(), {
        token: owner.token,
        query: { ref_name: branch },
      })
      expect(res.status).toBe(200)
      expect(res.body.map((c) => c.id)).toEqual([b.id, a.id, mainSha])
      const paged = await api<CommitJson[]>(commits(), {
        token: owner.token,
        query: { ref_name: branch, per_page: 1, page: 2 },
      })
      expect(paged.body.map((c) => c.id)).toEqual([a.id])
      expect(paged.headers.get('x-page')).toBe('2')
      expect(paged.headers.get('x-per-page')).toBe('1')
    })

    it('GET /commits/:sha by SHA, short SHA and branch; 404 "Commit Not Found" otherwise', async () => {
      const full = await api<CommitJson>(`${commits()}/${mainSha}`, { token: owner.token })
      expect(full.status).toBe(200)
      expect(full.body).toMatchObject({
        id: mainSha,
        short_id: mainSha.slice(0, 8),
        title: 'Initial commit',
        parent_ids: [],
        author_email: expect.any(String),
        web_url: `${project.web_url}/-/commit/${mainSha}`,
      })
      expect(full.body.authored_date).toMatch(ISO_TIME)
      expect(full.body.committed_date).toMatch(ISO_TIME)
      expect(full.body.stats).toEqual(expect.objectContaining({ additions: expect.any(Number) }))
      const short = await api<CommitJson>(`${commits()}/${mainSha.slice(0, 10)}`, {
        token: owner.token,
      })
      expect(short.body.id).toBe(mainSha)
      for (const sha of ['0'.repeat(40), 'no-such-ref', '..%2F..%2Fetc', '--all']) {
        const res = await api(`${commits()}/${sha}`, { token: owner.token })
        expect([sha, res.status]).toEqual([sha, 404])
        if (sha !== '..%2F..%2Fetc') expect(res.body).toEqual(COMMIT_NOT_FOUND)
      }
    })

    it('a Reporter gets 403 committing', async () => {
      const cast = await castRoles()
      const shared = await projectForCast(cast, { initialize_with_readme: true })
      const res = await api(`/projects/${shared.id}/repository/commits`, {
        method: 'POST',
        token: cast.reporter.token,
        body: {
          branch: uniqueName('rep'),
          start_branch: 'main',
          commit_message: 'no',
          actions: [{ action: 'create', file_path: 'x.txt', content: 'x' }],
        },
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })
  })

  describe('git over HTTP', () => {
    let cast: RoleCast
    let privateProject: ProjectJson
    let publicProject: ProjectJson

    beforeAll(async () => {
      cast = await castRoles()
      privateProject = await projectForCast(cast, { initialize_with_readme: true })
      publicProject = await createProject(cast.owner.token, {
        visibility: 'public',
        initialize_with_readme: true,
      })
    })

    const credentialsOf = (who: UserWithToken) => ({
      username: who.user.username,
      token: who.token,
    })

    it('clones a public project anonymously', async () => {
      await withTempDir(async (dir) => {
        const result = await git(
          ['clone', '-q', cloneUrl(publicProject.path_with_namespace), 'wt'],
          dir,
        )
        expect(result).toMatchObject({ code: 0 })
        expect(existsSync(join(dir, 'wt', 'README.md'))).toBe(true)
        const head = await gitOk(['rev-parse', '--abbrev-ref', 'HEAD'], join(dir, 'wt'))
        expect(head.trim()).toBe('main')
      })
    })

    it('asks for credentials (401, WWW-Authenticate: Basic) on a private project', async () => {
      const url = `${baseUrl()}/${privateProject.path_with_namespace}.git/info/refs?service=git-upload-pack`
      const res = await fetch(url)
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic /)
      const unknown = await fetch(
        `${baseUrl()}/${uniqueName('ns')}/nothing.git/info/refs?service=git-upload-pack`,
      )
      expect(unknown.status).toBe(401)
    })

    it('answers the smart HTTP advertisement to an authorised reader', async () => {
      const url = `${baseUrl()}/${privateProject.path_with_namespace}.git/info/refs?service=git-upload-pack`
      const basic = Buffer.from(`${cast.reporter.user.username}:${cast.reporter.token}`).toString(
        'base64',
      )
      const res = await fetch(url, { headers: { Authorization: `Basic ${basic}` } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/x-git-upload-pack-advertisement')
      expect(await res.text()).toMatch(/^001e# service=git-upload-pack\n0000/)
    })

    it('refuses to clone a private project without credentials, with a wrong token or as a non-member', async () => {
      await withTempDir(async (dir) => {
        const anonymous = await git(
          ['clone', '-q', cloneUrl(privateProject.path_with_namespace), 'a'],
          dir,
        )
        expect(anonymous.code).not.toBe(0)
        const wrong = await git(
          [
            'clone',
            '-q',
            cloneUrl(privateProject.path_with_namespace, {
              username: cast.owner.user.username,
              token: 'wrong-token',
            }),
            'b',
          ],
          dir,
        )
        expect(wrong.code).not.toBe(0)
        const stranger = await git(
          [
            'clone',
            '-q',
            cloneUrl(privateProject.path_with_namespace, credentialsOf(cast.stranger)),
            'c',
          ],
          dir,
        )
        expect(stranger.code).not.toBe(0)
      })
    })

    it('clones a private project with user:token, pushes a branch and a tag, and the API sees them', async () => {
      await withTempDir(async (dir) => {
        const url = cloneUrl(privateProject.path_with_namespace, credentialsOf(cast.developer))
        await gitOk(['clone', '-q', url, 'wt'], dir)
        const wt = join(dir, 'wt')
        expect(readFileSync(join(wt, 'README.md'), 'utf8').length).toBeGreaterThan(0)
        const branch = uniqueName('pushed')
        await gitOk(['checkout', '-q', '-b', branch], wt)
        const sha = await commitFile(wt, 'pushed.txt', 'from git\n', 'Pushed with git')
        await gitOk(['push', '-q', 'origin', branch], wt)
        const tag = uniqueName('vpush')
        await gitOk(['tag', '-a', tag, '-m', 'Annotated by git'], wt)
        await gitOk(['push', '-q', 'origin', tag], wt)

        const seenBranch = await api<BranchJson>(
          `/projects/${privateProject.id}/repository/branches/${branch}`,
          { token: cast.owner.token },
        )
        expect(seenBranch.status).toBe(200)
        expect(seenBranch.body.commit).toMatchObject({ id: sha, title: 'Pushed with git' })
        const seenTag = await api<TagJson>(
          `/projects/${privateProject.id}/repository/tags/${tag}`,
          {
            token: cast.owner.token,
          },
        )
        expect(seenTag.status).toBe(200)
        expect(seenTag.body).toMatchObject({ name: tag, message: 'Annotated by git' })
        expect(seenTag.body.commit.id).toBe(sha)

        // and back: a fresh clone by another member has them
        const again = await git(
          [
            'clone',
            '-q',
            '--branch',
            branch,
            cloneUrl(privateProject.path_with_namespace, credentialsOf(cast.reporter)),
            'again',
          ],
          dir,
        )
        expect(again.code).toBe(0)
        expect(readFileSync(join(dir, 'again', 'pushed.txt'), 'utf8')).toBe('from git\n')

        // the default branch may not be deleted by push (GitLab's pre-receive check)
        const deleteMain = await git(['push', '-q', 'origin', '--delete', 'main'], wt)
        expect(deleteMain.code).not.toBe(0)
        const main = await api(`/projects/${privateProject.id}/repository/branches/main`, {
          token: cast.owner.token,
        })
        expect(main.status).toBe(200)

        // deleting another branch by push
        await gitOk(['push', '-q', 'origin', '--delete', branch], wt)
        const gone = await api(`/projects/${privateProject.id}/repository/branches/${branch}`, {
          token: cast.owner.token,
        })
        expect(gone.status).toBe(404)
      })
    })

    it('refuses a push from a Reporter and a Guest, and leaves the repository unchanged', async () => {
      await withTempDir(async (dir) => {
        const url = cloneUrl(privateProject.path_with_namespace, credentialsOf(cast.reporter))
        await gitOk(['clone', '-q', url, 'wt'], dir)
        const wt = join(dir, 'wt')
        const branch = uniqueName('refused')
        await gitOk(['checkout', '-q', '-b', branch], wt)
        await commitFile(wt, 'nope.txt', 'nope\n', 'Should not land')
        const push = await git(['push', '-q', 'origin', branch], wt)
        expect(push.code).not.toBe(0)
        const res = await api(`/projects/${privateProject.id}/repository/branches/${branch}`, {
          token: cast.owner.token,
        })
        expect(res.status).toBe(404)

        await gitOk(
          [
            'remote',
            'set-url',
            'origin',
            cloneUrl(privateProject.path_with_namespace, credentialsOf(cast.guest)),
          ],
          wt,
        )
        const guestPush = await git(['push', '-q', 'origin', branch], wt)
        expect(guestPush.code).not.toBe(0)
      })
    })

    it('a Guest of a private project may not clone it', async () => {
      // Guests have no download_code on private projects (ProjectPolicy)
      await withTempDir(async (dir) => {
        const url = cloneUrl(privateProject.path_with_namespace, credentialsOf(cast.guest))
        const clone = await git(['clone', '-q', url, 'wt'], dir)
        expect(clone.code).not.toBe(0)
      })
    })

    it('lets token scopes reach git as the projects policy answers them: read_api clones, only write scopes push', async () => {
      // Gitlab::Auth.abilities_for_scopes: read_api carries the read-only
      // abilities (download_code among them), read_repository download_code,
      // write_repository and api push_code too; read_user carries neither.
      const token = async (scopes: string[]) =>
        (await createToken(cast.developer.user.id, scopes)).token
      const readApi = await token(['read_api'])
      const readUser = await token(['read_user'])
      const advertisement = (service: string, secret: string) =>
        fetch(
          `${baseUrl()}/${privateProject.path_with_namespace}.git/info/refs?service=${service}`,
          {
            headers: {
              Authorization: `Basic ${Buffer.from(`${cast.developer.user.username}:${secret}`).toString('base64')}`,
            },
          },
        )
      expect((await advertisement('git-upload-pack', readApi)).status).toBe(200)
      const push = await advertisement('git-receive-pack', readApi)
      expect(push.status).toBe(403)
      expect(await push.text()).toBe('You are not allowed to push code to this project.\n')
      const noRead = await advertisement('git-upload-pack', readUser)
      expect(noRead.status).toBe(403)
      expect(await noRead.text()).toBe('You are not allowed to download code from this project.\n')

      await withTempDir(async (dir) => {
        const credentials = { username: cast.developer.user.username, token: readApi }
        await gitOk(
          ['clone', '-q', cloneUrl(privateProject.path_with_namespace, credentials), 'wt'],
          dir,
        )
        const wt = join(dir, 'wt')
        const branch = uniqueName('read-api')
        await gitOk(['checkout', '-q', '-b', branch], wt)
        await commitFile(wt, 'nope.txt', 'nope\n', 'Should not land')
        expect((await git(['push', '-q', 'origin', branch], wt)).code).not.toBe(0)
        const res = await api(`/projects/${privateProject.id}/repository/branches/${branch}`, {
          token: cast.owner.token,
        })
        expect(res.status).toBe(404)
      })
    })

    it('an internal project clones for any signed-in user, not anonymously', async () => {
      const internal = await createProject(cast.owner.token, {
        visibility: 'internal',
        initialize_with_readme: true,
      })
      await withTempDir(async (dir) => {
        const signedIn = await git(
          [
            'clone',
            '-q',
            cloneUrl(internal.path_with_namespace, credentialsOf(cast.stranger)),
            'a',
          ],
          dir,
        )
        expect(signedIn.code).toBe(0)
        const anonymous = await git(
          ['clone', '-q', cloneUrl(internal.path_with_namespace), 'b'],
          dir,
        )
        expect(anonymous.code).not.toBe(0)
      })
    })

    it('refuses an anonymous push to a public project', async () => {
      await withTempDir(async (dir) => {
        await gitOk(['clone', '-q', cloneUrl(publicProject.path_with_namespace), 'wt'], dir)
        const wt = join(dir, 'wt')
        await gitOk(['checkout', '-q', '-b', 'anon'], wt)
        await commitFile(wt, 'anon.txt', 'x', 'anonymous')
        const push = await git(['push', '-q', 'origin', 'anon'], wt)
        expect(push.code).not.toBe(0)
      })
    })

    it('pushes to an empty project, which then has a default branch', async () => {
      const empty = await createProject(cast.owner.token)
      expect(empty.empty_repo).toBe(true)
      await withTempDir(async (dir) => {
        await gitOk(['init', '-q', 'wt'], dir)
        const wt = join(dir, 'wt')
        const sha = await commitFile(wt, 'first.txt', 'first\n', 'First push')
        const url = cloneUrl(empty.path_with_namespace, credentialsOf(cast.owner))
        await gitOk(['push', '-q', url, 'main'], wt)
        const res = await api<ProjectJson>(`/projects/${empty.id}`, { token: cast.owner.token })
        expect(res.body).toMatchObject({ empty_repo: false, default_branch: 'main' })
        const main = await api<BranchJson>(`/projects/${empty.id}/repository/branches/main`, {
          token: cast.owner.token,
        })
        expect(main.body.commit.id).toBe(sha)
      })
    })

    it('answers odd repository paths with a 4xx, never 5xx', async () => {
      for (const path of [
        `/${privateProject.path_with_namespace}/..%2F..%2Fetc.git/info/refs?service=git-upload-pack`,
        `/${privateProject.path_with_namespace}.git/info/refs?service=git-evil-pack`,
        `/${privateProject.path_with_namespace}.git/info/refs`,
        `/%2e%2e/%2e%2e/etc/passwd.git/info/refs?service=git-upload-pack`,
        `/${'a'.repeat(3000)}.git/info/refs?service=git-upload-pack`,
      ]) {
        const res = await fetch(`${baseUrl()}${path}`)
        expect([path.slice(0, 80), res.status >= 400 && res.status < 500]).toEqual([
          path.slice(0, 80),
          true,
        ])
      }
    })
  })
})
