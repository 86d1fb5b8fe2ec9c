import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import {
  addMember,
  createGroup,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, notFound } from './support/gitlab-errors'
import { cloneUrl, gitOk, withTempDir } from './support/git'
import { createProject } from './support/projects'
import { baseUrl } from './support/suite-state'
import { DEVELOPER, type GroupJson, type ProjectJson } from './support/types'

// lib/api/groups.rb POST :id/transfer: find_group! (404), authorize!
// :admin_group (403), find_group!(group_id), Groups::TransferService; a
// refusal is render_api_error!(service.error, 400), "Transfer failed: ...";
// success presents GroupDetail (201).

type Group = GroupJson & { parent_id: number | null; visibility: string }
type Project = ProjectJson & { visibility: string }

const transfer = (token: string, id: number, groupId?: number) =>
  api<Group>(`/groups/${id}/transfer`, {
    method: 'POST',
    token,
    body: groupId === undefined ? {} : { group_id: groupId },
  })

const failed = (message: string) => ({ message: `Transfer failed: ${message}` })

describe('POST /groups/:id/transfer', () => {
  let owner: UserWithToken
  let targetDeveloper: UserWithToken

  beforeAll(async () => {
    ;[owner, targetDeveloper] = await Promise.all([createUserWithToken(), createUserWithToken()])
  })

  it('moves a group with its subgroups and projects under a less visible parent, all at once', async () => {
    const target = await createGroup(owner.token, { visibility: 'private' })
    await addMember(target.id, targetDeveloper.user.id, DEVELOPER, owner.token)
    const group = await createGroup(owner.token, { visibility: 'public' })
    const sub = await createGroup(owner.token, { parent_id: group.id, visibility: 'public' })
    const project = await createProject(owner.token, {
      namespace_id: group.id,
      visibility: 'public',
      initialize_with_readme: true,
    })
    const nested = await createProject(owner.token, { namespace_id: sub.id, visibility: 'public' })
    // Anonymous reads, cached before the move.
    for (const id of [project.id, nested.id]) {
      expect((await api(`/projects/${id}`)).status).toBe(200)
    }
    expect((await api(`/projects/${project.id}`, { token: targetDeveloper.token })).status).toBe(
      200,
    )

    const res = await transfer(owner.token, group.id, target.id)
    expect(res.status).toBe(201)
    const newPath = `${target.full_path}/${group.path}`
    expect(res.body).toMatchObject({
      id: group.id,
      parent_id: target.id,
      full_path: newPath,
      full_name: `${target.name} / ${group.name}`,
      visibility: 'private',
      web_url: `${baseUrl()}/groups/${newPath}`,
    })

    // The private parent's level reaches everything below, for anonymous callers at once.
    for (const id of [project.id, nested.id]) {
      expect((await api(`/projects/${id}`)).status).toBe(404)
    }
    expect((await api(`/groups/${sub.id}`)).status).toBe(404)
    const subAfter = await api<Group>(`/groups/${sub.id}`, { token: owner.token })
    expect(subAfter.body).toMatchObject({
      full_path: `${newPath}/${sub.path}`,
      visibility: 'private',
    })
    // The new parent's Developer inherits access to the projects at once.
    const moved = await api<Project>(`/projects/${project.id}`, { token: targetDeveloper.token })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({
      path_with_namespace: `${newPath}/${project.path}`,
      visibility: 'private',
    })
    const movedNested = await api<Project>(`/projects/${nested.id}`, {
      token: targetDeveloper.token,
    })
    expect(movedNested.body).toMatchObject({
      path_with_namespace: `${newPath}/${sub.path}/${nested.path}`,
      visibility: 'private',
    })
    await withTempDir(async (dir) => {
      const url = cloneUrl(`${newPath}/${project.path}`, {
        username: targetDeveloper.user.username,
        token: targetDeveloper.token,
      })
      await gitOk(['clone', '-q', url, 'work'], dir)
      expect(await gitOk(['ls-files'], `${dir}/work`)).toContain('README.md')
    })

    // And out again, to the top level, keeping its (now private) level.
    const top = await transfer(owner.token, group.id)
    expect(top.status).toBe(201)
    expect(top.body).toMatchObject({ parent_id: null, full_path: group.path })
    const back = await api<Project>(`/projects/${project.id}`, { token: owner.token })
    expect(back.body.path_with_namespace).toBe(`${group.path}/${project.path}`)
    expect((await api(`/projects/${project.id}`, { token: targetDeveloper.token })).status).toBe(
      404,
    )
  })

  it("answers GitLab's refusals", async () => {
    const other = await createUserWithToken()
    const group = await createGroup(owner.token)
    const child = await createGroup(owner.token, { parent_id: group.id })
    const parent = await createGroup(owner.token)

    const root = await transfer(owner.token, group.id)
    expect([root.status, root.body]).toEqual([400, failed('Group is already a root group.')])
    const same = await transfer(owner.token, child.id, group.id)
    expect([same.status, same.body]).toEqual([
      400,
      failed('Group is already associated to the parent group.'),
    ])
    const down = await transfer(owner.token, group.id, child.id)
    expect([down.status, down.body]).toEqual([
      400,
      failed('Cannot transfer group to one of its subgroup.'),
    ])
    await createGroup(owner.token, { parent_id: parent.id, path: child.path })
    const samePath = await transfer(owner.token, child.id, parent.id)
    expect([samePath.status, samePath.body]).toEqual([
      400,
      failed('The parent group already has a subgroup or a project with the same path.'),
    ])
    const withProject = await createGroup(owner.token)
    await createProject(owner.token, { namespace_id: withProject.id, path: child.path })
    const projectPath = await transfer(owner.token, child.id, withProject.id)
    expect([projectPath.status, projectPath.body]).toEqual([
      400,
      failed('The parent group already has a subgroup or a project with the same path.'),
    ])

    const foreign = await createGroup(other.token)
    const hidden = await transfer(owner.token, group.id, foreign.id)
    expect([hidden.status, hidden.body]).toEqual([404, notFound('Group')])
    await addMember(foreign.id, owner.user.id, DEVELOPER, other.token)
    const weak = await transfer(owner.token, group.id, foreign.id)
    expect([weak.status, weak.body]).toEqual([400, failed("You don't have enough permissions.")])
    const notOwner = await transfer(other.token, group.id, foreign.id)
    expect([notOwner.status, notOwner.body]).toEqual([404, notFound('Group')])
    await addMember(group.id, other.user.id, DEVELOPER, owner.token)
    const denied = await transfer(other.token, group.id, foreign.id)
    expect([denied.status, denied.body]).toEqual([403, FORBIDDEN])

    // Nothing moved.
    const still = await api<Group>(`/groups/${child.id}`, { token: owner.token })
    expect(still.body).toMatchObject({ parent_id: group.id, full_path: child.full_path })
  })

  it('is what @gitbeaker/rest calls Groups.transfer', async () => {
    const parent = await createGroup(owner.token)
    const group = await createGroup(owner.token)
    const client = new Gitlab({ host: baseUrl(), token: owner.token })
    await client.Groups.transfer(group.id, { groupId: parent.id })
    const moved = await api<Group>(`/groups/${group.id}`, { token: owner.token })
    expect(moved.body).toMatchObject({ parent_id: parent.id })
  })
})
