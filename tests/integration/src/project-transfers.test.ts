import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import {
  addMember,
  createGroup,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, missing, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { cloneUrl, gitOk, withTempDir } from './support/git'
import { addProjectMember, createProject, encodedPath } from './support/projects'
import { baseUrl } from './support/suite-state'
import { DEVELOPER, MAINTAINER, type ProjectJson } from './support/types'

// lib/api/projects.rb PUT :id/transfer: authorize! :change_namespace (the
// project's Owner), find_namespace! (404), Projects::TransferService, whose
// refusals the API renders as 400 "Failed to transfer project <errors.messages>".

type Project = ProjectJson & {
  namespace: { id: number; full_path: string; kind: string }
  visibility: string
}

const transfer = (token: string | undefined, id: number | string, namespace?: unknown) =>
  api<Project>(`/projects/${id}/transfer`, {
    method: 'PUT',
    token,
    body: namespace === undefined ? {} : { namespace },
  })

const failed = (message: string) => ({
  message: `Failed to transfer project {:new_namespace=>[${JSON.stringify(message)}]}`,
})

describe('PUT /projects/:id/transfer', () => {
  let owner: UserWithToken
  let groupDeveloper: UserWithToken

  beforeAll(async () => {
    ;[owner, groupDeveloper] = await Promise.all([createUserWithToken(), createUserWithToken()])
  })

  it('moves a personal project into a group at once: paths, inherited members, git by the new URL', async () => {
    const group = await createGroup(owner.token)
    await addMember(group.id, groupDeveloper.user.id, DEVELOPER, owner.token)
    const project = await createProject(owner.token, { initialize_with_readme: true })
    // A private personal project: the group's Developer cannot see it yet.
    expect((await api(`/projects/${project.id}`, { token: groupDeveloper.token })).status).toBe(404)
    // Cached by its owner under the old path.
    expect((await api(`/projects/${encodedPath(project)}`, { token: owner.token })).status).toBe(
      200,
    )

    const res = await transfer(owner.token, project.id, group.id)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    const newPath = `${group.full_path}/${project.path}`
    expect(res.body).toMatchObject({
      id: project.id,
      path_with_namespace: newPath,
      name_with_namespace: `${group.name} / ${project.name}`,
      web_url: `${baseUrl()}/${newPath}`,
      http_url_to_repo: `${baseUrl()}/${newPath}.git`,
      namespace: { id: group.id, full_path: group.full_path, kind: 'group' },
    })

    // Members of the new group reach it at once, by id and by its new path.
    const asDeveloper = await api<Project>(`/projects/${encodeURIComponent(newPath)}`, {
      token: groupDeveloper.token,
    })
    expect([asDeveloper.status, asDeveloper.body.id]).toEqual([200, project.id])
    expect((await api(`/projects/${encodedPath(project)}`, { token: owner.token })).status).toBe(
      404,
    )

    await withTempDir(async (dir) => {
      const url = cloneUrl(newPath, {
        username: groupDeveloper.user.username,
        token: groupDeveloper.token,
      })
      await gitOk(['clone', '-q', url, 'work'], dir)
      expect(await gitOk(['ls-files'], `${dir}/work`)).toContain('README.md')
    })
  })

  it('takes the namespace by full path, and lowers a project more visible than its new group', async () => {
    const group = await createGroup(owner.token, { visibility: 'private' })
    const project = await createProject(owner.token, { visibility: 'public' })
    const res = await transfer(owner.token, project.id, group.full_path)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      path_with_namespace: `${group.full_path}/${project.path}`,
      visibility: 'private',
    })
    // Anonymous readers lose it at once.
    expect((await api(`/projects/${project.id}`)).status).toBe(404)
    // And back to the owner's personal namespace, by its path.
    const back = await transfer(owner.token, project.id, owner.user.username)
    expect(back.status).toBe(200)
    expect(back.body).toMatchObject({
      path_with_namespace: `${owner.user.username}/${project.path}`,
      namespace: { kind: 'user' },
      visibility: 'private',
    })
  })

  it("answers GitLab's refusals", async () => {
    const [maintainer, other] = await Promise.all([createUserWithToken(), createUserWithToken()])
    const project = await createProject(owner.token)
    await addProjectMember(project.id, maintainer.user.id, MAINTAINER, owner.token)
    const group = await createGroup(other.token)

    const anonymous = await transfer(undefined, project.id, group.id)
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
    const stranger = await transfer(other.token, project.id, group.id)
    expect([stranger.status, stranger.body]).toEqual([404, notFound('Project')])
    const notOwner = await transfer(maintainer.token, project.id, group.id)
    expect([notOwner.status, notOwner.body]).toEqual([403, FORBIDDEN])
    const noNamespace = await transfer(owner.token, project.id)
    expect([noNamespace.status, noNamespace.body]).toEqual([400, missing('namespace')])

    // A private group the owner cannot see is not found.
    const hidden = await transfer(owner.token, project.id, group.id)
    expect([hidden.status, hidden.body]).toEqual([404, notFound('Namespace')])
    const unknown = await transfer(owner.token, project.id, 'no/such/namespace')
    expect([unknown.status, unknown.body]).toEqual([404, notFound('Namespace')])

    const same = await transfer(owner.token, project.id, owner.user.username)
    expect([same.status, same.body]).toEqual([400, failed('Project is already in this namespace.')])

    // A Developer of a group may create projects there but not transfer into it.
    await addMember(group.id, owner.user.id, DEVELOPER, other.token)
    const denied = await transfer(owner.token, project.id, group.id)
    expect([denied.status, denied.body]).toEqual([
      400,
      failed("You don't have permission to transfer projects into that namespace."),
    ])

    const target = await createGroup(owner.token)
    await createProject(owner.token, { namespace_id: target.id, path: project.path })
    const taken = await transfer(owner.token, project.id, target.id)
    expect([taken.status, taken.body]).toEqual([
      400,
      failed('Project with same name or path in target namespace already exists'),
    ])
    // Nothing moved.
    const still = await api<Project>(`/projects/${project.id}`, { token: owner.token })
    expect(still.body.path_with_namespace).toBe(project.path_with_namespace)
  })

  it('is what @gitbeaker/rest calls Projects.transfer', async () => {
    const group = await createGroup(owner.token)
    const project = await createProject(owner.token)
    const client = new Gitlab({ host: baseUrl(), token: owner.token })
    const moved = await client.Projects.transfer(project.id, group.id)
    expect(moved).toMatchObject({
      id: project.id,
      path_with_namespace: `${group.full_path}/${project.path}`,
    })
  })
})
