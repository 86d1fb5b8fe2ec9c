import { api } from './support/api'
import { createUserWithToken, uniqueName, type UserWithToken } from './support/factories'
import { cloneUrl, commitFile, gitOk, withTempDir } from './support/git'
import { baseUrl } from './support/suite-state'
import type { ProjectJson } from './support/types'

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** POST or PUT a project as multipart/form-data, as clients upload avatars. */
async function multipart(
  method: 'POST' | 'PUT',
  path: string,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type: string },
): Promise<{ status: number; body: ProjectJson & { message?: unknown } }> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file) form.append('avatar', new Blob([file.bytes], { type: file.type }), file.name)
  const res = await fetch(`${baseUrl()}/api/v4${path}`, {
    method,
    headers: { 'PRIVATE-TOKEN': token },
    body: form,
  })
  return { status: res.status, body: (await res.json()) as ProjectJson & { message?: unknown } }
}

describe('project content at creation: avatar, template_name, repository_object_format', () => {
  let owner: UserWithToken

  beforeAll(async () => {
    owner = await createUserWithToken()
  })

  describe('avatar', () => {
    it('is uploaded with the create form, served at avatar_url and removed with avatar=', async () => {
      const name = uniqueName('avatar')
      const created = await multipart(
        'POST',
        '/projects',
        owner.token,
        { name, visibility: 'private' },
        { name: 'logo.png', bytes: PNG, type: 'image/png' },
      )
      expect(created.status).toBe(201)
      expect(created.body.name).toBe(name)
      const url = String(created.body.avatar_url)
      expect(url).toBe(`${baseUrl()}/uploads/-/system/project/avatar/${created.body.id}/logo.png`)

      const served = await fetch(url, { headers: { 'PRIVATE-TOKEN': owner.token } })
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)
      // A private project's avatar is not shown to anyone else.
      expect((await fetch(url)).status).toBe(404)

      const removed = await api<ProjectJson>(`/projects/${created.body.id}`, {
        method: 'PUT',
        token: owner.token,
        form: { avatar: '' },
      })
      expect(removed.status).toBe(200)
      expect(removed.body.avatar_url).toBeNull()
    })

    it('refuses a file that is not an image with 400', async () => {
      const res = await multipart(
        'POST',
        '/projects',
        owner.token,
        { name: uniqueName('avatar') },
        { name: 'notes.txt', bytes: Buffer.from('hello'), type: 'text/plain' },
      )
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body.message)).toContain('avatar')
    })

    it('refuses an avatar over 200 KiB with 400', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(201 * 1024)])
      const res = await multipart(
        'POST',
        '/projects',
        owner.token,
        { name: uniqueName('avatar') },
        { name: 'big.png', bytes: big, type: 'image/png' },
      )
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body.message)).toContain('avatar')
    })
  })

  describe('template_name', () => {
    it('makes the first commit from a built-in template', async () => {
      const res = await api<ProjectJson>('/projects', {
        method: 'POST',
        token: owner.token,
        body: { name: uniqueName('tpl'), template_name: 'plainhtml' },
      })
      expect(res.status).toBe(201)
      expect(res.body.empty_repo).toBe(false)
      const tree = await api<{ name: string }[]>(`/projects/${res.body.id}/repository/commits`, {
        token: owner.token,
      })
      expect(tree.status).toBe(200)
      expect(tree.body.length).toBeGreaterThan(0)
    })

    it('answers 400 for a template that does not exist', async () => {
      const res = await api<{ message: unknown }>('/projects', {
        method: 'POST',
        token: owner.token,
        body: { name: uniqueName('tpl'), template_name: 'no-such-template' },
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toEqual({
        template_name: ["'no-such-template' is unknown or invalid"],
      })
    })
  })

  describe('repository_object_format', () => {
    it('sha256: the project says so and git clones and pushes 64-digit ids', async () => {
      const res = await api<ProjectJson>('/projects', {
        method: 'POST',
        token: owner.token,
        body: {
          name: uniqueName('sha256'),
          repository_object_format: 'sha256',
          initialize_with_readme: true,
        },
      })
      expect(res.status).toBe(201)
      expect(res.body.repository_object_format).toBe('sha256')
      const url = cloneUrl(res.body.path_with_namespace, {
        username: owner.user.username,
        token: owner.token,
      })
      await withTempDir(async (dir) => {
        await gitOk(['clone', '-q', url, 'work'], dir)
        const work = `${dir}/work`
        const head = await commitFile(work, 'b.txt', 'b\n', 'Add b')
        expect(head).toMatch(/^[0-9a-f]{64}$/)
        await gitOk(['push', '-q', 'origin', 'main'], work)
      })
      const commits = await api<{ id: string }[]>(`/projects/${res.body.id}/repository/commits`, {
        token: owner.token,
      })
      expect(commits.body[0]?.id).toMatch(/^[0-9a-f]{64}$/)
    })

    it('answers 400 for an unknown object format', async () => {
      const res = await api<{ error: string }>('/projects', {
        method: 'POST',
        token: owner.token,
        body: { name: uniqueName('fmt'), repository_object_format: 'md5' },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ error: 'repository_object_format does not have a valid value' })
    })
  })
})
