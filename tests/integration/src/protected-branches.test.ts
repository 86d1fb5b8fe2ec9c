import { api } from './support/api'
import { cloneUrl, commitFile, git, gitOk, withTempDir } from './support/git'
import {
  castRoles,
  commitFiles,
  createBranch,
  projectForCast,
  type RoleCast,
} from './support/projects'
import type { BranchJson, ProjectJson } from './support/types'

interface ProtectedRefAccessJson {
  id: number
  access_level: number
  access_level_description: string
}

interface ProtectedBranchJson {
  id: number
  name: string
  push_access_levels: ProtectedRefAccessJson[]
  merge_access_levels: ProtectedRefAccessJson[]
  unprotect_access_levels: ProtectedRefAccessJson[]
  allow_force_push: boolean
  code_owner_approval_required: boolean
}

const maintainersOnly = {
  id: expect.any(Number) as unknown,
  access_level: 40,
  access_level_description: 'Maintainers',
  deploy_key_id: null,
  user_id: null,
  group_id: null,
}

// The real git client against the suite: the default branch is protected when
// the project is created (Maintainers push, nobody force-pushes), and git
// receive-pack refuses with GitLab's messages.

const PUSH_REFUSED =
  'GitLab: You are not allowed to push code to protected branches on this project.'
const DELETE_REFUSED = 'GitLab: You can only delete protected branches using the web interface.'
const FORCE_REFUSED =
  'GitLab: You are not allowed to force push code to a protected branch on this project.'

describe('protected branches on git push', () => {
  let cast: RoleCast
  let project: ProjectJson

  beforeAll(async () => {
    cast = await castRoles()
    project = await projectForCast(cast, { initialize_with_readme: true })
  })

  const urlFor = (who: keyof RoleCast) =>
    cloneUrl(project.path_with_namespace, {
      username: cast[who].user.username,
      token: cast[who].token,
    })

  async function mainSha(): Promise<string> {
    const branch = await api<BranchJson>(`/projects/${project.id}/repository/branches/main`, {
      token: cast.owner.token,
    })
    expect(branch.status).toBe(200)
    return branch.body.commit.id
  }

  it("refuses a Developer's push to the default branch with GitLab's message", async () => {
    await withTempDir(async (dir) => {
      await gitOk(['clone', '-q', urlFor('developer'), 'wt'], dir)
      const wt = `${dir}/wt`
      await commitFile(wt, 'dev.txt', 'from a developer\n', 'Developer change')
      const before = await mainSha()
      const push = await git(['push', 'origin', 'HEAD:main'], wt)
      expect(push.code).not.toBe(0)
      expect(push.stderr).toContain(`remote: ${PUSH_REFUSED}`)
      expect(push.stderr).toMatch(
        /! \[remote rejected\] HEAD -> main \(pre-receive hook declined\)/,
      )
      expect(await mainSha()).toBe(before)

      // The same Developer may push to a branch no rule protects.
      const topic = await git(['push', 'origin', 'HEAD:topic'], wt)
      expect(topic.stderr).not.toContain('rejected')
      expect(topic.code).toBe(0)
    })
  })

  it("refuses a Developer's force push to the default branch", async () => {
    await withTempDir(async (dir) => {
      await gitOk(['clone', '-q', urlFor('developer'), 'wt'], dir)
      const wt = `${dir}/wt`
      await gitOk(['commit', '-q', '--amend', '-m', 'Rewritten history'], wt)
      const before = await mainSha()
      const push = await git(['push', '--force', 'origin', 'HEAD:main'], wt)
      expect(push.code).not.toBe(0)
      expect(push.stderr).toContain(`remote: ${FORCE_REFUSED}`)
      expect(push.stderr).toContain('[remote rejected]')
      expect(await mainSha()).toBe(before)
    })
  })

  it('lets a Maintainer push to the default branch but not force-push or delete it', async () => {
    await withTempDir(async (dir) => {
      await gitOk(['clone', '-q', urlFor('maintainer'), 'wt'], dir)
      const wt = `${dir}/wt`
      const sha = await commitFile(wt, 'maintainer.txt', 'ok\n', 'Maintainer change')
      const push = await git(['push', 'origin', 'HEAD:main'], wt)
      expect(push.stderr).not.toContain('rejected')
      expect(push.code).toBe(0)
      expect(await mainSha()).toBe(sha)

      await gitOk(['commit', '-q', '--amend', '-m', 'Rewritten by a maintainer'], wt)
      const force = await git(['push', '--force', 'origin', 'HEAD:main'], wt)
      expect(force.code).not.toBe(0)
      expect(force.stderr).toContain(`remote: ${FORCE_REFUSED}`)
      expect(await mainSha()).toBe(sha)

      const removal = await git(['push', 'origin', '--delete', 'main'], wt)
      expect(removal.code).not.toBe(0)
      expect(await mainSha()).toBe(sha)
    })
  })

  it('refuses to delete over git a protected branch that is not the default', async () => {
    await withTempDir(async (dir) => {
      await gitOk(['clone', '-q', urlFor('maintainer'), 'wt'], dir)
      const wt = `${dir}/wt`
      await gitOk(['push', '-q', 'origin', 'HEAD:release-1'], wt)
      const protect = await api(`/projects/${project.id}/protected_branches`, {
        method: 'POST',
        token: cast.maintainer.token,
        body: { name: 'release-*', allow_force_push: true },
      })
      expect(protect.status).toBe(201)
      const removal = await git(['push', 'origin', '--delete', 'release-1'], wt)
      expect(removal.code).not.toBe(0)
      expect(removal.stderr).toContain(`remote: ${DELETE_REFUSED}`)

      // The rule allows force pushes: a Maintainer may rewrite it.
      await gitOk(['commit', '-q', '--amend', '-m', 'Rewritten release'], wt)
      const force = await git(['push', '--force', 'origin', 'HEAD:release-1'], wt)
      expect(force.stderr).not.toContain('rejected')
      expect(force.code).toBe(0)
    })
  })
})

