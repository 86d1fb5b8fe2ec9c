import { Gitlab } from '@gitbeaker/rest'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { api } from './support/api'
import { uniqueName, type UserWithToken } from './support/factories'
import { cloneUrl, commitFile, gitOk, withTempDir } from './support/git'
import { notFound } from './support/gitlab-errors'
import {
  branchHead,
  commitTo,
  createMergeRequest,
  featureBranch,
  waitForDiff,
} from './support/merge-requests'
import { castRoles, projectForCast, type RoleCast } from './support/projects'
import { baseUrl } from './support/suite-state'
import type { CommitJson, ProjectJson } from './support/types'

/**
 * The calls python-gitlab's ProjectCommit makes beyond reading a commit
 * (lib/api/commits.rb): diff, refs, signature, cherry_pick, revert and
 * merge_requests, against real git in the repository role.
 */

const PICK_FAILED =
  'Sorry, we cannot cherry-pick this commit automatically. This commit may already have been cherry-picked, or a more recent commit may have updated some of its content.'
const REVERT_FAILED =
  'Sorry, we cannot revert this commit automatically. This commit may already have been reverted, or a more recent commit may have updated some of its content.'

interface DiffJson {
  diff: string
  new_path: string
  old_path: string
  a_mode: string
  b_mode: string
  new_file: boolean
  renamed_file: boolean
  deleted_file: boolean
  generated_file: boolean
}

