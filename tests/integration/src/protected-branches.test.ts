import { api } from './support/api'
import { cloneUrl, commitFile, git, gitOk, withTempDir } from './support/git'
import { castRoles, projectForCast, type RoleCast } from './support/projects'
import type { BranchJson, ProjectJson } from './support/types'

// The real git client against the suite: the default branch is protected when
// the project is created (Maintainers push, nobody force-pushes), and git
// receive-pack refuses with GitLab's messages.

const PUSH_REFUSED =
  'GitLab: You are not allowed to push code to protected branches on this project.'
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
})