describe('protected branches API', () => {
  let cast: RoleCast
  let project: ProjectJson

  beforeAll(async () => {
    cast = await castRoles()
    project = await projectForCast(cast, { initialize_with_readme: true })
  })

  const rules = () => `/projects/${project.id}/protected_branches`

  it('lists the default branch, protected for Maintainers when the project was created', async () => {
    const list = await api<ProtectedBranchJson[]>(rules(), { token: cast.maintainer.token })
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      {
        id: expect.any(Number),
        name: 'main',
        push_access_levels: [maintainersOnly],
        merge_access_levels: [maintainersOnly],
        unprotect_access_levels: [maintainersOnly],
        allow_force_push: false,
        code_owner_approval_required: false,
        inherited: false,
      },
    ])
  })

  it('creates, reads, updates and deletes a wildcard rule', async () => {
    const created = await api<ProtectedBranchJson>(rules(), {
      method: 'POST',
      token: cast.maintainer.token,
      body: { name: 'feature/*', push_access_level: 30, merge_access_level: 0 },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      name: 'feature/*',
      push_access_levels: [
        { access_level: 30, access_level_description: 'Developers + Maintainers' },
      ],
      merge_access_levels: [{ access_level: 0, access_level_description: 'No one' }],
      allow_force_push: false,
    })

    const again = await api(rules(), {
      method: 'POST',
      token: cast.maintainer.token,
      body: { name: 'feature/*' },
    })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: "Protected branch 'feature/*' already exists" })

    const one = `${rules()}/${encodeURIComponent('feature/*')}`
    const read = await api<ProtectedBranchJson>(one, { token: cast.maintainer.token })
    expect(read.status).toBe(200)
    expect(read.body.id).toBe(created.body.id)

    const patched = await api<ProtectedBranchJson>(one, {
      method: 'PATCH',
      token: cast.maintainer.token,
      body: { allow_force_push: true, code_owner_approval_required: true },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      allow_force_push: true,
      code_owner_approval_required: true,
      push_access_levels: [{ access_level: 30 }],
    })

    const removed = await api(one, { method: 'DELETE', token: cast.maintainer.token })
    expect(removed.status).toBe(204)
    const gone = await api(one, { token: cast.maintainer.token })
    expect(gone.status).toBe(404)
    expect(gone.body).toEqual({ message: '404 Not found' })
  })

  it('refuses an access level GitLab does not know with 400', async () => {
    const bad = await api(rules(), {
      method: 'POST',
      token: cast.maintainer.token,
      body: { name: 'x', push_access_level: 20 },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: 'push_access_level does not have a valid value' })
  })

  it('is for Maintainers: 403 for a Developer, 404 for a stranger, 401 anonymous', async () => {
    expect((await api(rules(), { token: cast.developer.token })).status).toBe(403)
    const post = await api(rules(), {
      method: 'POST',
      token: cast.developer.token,
      body: { name: 'dev-*' },
    })
    expect(post.status).toBe(403)
    expect((await api(rules(), { token: cast.stranger.token })).status).toBe(404)
    expect((await api(rules())).status).toBe(401)
  })
})

