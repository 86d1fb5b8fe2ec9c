import { api } from './support/api'
import { uniqueName } from './support/factories'
import { baseUrl, rootToken } from './support/suite-state'

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

interface UserJson {
  id: number
  username: string
  avatar_url: string | null
  message?: unknown
}

/** POST or PUT a user as multipart/form-data with an `avatar` file, as root. */
async function multipart(
  method: 'POST' | 'PUT',
  path: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer; type: string },
): Promise<{ status: number; body: UserJson }> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('avatar', new Blob([file.bytes], { type: file.type }), file.name)
  const res = await fetch(`${baseUrl()}/api/v4${path}`, {
    method,
    headers: { 'PRIVATE-TOKEN': rootToken() },
    body: form,
  })
  return { status: res.status, body: (await res.json()) as UserJson }
}

function newUserFields(): Record<string, string> {
  const username = uniqueName('avatar')
  return {
    username,
    name: `Avatar ${username}`,
    email: `${username}@example.com`,
    password: 'a-long-passw0rd!',
    skip_confirmation: 'true',
  }
}

/** POST /users (lib/api/users.rb) with its `avatar` file, and the avatar served at avatar_url. */
describe('a user avatar uploaded with POST /users', () => {
  it('stores the file (201) and avatar_url serves it, to anyone', async () => {
    const created = await multipart('POST', '/users', newUserFields(), {
      name: 'me.png',
      bytes: PNG,
      type: 'image/png',
    })
    expect(created.status).toBe(201)
    const url = `${baseUrl()}/uploads/-/system/user/avatar/${created.body.id}/me.png`
    expect(created.body.avatar_url).toBe(url)

    const served = await fetch(url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)
    expect((await fetch(url.replace('me.png', 'other.png'))).status).toBe(404)

    const shown = await api<UserJson>(`/users/${created.body.id}`, { token: rootToken() })
    expect(shown.body.avatar_url).toBe(url)
  })

  it('replaces it with PUT /users/:id', async () => {
    const created = await multipart('POST', '/users', newUserFields(), {
      name: 'first.png',
      bytes: PNG,
      type: 'image/png',
    })
    const updated = await multipart(
      'PUT',
      `/users/${created.body.id}`,
      {},
      { name: 'second.gif', bytes: PNG, type: 'image/gif' },
    )
    expect(updated.status).toBe(200)
    expect(updated.body.avatar_url).toBe(
      `${baseUrl()}/uploads/-/system/user/avatar/${created.body.id}/second.gif`,
    )
    const served = await fetch(String(updated.body.avatar_url))
    expect(served.headers.get('content-type')).toBe('image/gif')
  })

  it('refuses a file that is not an image with GitLab’s 400 and creates no user', async () => {
    const fields = newUserFields()
    const res = await multipart('POST', '/users', fields, {
      name: 'notes.txt',
      bytes: Buffer.from('hello'),
      type: 'text/plain',
    })
    expect([res.status, res.body.message]).toEqual([
      400,
      {
        avatar: [
          'file format is not supported. Please try one of the following supported formats: png, jpg, jpeg, gif, bmp, tiff, ico, webp',
        ],
      },
    ])
    const found = await api<UserJson[]>('/users', {
      token: rootToken(),
      query: { username: fields['username'] },
    })
    expect(found.body).toEqual([])
  })

  it('shows null without an avatar', async () => {
    const res = await api<UserJson>('/users', {
      method: 'POST',
      token: rootToken(),
      body: newUserFields(),
    })
    expect([res.status, res.body.avatar_url]).toEqual([201, null])
  })
})
