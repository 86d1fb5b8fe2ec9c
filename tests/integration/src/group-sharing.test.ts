import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import {
  addMember,
  createGroup,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { mrPath, openMergeRequest, type MergeRequestJson } from './support/merge-requests'
import { createProject } from './support/projects'
import { baseUrl } from './support/suite-state'
import { DEVELOPER, MAINTAINER, REPORTER, type GroupJson, type ProjectJson } from './support/types'

// lib/api/groups.rb POST :id/share and DELETE :id/share/:group_id:
// find_group! for both groups (404 Group), then Groups::GroupLinks::CreateService
// (admin_group_member in the shared group and read_group in the invited one, else
// render_api_error!('Not Found', 404)); a pair linked already is the model's
// uniqueness error, 409. Members of the invited group hold the shared group, its
// subgroups and their projects at min(their level, group_access) (GroupGroupLink,
// Group#max_member_access_for_user, Gitlab::ProjectAuthorizations).

interface SharedWithGroupJson {
  group_id: number
  group_name: string
  group_full_path: string
  group_access_level: number
  expires_at: string | null
}
type GroupDetailJson = GroupJson & { shared_with_groups: SharedWithGroupJson[] }
type ProjectWithPermissions = ProjectJson & {
  permissions: { group_access: { access_level: number } | null }
}

const share = (token: string | undefined, id: number, body: Record<string, unknown>) =>
  api<GroupDetailJson>(`/groups/${id}/share`, { method: 'POST', token, body })
const unshare = (token: string | undefined, id: number, groupId: number) =>
  api(`/groups/${id}/share/${groupId}`, { method: 'DELETE', token })

describe('group sharing', () => {
  let owner: UserWithToken
  let invitedOwner: UserWithToken
  let developer: UserWithToken
  let outsider: UserWithToken
  let shared: GroupJson
  let subgroup: GroupJson
  let invited: GroupJson
  let project: ProjectJson
  let nested: ProjectJson
  let mr: MergeRequestJson

  beforeAll(async () => {
    ;[owner, invitedOwner, developer, outsider] = await Promise.all([
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
      createUserWithToken(),
    ])
    shared = await createGroup(owner.token, { visibility: 'private' })
    subgroup = await createGroup(owner.token, { visibility: 'private', parent_id: shared.id })
    invited = await createGroup(invitedOwner.token, { visibility: 'private' })
    await addMember(invited.id, developer.user.id, DEVELOPER, invitedOwner.token)
    project = await createProject(owner.token, {
      namespace_id: shared.id,
      visibility: 'private',
      initialize_with_readme: true,
    })
    nested = await createProject(owner.token, { namespace_id: subgroup.id, visibility: 'private' })
    ;({ mr } = await openMergeRequest(owner.token, project.id))
    // The owner of the shared group must be able to read the invited group (read_group).
    await addMember(invited.id, owner.user.id, REPORTER, invitedOwner.token)
  })

  /** What the invited group's developer can read: the projects, the MRs, the groups. */
  async function developerReads() {
    const token = developer.token
    const [proj, nestedProj, mrs, oneMr, allMrs, group, sub] = await Promise.all([
      api<ProjectWithPermissions>(`/projects/${project.id}`, { token }),
      api(`/projects/${nested.id}`, { token }),
      api<MergeRequestJson[]>(mrPath(project.id), { token }),
      api<MergeRequestJson>(mrPath(project.id, mr.iid), { token }),
      api<MergeRequestJson[]>('/merge_requests', { token, query: { scope: 'all' } }),
      api(`/groups/${shared.id}`, { token }),
      api(`/groups/${subgroup.id}`, { token }),
    ])
    return { proj, nestedProj, mrs, oneMr, allMrs, group, sub }
  }

  it('gives the invited group access to a private project after POST share and takes it away after DELETE share', async () => {
    const before = await developerReads()
    expect(before.proj.status).toBe(404)
    expect(before.nestedProj.status).toBe(404)
    expect(before.mrs.status).toBe(404)
    expect(before.oneMr.status).toBe(404)
    expect(before.allMrs.body.map((m) => m.id)).not.toContain(mr.id)
    expect(before.group.status).toBe(404)
    expect(before.sub.status).toBe(404)

    const res = await share(owner.token, shared.id, {
      group_id: invited.id,
      group_access: REPORTER,
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ id: shared.id, full_path: shared.full_path })
    expect(res.body.shared_with_groups).toEqual([
      {
        group_id: invited.id,
        group_name: invited.name,
        group_full_path: invited.full_path,
        group_access_level: REPORTER,
        expires_at: null,
      },
    ])

    const during = await developerReads()
    expect(during.proj.status).toBe(200)
    // min(Developer in the invited group, Reporter on the link).
    expect(during.proj.body.permissions.group_access).toMatchObject({ access_level: REPORTER })
    expect(during.nestedProj.status).toBe(200)
    expect(during.mrs.status).toBe(200)
    expect(during.mrs.body.map((m) => m.id)).toEqual([mr.id])
    expect(during.oneMr.status).toBe(200)
    expect(during.allMrs.body.map((m) => m.id)).toContain(mr.id)
    expect(during.group.status).toBe(200)
    expect(during.sub.status).toBe(200)
    // Reporter through the link: no pushing, no editing the group.
    const push = await api(`/projects/${project.id}/repository/branches`, {
      method: 'POST',
      token: developer.token,
      body: { branch: 'shared-push', ref: 'main' },
    })
    expect(push.status).toBe(403)
    const detail = await api<GroupDetailJson>(`/groups/${shared.id}`, { token: outsider.token })
    expect(detail.status).toBe(404)
    const seen = await api<GroupDetailJson>(`/groups/${shared.id}`, { token: developer.token })
    expect(seen.body.shared_with_groups.map((g) => g.group_id)).toEqual([invited.id])

    // members/all counts the invited group's members (GitLab's shared_from_groups), at the link's level.
    const members = await api<{ id: number; access_level: number }[]>(
      `/projects/${nested.id}/members/all`,
      { token: owner.token, query: { user_ids: [developer.user.id] } },
    )
    expect(members.body).toEqual([
      expect.objectContaining({ id: developer.user.id, access_level: REPORTER }),
    ])

    const removed = await unshare(owner.token, shared.id, invited.id)
    expect(removed.status).toBe(204)

    const after = await developerReads()
    expect(after.proj.status).toBe(404)
    expect(after.nestedProj.status).toBe(404)
    expect(after.mrs.status).toBe(404)
    expect(after.oneMr.status).toBe(404)
    expect(after.allMrs.body.map((m) => m.id)).not.toContain(mr.id)
    expect(after.group.status).toBe(404)
    expect(after.sub.status).toBe(404)
    const membersAfter = await api<{ id: number }[]>(`/groups/${shared.id}/members/all`, {
      token: owner.token,
    })
    expect(membersAfter.body.map((m) => m.id)).not.toContain(developer.user.id)
    const gone = await api<GroupDetailJson>(`/groups/${shared.id}`, { token: owner.token })
    expect(gone.body.shared_with_groups).toEqual([])
  })

  it('answers bad requests as GitLab does', async () => {
    const other = await createGroup(owner.token, { visibility: 'private' })
    const body = { group_id: invited.id, group_access: DEVELOPER }
    expect(await share(undefined, other.id, body)).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    })
    expect(await share(owner.token, other.id, { group_access: DEVELOPER })).toMatchObject({
      status: 400,
      body: { error: 'group_id is missing' },
    })
    expect(
      await share(owner.token, other.id, { group_id: invited.id, group_access: 11 }),
    ).toMatchObject({
      status: 400,
      body: { error: 'group_access does not have a valid value' },
    })
    expect(
      await share(owner.token, other.id, { group_id: 999999999, group_access: DEVELOPER }),
    ).toMatchObject({
      status: 404,
      body: notFound('Group'),
    })
    // A private group the caller cannot read is no different from one that does not exist.
    const hidden = await createGroup(outsider.token, { visibility: 'private' })
    expect(
      await share(owner.token, other.id, { group_id: hidden.id, group_access: DEVELOPER }),
    ).toMatchObject({
      status: 404,
      body: notFound('Group'),
    })
    // A Maintainer of the shared group lacks admin_group_member: the service's bare 404.
    await addMember(other.id, developer.user.id, MAINTAINER, owner.token)
    expect(await share(developer.token, other.id, body)).toMatchObject({
      status: 404,
      body: { message: 'Not Found' },
    })
    expect(await share(owner.token, other.id, body)).toMatchObject({ status: 201 })
    expect(await share(owner.token, other.id, body)).toMatchObject({
      status: 409,
      body: { message: 'Shared group The group has already been shared with this group' },
    })
    expect(await unshare(developer.token, other.id, invited.id)).toMatchObject({
      status: 404,
      body: { message: 'Not Found' },
    })
    expect(await unshare(owner.token, other.id, hidden.id)).toMatchObject({
      status: 404,
      body: notFound('Group Link'),
    })
    expect((await unshare(owner.token, other.id, invited.id)).status).toBe(204)
  })

  it('grants nothing through an expired link', async () => {
    const group = await createGroup(owner.token, { visibility: 'private' })
    const res = await share(owner.token, group.id, {
      group_id: invited.id,
      group_access: DEVELOPER,
      expires_at: '2020-01-01',
    })
    expect(res.status).toBe(201)
    expect(res.body.shared_with_groups).toEqual([
      expect.objectContaining({ group_id: invited.id, expires_at: '2020-01-01' }),
    ])
    expect((await api(`/groups/${group.id}`, { token: developer.token })).status).toBe(404)
  })

  it('shares and unshares through @gitbeaker/rest', async () => {
    const group = await createGroup(owner.token, { visibility: 'private' })
    const client = new Gitlab({ host: baseUrl(), token: owner.token })
    const detail = await client.Groups.share(group.id, invited.id, DEVELOPER, {})
    expect(detail).toMatchObject({ id: group.id })
    expect((await api(`/groups/${group.id}`, { token: developer.token })).status).toBe(200)
    await client.Groups.unshare(group.id, invited.id, {})
    expect((await api(`/groups/${group.id}`, { token: developer.token })).status).toBe(404)
  })
})
