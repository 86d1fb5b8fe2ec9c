import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import { addMember, createGroup, createUserWithToken, uniqueName } from './support/factories'
import { FORBIDDEN, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { cloneUrl, gitOk, withTempDir } from './support/git'
import { createProject, encodedPath } from './support/projects'
import { baseUrl, rootToken } from './support/suite-state'
import { DEVELOPER, MAINTAINER, type GroupJson, type ProjectJson } from './support/types'

// lib/api/groups.rb PUT /groups/:id: authenticate_non_get!, find_group!
// (404), authorize! :admin_group (403), Groups::UpdateService, and on failure
// render_validation_error! (400 with the model's errors); on success the
// GroupDetail entity.

const put = (token: string | undefined, id: number | string, body: Record<string, unknown>) =>
  api<GroupJson & Record<string, unknown>>(`/groups/${id}`, { method: 'PUT', token, body })

const visibilityError = (message: string) => ({ message: { visibility_level: [message] } })

describe('PUT /groups/:id', () => {
  it('changes the settings an Owner gives and answers the group (200), read back at once', async () => {
    const { token } = await createUserWithToken()
    const group = await createGroup(token)
    // Read first, so a cached answer would be there to go stale.
    expect((await api(`/groups/${group.id}`, { token })).status).toBe(200)
    const res = await put(token, group.id, {
      name: 'Renamed Group',
      description: 'What we do',
      request_access_enabled: false,
      project_creation_level: 'maintainer',
      subgroup_creation_level: 'owner',
      share_with_group_lock: true,
      lfs_enabled: false,
      mentions_disabled: true,
      emails_disabled: true,
      two_factor_grace_period: 12,
      default_branch_protection: 1,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    const expected = {
      id: group.id,
      name: 'Renamed Group',
      path: group.path,
      full_name: 'Renamed Group',
      description: 'What we do',
      visibility: 'private',
      request_access_enabled: false,
      project_creation_level: 'maintainer',
      subgroup_creation_level: 'owner',
      share_with_group_lock: true,
      lfs_enabled: false,
      mentions_disabled: true,
      emails_enabled: false,
      two_factor_grace_period: 12,
      default_branch_protection: 1,
    }
    expect(res.body).toMatchObject(expected)
    expect((await api(`/groups/${group.id}`, { token })).body).toMatchObject(expected)
  })

  it('answers 401 anonymous, 404 to whom cannot read it, 403 below Owner, 200 for an admin', async () => {
    const [owner, maintainer, stranger] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    const group = await createGroup(owner.token)
    await addMember(group.id, maintainer.user.id, MAINTAINER, owner.token)
    const anonymous = await put(undefined, group.id, { description: 'x' })
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
    const hidden = await put(stranger.token, group.id, { description: 'x' })
    expect([hidden.status, hidden.body]).toEqual([404, notFound('Group')])
    const denied = await put(maintainer.token, group.id, { description: 'x' })
    expect([denied.status, denied.body]).toEqual([403, FORBIDDEN])
    const admin = await put(rootToken(), encodeURIComponent(group.full_path), {
      description: 'by admin',
    })
    expect(admin.status).toBe(200)
    expect(admin.body.description).toBe('by admin')
  })

  it("refuses bad values with Grape's 400 and GitLab's model errors", async () => {
    const { token } = await createUserWithToken()
    const [group, other] = await Promise.all([createGroup(token), createGroup(token)])
    const badVisibility = await put(token, group.id, { visibility: 'secret' })
    expect([badVisibility.status, badVisibility.body]).toEqual([
      400,
      { error: 'visibility does not have a valid value' },
    ])
    const taken = await put(token, group.id, { path: other.path.toUpperCase() })
    expect([taken.status, taken.body]).toEqual([
      400,
      { message: { path: ['has already been taken'] } },
    ])
    const blank = await put(token, group.id, { name: '' })
    expect(blank.status).toBe(400)
    expect(blank.body).toMatchObject({ message: { name: ["can't be blank"] } })
    const long = await put(token, group.id, { description: 'd'.repeat(501) })
    expect([long.status, long.body]).toEqual([
      400,
      { message: { description: ['is too long (maximum is 500 characters)'] } },
    ])
    // Nothing of a refused update was saved.
    expect((await api<GroupJson>(`/groups/${group.id}`, { token })).body).toMatchObject({
      name: group.name,
      path: group.path,
      description: '',
    })
  })

  it('keeps a group at least as visible as its projects and sub-groups, and at most as its parent', async () => {
    const { token } = await createUserWithToken()
    const group = await createGroup(token, { visibility: 'public' })
    await createProject(token, { namespace_id: group.id, visibility: 'internal' })
    const belowProject = await put(token, group.id, { visibility: 'private' })
    expect([belowProject.status, belowProject.body]).toEqual([
      400,
      visibilityError(
        'private is not allowed since this group contains projects with higher visibility.',
      ),
    ])
    expect((await put(token, group.id, { visibility: 'internal' })).status).toBe(200)

    const parent = await createGroup(token, { visibility: 'public' })
    await createGroup(token, { parent_id: parent.id, visibility: 'public' })
    const belowSubgroup = await put(token, parent.id, { visibility: 'internal' })
    expect([belowSubgroup.status, belowSubgroup.body]).toEqual([
      400,
      visibilityError('internal is not allowed since there are sub-groups with higher visibility.'),
    ])

    const privateParent = await createGroup(token, { visibility: 'private' })
    const child = await createGroup(token, { parent_id: privateParent.id })
    const aboveParent = await put(token, child.id, { visibility: 'public' })
    expect([aboveParent.status, aboveParent.body]).toEqual([
      400,
      visibilityError('public is not allowed since the parent group has a private visibility.'),
    ])
  })

  it('hides a group made private at once, from anonymous reads and lists alike', async () => {
    const { token } = await createUserWithToken()
    const group = await createGroup(token, { visibility: 'public' })
    // Twice, so the anonymous answer is cached.
    for (let i = 0; i < 2; i++) {
      expect((await api(`/groups/${group.id}`)).status).toBe(200)
    }
    const listed = async () =>
      (
        await api<GroupJson[]>('/groups', { query: { search: group.path, per_page: '100' } })
      ).body.map((g) => g.id)
    expect(await listed()).toContain(group.id)
    expect((await put(token, group.id, { visibility: 'private' })).status).toBe(200)
    const after = await api(`/groups/${group.id}`)
    expect([after.status, after.body]).toEqual([404, notFound('Group')])
    expect(await listed()).not.toContain(group.id)
    // And back.
    expect((await put(token, group.id, { visibility: 'public' })).status).toBe(200)
    expect((await api(`/groups/${group.id}`)).status).toBe(200)
  })

  it("moves the projects below with a new path and name at once: paths, web_url, members' access, git", async () => {
    const [owner, developer] = await Promise.all([createUserWithToken(), createUserWithToken()])
    const group = await createGroup(owner.token)
    const sub = await createGroup(owner.token, { parent_id: group.id })
    await addMember(group.id, developer.user.id, DEVELOPER, owner.token)
    const project = await createProject(owner.token, {
      namespace_id: group.id,
      initialize_with_readme: true,
    })
    const nested = await createProject(owner.token, { namespace_id: sub.id })
    // Read through the caches first, so stale copies would be there.
    for (const token of [owner.token, developer.token]) {
      expect((await api(`/projects/${project.id}`, { token })).status).toBe(200)
      expect((await api(`/projects/${encodedPath(project)}`, { token })).status).toBe(200)
    }

    const newPath = uniqueName('moved')
    const res = await put(owner.token, group.id, { path: newPath, name: 'Moved Group' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      path: newPath,
      full_path: newPath,
      name: 'Moved Group',
      web_url: `${baseUrl()}/groups/${newPath}`,
    })

    const moved = await api<ProjectJson & Record<string, unknown>>(`/projects/${project.id}`, {
      token: developer.token,
    })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({
      path_with_namespace: `${newPath}/${project.path}`,
      name_with_namespace: `Moved Group / ${project.name}`,
      web_url: `${baseUrl()}/${newPath}/${project.path}`,
      http_url_to_repo: `${baseUrl()}/${newPath}/${project.path}.git`,
      namespace: { id: group.id, path: newPath, full_path: newPath, name: 'Moved Group' },
    })
    const byNewPath = await api<ProjectJson>(
      `/projects/${encodeURIComponent(`${newPath}/${project.path}`)}`,
      { token: developer.token },
    )
    expect([byNewPath.status, byNewPath.body.id]).toEqual([200, project.id])
    const byOldPath = await api(`/projects/${encodedPath(project)}`, { token: owner.token })
    expect(byOldPath.status).toBe(404)

    const subAfter = await api<GroupJson>(`/groups/${sub.id}`, { token: owner.token })
    expect(subAfter.body.full_path).toBe(`${newPath}/${sub.path}`)
    const nestedAfter = await api<ProjectJson>(`/projects/${nested.id}`, {
      token: developer.token,
    })
    expect(nestedAfter.body.path_with_namespace).toBe(`${newPath}/${sub.path}/${nested.path}`)

    // The repository answers at the new path, to a member inheriting from the group.
    await withTempDir(async (dir) => {
      const url = cloneUrl(`${newPath}/${project.path}`, {
        username: developer.user.username,
        token: developer.token,
      })
      await gitOk(['clone', '-q', url, 'work'], dir)
      const log = await gitOk(['log', '--oneline'], `${dir}/work`)
      expect(log.trim().split('\n')).toHaveLength(1)
    })
  })

  it('is what @gitbeaker/rest calls Groups.edit', async () => {
    const { token } = await createUserWithToken()
    const group = await createGroup(token)
    const client = new Gitlab({ host: baseUrl(), token })
    const edited = await client.Groups.edit(group.id, { description: 'from gitbeaker' })
    expect(edited).toMatchObject({ id: group.id, description: 'from gitbeaker' })
  })
})
