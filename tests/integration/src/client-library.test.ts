import { AccessLevel, Gitlab, GitbeakerRequestError } from '@gitbeaker/rest'
import { addMember, createUser, uniqueName } from './support/factories'
import { baseUrl, rootToken } from './support/suite-state'

/**
 * @gitbeaker/rest, used exactly as its README shows, against the suite: a real
 * client's URL building, body encoding, path escaping and Link-following.
 */
describe('@gitbeaker/rest works unchanged', () => {
  const root = () => new Gitlab({ host: baseUrl(), token: rootToken() })

  it('Users.showCurrentUser returns root', async () => {
    const me = await root().Users.showCurrentUser()
    expect(me).toMatchObject({ id: 1, username: 'root' })
  })

  it('Users.create, Users.createPersonalAccessToken, then a client with that token', async () => {
    const username = uniqueName('gb')
    const user = await root().Users.create({
      username,
      name: `Gitbeaker ${username}`,
      email: `${username}@example.com`,
      password: 'Gitbeaker-secret-1',
      skipConfirmation: true,
    })
    expect(user).toMatchObject({ username, email: `${username}@example.com` })

    const pat = await root().Users.createPersonalAccessToken(user.id, 'gitbeaker', ['api'])
    expect(pat.scopes).toEqual(['api'])
    const asUser = new Gitlab({ host: baseUrl(), token: String(pat.token) })
    const me = await asUser.Users.showCurrentUser()
    expect(me.id).toBe(user.id)
  })

  it('Groups.create and Groups.show by id and by full path', async () => {
    const api = root()
    const parent = await api.Groups.create(`Parent ${uniqueName()}`, uniqueName('gbp'), {
      visibility: 'private',
    })
    const child = await api.Groups.create('Child', uniqueName('gbc'), { parentId: parent.id })
    expect(child.full_path).toBe(`${parent.path}/${child.path}`)

    expect((await api.Groups.show(parent.id)).id).toBe(parent.id)
    expect((await api.Groups.show(child.full_path)).id).toBe(child.id)
  })

  it('GroupMembers.add and GroupMembers.all, following pagination and inheritance', async () => {
    const api = root()
    const group = await api.Groups.create(`Members ${uniqueName()}`, uniqueName('gbm'))
    const users = await Promise.all([createUser(), createUser(), createUser()])
    for (const user of users) {
      const member = await api.GroupMembers.add(group.id, AccessLevel.DEVELOPER, {
        userId: user.id,
      })
      expect(member).toMatchObject({ id: user.id, access_level: AccessLevel.DEVELOPER })
    }

    // root created the group, so it is a member too; one per page makes the client follow Link.
    const all = await api.GroupMembers.all(group.id, { perPage: 1 })
    expect(all.map((m) => m.id).sort()).toEqual([1, ...users.map((u) => u.id)].sort())

    const paged = await api.GroupMembers.all(group.id, {
      perPage: 2,
      showExpanded: true,
      maxPages: 1,
    })
    expect(paged.data).toHaveLength(2)
    expect(paged.paginationInfo).toMatchObject({
      total: 4,
      totalPages: 2,
      perPage: 2,
      current: 1,
      next: 2,
    })

    const sub = await api.Groups.create('Sub', uniqueName('gbs'), { parentId: group.id })
    const inherited = await api.GroupMembers.all(sub.id, { includeInherited: true })
    expect(inherited.map((m) => m.id)).toEqual(expect.arrayContaining(users.map((u) => u.id)))
  })

  it('surfaces GitLab errors as GitbeakerRequestError with the status and message', async () => {
    const api = root()
    const group = await api.Groups.create(`Dup ${uniqueName()}`, uniqueName('gbd'))
    const user = await createUser()
    await addMember(group.id, user.id, AccessLevel.GUEST)

    const duplicate = api.GroupMembers.add(group.id, AccessLevel.GUEST, { userId: user.id })
    await expect(duplicate).rejects.toBeInstanceOf(GitbeakerRequestError)
    await expect(duplicate).rejects.toMatchObject({
      message: 'Member already exists',
      cause: { response: { status: 409 } },
    })

    const missing = api.Groups.show(999999999)
    await expect(missing).rejects.toMatchObject({
      message: '404 Group Not Found',
      cause: { response: { status: 404 } },
    })
  })
})