describe('protected branches in the repository APIs', () => {
  let cast: RoleCast
  let project: ProjectJson

  beforeAll(async () => {
    cast = await castRoles()
    project = await projectForCast(cast, { initialize_with_readme: true })
  })

  const branchUrl = (name: string) =>
    `/projects/${project.id}/repository/branches/${encodeURIComponent(name)}`

  it('answers protected, developers_can_push/merge and can_push from the rules', async () => {
    const asDeveloper = await api<BranchJson>(branchUrl('main'), { token: cast.developer.token })
    expect(asDeveloper.status).toBe(200)
    expect(asDeveloper.body).toMatchObject({
      protected: true,
      developers_can_push: false,
      developers_can_merge: false,
      can_push: false,
    })
    const asMaintainer = await api<BranchJson>(branchUrl('main'), {
      token: cast.maintainer.token,
    })
    expect(asMaintainer.body).toMatchObject({ protected: true, can_push: true })

    await createBranch(cast.developer.token, project.id, 'dev-topic', 'main')
    const list = await api<BranchJson[]>(`/projects/${project.id}/repository/branches`, {
      token: cast.developer.token,
    })
    expect(list.body.find((branch) => branch.name === 'dev-topic')).toMatchObject({
      protected: false,
      can_push: true,
    })
  })

  it("refuses a Developer's commit or file change on the protected default branch with 400", async () => {
    const commit = await api(`/projects/${project.id}/repository/commits`, {
      method: 'POST',
      token: cast.developer.token,
      body: {
        branch: 'main',
        commit_message: 'Sneak in',
        actions: [{ action: 'create', file_path: 'sneak.txt', content: 'x' }],
      },
    })
    expect(commit.status).toBe(400)
    expect(commit.body).toEqual({ message: 'You are not allowed to push into this branch' })

    const file = await api(`/projects/${project.id}/repository/files/sneak2.txt`, {
      method: 'POST',
      token: cast.developer.token,
      body: { branch: 'main', content: 'x', commit_message: 'Sneak in a file' },
    })
    expect(file.status).toBe(400)
    expect(file.body).toEqual({ message: 'You are not allowed to push into this branch' })

    // A Maintainer may, and a Developer may on a branch no rule protects.
    await commitFiles(cast.maintainer.token, project.id, 'main', [
      { action: 'create', file_path: 'by-maintainer.txt', content: 'ok' },
    ])
    await commitFiles(cast.developer.token, project.id, 'dev-topic', [
      { action: 'create', file_path: 'by-developer.txt', content: 'ok' },
    ])
  })

  it('lets only a Maintainer delete a protected branch through the API (405 for a Developer)', async () => {
    await createBranch(cast.maintainer.token, project.id, 'stable-1', 'main')
    const protect = await api(`/projects/${project.id}/protected_branches`, {
      method: 'POST',
      token: cast.maintainer.token,
      body: { name: 'stable-*', push_access_level: 30 },
    })
    expect(protect.status).toBe(201)
    const shown = await api<BranchJson>(branchUrl('stable-1'), { token: cast.developer.token })
    expect(shown.body).toMatchObject({
      protected: true,
      developers_can_push: true,
      can_push: true,
    })

    const byDeveloper = await api(branchUrl('stable-1'), {
      method: 'DELETE',
      token: cast.developer.token,
    })
    expect(byDeveloper.status).toBe(405)
    expect(byDeveloper.body).toEqual({ message: 'You dont have access to delete the branch' })
    const byMaintainer = await api(branchUrl('stable-1'), {
      method: 'DELETE',
      token: cast.maintainer.token,
    })
    expect(byMaintainer.status).toBe(204)
  })
})

describe('protected branches in merges', () => {
  it('refuses a Developer the merge into the protected default branch (401), lets a Maintainer merge', async () => {
    const cast = await castRoles()
    const project = await projectForCast(cast, { initialize_with_readme: true })
    await createBranch(cast.developer.token, project.id, 'dev-change', 'main')
    await commitFiles(cast.developer.token, project.id, 'dev-change', [
      { action: 'create', file_path: 'change.txt', content: 'change' },
    ])
    const opened = await api<{ iid: number }>(`/projects/${project.id}/merge_requests`, {
      method: 'POST',
      token: cast.developer.token,
      body: { source_branch: 'dev-change', target_branch: 'main', title: 'Change' },
    })
    expect(opened.status).toBe(201)
    const merge = `/projects/${project.id}/merge_requests/${opened.body.iid}/merge`
    // The merge status is computed in the background: wait until it is known.
    for (let attempt = 0; attempt < 40; attempt++) {
      const mr = await api<{ merge_status: string }>(
        `/projects/${project.id}/merge_requests/${opened.body.iid}`,
        { token: cast.maintainer.token },
      )
      if (mr.body.merge_status === 'can_be_merged') break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }

    const byDeveloper = await api(merge, { method: 'PUT', token: cast.developer.token })
    expect(byDeveloper.status).toBe(401)
    const main = await api<BranchJson>(`/projects/${project.id}/repository/branches/main`, {
      token: cast.developer.token,
    })
    expect(main.body.commit.title).toBe('Initial commit')

    const byMaintainer = await api(merge, { method: 'PUT', token: cast.maintainer.token })
    expect(byMaintainer.status).toBe(200)
  })
})