describe('repository commit calls', () => {
  let cast: RoleCast
  let owner: UserWithToken
  let project: ProjectJson
  let feature: string
  let featureSha: string

  const commitPath = (sha: string, tail = '') =>
    `/projects/${project.id}/repository/commits/${sha}${tail}`

  beforeAll(async () => {
    cast = await castRoles()
    owner = cast.owner
    project = await projectForCast(cast, { initialize_with_readme: true })
    feature = uniqueName('feature')
    featureSha = await featureBranch(owner.token, project.id, feature, [
      { action: 'create', file_path: 'picked.txt', content: 'one\ntwo\n' },
    ])
  })

  describe('GET /repository/commits/:sha/diff', () => {
    it("answers the commit's diffs against its parent, paginated, with unidiff headers on request", async () => {
      const res = await api<DiffJson[]>(commitPath(featureSha, '/diff'), { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.headers.get('x-total')).toBe('1')
      expect(res.body).toEqual([
        {
          diff: '@@ -0,0 +1,2 @@\n+one\n+two\n',
          new_path: 'picked.txt',
          old_path: 'picked.txt',
          a_mode: '0',
          b_mode: '100644',
          new_file: true,
          renamed_file: false,
          deleted_file: false,
          generated_file: false,
          collapsed: false,
          too_large: false,
        },
      ])
      const unidiff = await api<DiffJson[]>(commitPath(feature, '/diff'), {
        token: owner.token,
        query: { unidiff: 'true' },
      })
      expect(unidiff.body[0]?.diff).toBe(
        '--- /dev/null\n+++ b/picked.txt\n@@ -0,0 +1,2 @@\n+one\n+two\n',
      )
    })

    it('answers a root commit against the empty tree, and 404 Commit Not Found for an unknown sha', async () => {
      const root = await api<CommitJson>(commitPath('main'), { token: owner.token })
      const rootSha = root.body.parent_ids.length === 0 ? root.body.id : ''
      expect(rootSha).not.toBe('')
      const res = await api<DiffJson[]>(commitPath(rootSha, '/diff'), { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.body.map((diff) => [diff.new_path, diff.new_file])).toEqual([['README.md', true]])
      const missing = await api(commitPath('0'.repeat(40), '/diff'), { token: owner.token })
      expect(missing.status).toBe(404)
      expect(missing.body).toEqual(notFound('Commit'))
    })
  })

  describe('GET /repository/commits/:sha/refs', () => {
    it('lists the branches, then the tags, containing the commit, without a total', async () => {
      const tag = uniqueName('v')
      const created = await api(`/projects/${project.id}/repository/tags`, {
        method: 'POST',
        token: owner.token,
        body: { tag_name: tag, ref: feature },
      })
      expect(created.status).toBe(201)
      const all = await api<{ type: string; name: string }[]>(commitPath(featureSha, '/refs'), {
        token: owner.token,
      })
      expect(all.status).toBe(200)
      expect(all.body).toEqual([
        { type: 'branch', name: feature },
        { type: 'tag', name: tag },
      ])
      expect(all.headers.get('x-total')).toBeNull()
      const tags = await api(commitPath(featureSha, '/refs'), {
        token: owner.token,
        query: { type: 'tag' },
      })
      expect(tags.body).toEqual([{ type: 'tag', name: tag }])
      const bad = await api(commitPath(featureSha, '/refs'), {
        token: owner.token,
        query: { type: 'remote' },
      })
      expect(bad.status).toBe(400)
      expect(bad.body).toEqual({ error: 'type does not have a valid value' })
    })
  })

  describe('GET /repository/commits/:sha/signature', () => {
    it('answers 404 Signature Not Found for an unsigned commit', async () => {
      const res = await api(commitPath(featureSha, '/signature'), { token: owner.token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: '404 Signature Not Found' })
    })

    it('answers an SSH-signed commit pushed with git as signed by a key nobody added', async () => {
      const branch = uniqueName('signed')
      const signed = await withTempDir(async (dir) => {
        const work = join(dir, 'work')
        const key = join(dir, 'key')
        await gitOk(
          [
            'clone',
            '-q',
            cloneUrl(project.path_with_namespace, {
              username: owner.user.username,
              token: owner.token,
            }),
            work,
          ],
          dir,
        )
        await gitOk(['checkout', '-q', '-b', branch], work)
        await gitOk(['config', 'gpg.format', 'ssh'], work)
        await gitOk(['config', 'user.signingkey', `${key}.pub`], work)
        await gitOk(['config', 'commit.gpgsign', 'true'], work)
        execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'it', '-f', key])
        const sha = await commitFile(work, 'signed.txt', 'signed\n', 'Signed commit')
        const raw = await gitOk(['cat-file', 'commit', sha], work)
        expect(raw).toContain('-----BEGIN SSH SIGNATURE-----')
        await gitOk(['push', '-q', 'origin', branch], work)
        return sha
      })
      const res = await api(commitPath(signed, '/signature'), { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        signature_type: 'SSH',
        verification_status: 'unknown_key',
        key: null,
        commit_source: 'gitaly',
      })
    })
  })

  describe('POST /repository/commits/:sha/cherry_pick and /revert', () => {
    it('cherry-picks through @gitbeaker/rest, then answers GitLab\'s "empty" 400 for the same pick', async () => {
      const target = uniqueName('target')
      await featureBranch(owner.token, project.id, target, [
        { action: 'create', file_path: 'other.txt', content: 'other\n' },
      ])
      const before = await branchHead(owner.token, project.id, target)
      const gitlab = new Gitlab({ host: baseUrl(), token: owner.token })
      const picked = await gitlab.Commits.cherryPick(project.id, featureSha, target)
      expect(picked.parent_ids).toEqual([before])
      expect(picked.message).toBe(`Work on ${feature}\n\n(cherry picked from commit ${featureSha})`)
      expect(picked.author_name).toBe(owner.user.name)
      expect(await branchHead(owner.token, project.id, target)).toBe(picked.id)
      const file = await api(`/projects/${project.id}/repository/files/picked.txt/raw`, {
        token: owner.token,
        query: { ref: target },
      })
      expect(file.text).toBe('one\ntwo\n')

      const again = await api(commitPath(featureSha, '/cherry_pick'), {
        method: 'POST',
        token: owner.token,
        body: { branch: target },
      })
      expect(again.status).toBe(400)
      expect(again.body).toEqual({ message: PICK_FAILED, error_code: 'empty' })
    })

    it('answers a dry run with 200 {"dry_run":"success"} and moves nothing; a conflict is 400 "conflict"', async () => {
      const clean = uniqueName('dry')
      const head = await featureBranch(owner.token, project.id, clean, [
        { action: 'create', file_path: 'dry.txt', content: 'dry\n' },
      ])
      const dry = await api(commitPath(featureSha, '/cherry_pick'), {
        method: 'POST',
        token: owner.token,
        body: { branch: clean, dry_run: true },
      })
      expect(dry.status).toBe(200)
      expect(dry.body).toEqual({ dry_run: 'success' })
      expect(await branchHead(owner.token, project.id, clean)).toBe(head)

      const clash = uniqueName('clash')
      await featureBranch(owner.token, project.id, clash, [
        { action: 'create', file_path: 'picked.txt', content: 'something else\n' },
      ])
      const conflict = await api(commitPath(featureSha, '/cherry_pick'), {
        method: 'POST',
        token: owner.token,
        body: { branch: clash },
      })
      expect(conflict.status).toBe(400)
      expect(conflict.body).toEqual({ message: PICK_FAILED, error_code: 'conflict' })
      const dryConflict = await api(commitPath(featureSha, '/cherry_pick'), {
        method: 'POST',
        token: owner.token,
        body: { branch: clash, dry_run: 'true' },
      })
      expect(dryConflict.status).toBe(400)
      expect(dryConflict.body).toEqual({
        message: PICK_FAILED,
        error_code: 'conflict',
        dry_run: 'error',
      })
    })

    it('reverts a commit as the caller (201), then answers "empty" once it is reverted', async () => {
      const branch = uniqueName('revert')
      const added = await featureBranch(owner.token, project.id, branch, [
        { action: 'create', file_path: 'gone.txt', content: 'gone\n' },
      ])
      await commitTo(owner.token, project.id, branch, [
        { action: 'create', file_path: 'kept.txt', content: 'kept\n' },
      ])
      const res = await api<CommitJson>(commitPath(added, '/revert'), {
        method: 'POST',
        token: cast.developer.token,
        body: { branch },
      })
      expect(res.status).toBe(201)
      expect(res.body.message).toBe(`Revert "Work on ${branch}"\n\nThis reverts commit ${added}`)
      expect(res.body.author_name).toBe(cast.developer.user.name)
      const gone = await api(`/projects/${project.id}/repository/files/gone.txt`, {
        token: owner.token,
        query: { ref: branch },
      })
      expect(gone.status).toBe(404)
      const again = await api(commitPath(added, '/revert'), {
        method: 'POST',
        token: owner.token,
        body: { branch },
      })
      expect(again.status).toBe(400)
      expect(again.body).toEqual({ message: REVERT_FAILED, error_code: 'empty' })
    })

    it('refuses callers who may not push (403), a missing branch (404) and a missing commit (404)', async () => {
      const denied = await api(commitPath(featureSha, '/cherry_pick'), {
        method: 'POST',
        token: cast.reporter.token,
        body: { branch: 'main' },
      })
      expect(denied.status).toBe(403)
      expect(denied.body).toEqual({
        message: '403 Forbidden - You are not allowed to push into this branch',
      })
      const stranger = await api(commitPath(featureSha, '/revert'), {
        method: 'POST',
        token: cast.stranger.token,
        body: { branch: 'main' },
      })
      expect(stranger.status).toBe(404)
      const noBranch = await api(commitPath(featureSha, '/cherry_pick'), {
        method: 'POST',
        token: owner.token,
        body: { branch: uniqueName('nowhere') },
      })
      expect(noBranch.status).toBe(404)
      expect(noBranch.body).toEqual(notFound('Branch'))
      const noCommit = await api(commitPath('f'.repeat(40), '/revert'), {
        method: 'POST',
        token: owner.token,
        body: { branch: 'main' },
      })
      expect(noCommit.status).toBe(404)
      expect(noCommit.body).toEqual(notFound('Commit'))
      const noParam = await api(commitPath(featureSha, '/revert'), {
        method: 'POST',
        token: owner.token,
        body: {},
      })
      expect(noParam.status).toBe(400)
      expect(noParam.body).toEqual({ error: 'branch is missing' })
    })
  })

  describe('GET /repository/commits/:sha/merge_requests', () => {
    it('lists the merge requests whose commits include the sha', async () => {
      const branch = uniqueName('mr-commit')
      const head = await featureBranch(owner.token, project.id, branch)
      const mr = await createMergeRequest(owner.token, project.id, {
        source_branch: branch,
        target_branch: 'main',
        title: `Change ${branch}`,
      })
      await waitForDiff(owner.token, project.id, mr.iid, head)
      const gitlab = new Gitlab({ host: baseUrl(), token: cast.reporter.token })
      const listed = await gitlab.Commits.allMergeRequests(project.id, head)
      expect(listed.map((item) => item.iid)).toEqual([mr.iid])
      const none = await api<unknown[]>(commitPath(featureSha, '/merge_requests'), {
        token: owner.token,
      })
      expect(none.status).toBe(200)
      expect(none.body).toEqual([])
      const closed = await api<unknown[]>(commitPath(head, '/merge_requests'), {
        token: owner.token,
        query: { state: 'closed' },
      })
      expect(closed.body).toEqual([])
      const missing = await api(commitPath('a'.repeat(40), '/merge_requests'), {
        token: owner.token,
      })
      expect(missing.status).toBe(404)
      expect(missing.body).toEqual(notFound('Commit'))
    })
  })
})
