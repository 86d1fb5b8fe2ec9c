import { status } from '@grpc/grpc-js'
import type { CreateProjectRequest, UpdateProjectRequest } from '@suite/proto'
import { everyProjectAbility } from '../testing/abilities-fixture.js'
import { fakeIdentity } from '../testing/fake-identity.js'
import { fakeProjects } from '../testing/fake-projects.js'
import { rootFixture, tokenFixture } from '../testing/fixtures.js'
import { grpcError } from '../testing/grpc-error.js'
import { projectFixture } from '../testing/project-fixture.js'
import { startGateway, type TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const identity = fakeIdentity({
  tokens: {
    authenticateToken: ({ token }) =>
      token === 'root'
        ? Promise.resolve({ user: rootFixture(), token: tokenFixture() })
        : Promise.reject(grpcError(status.UNAUTHENTICATED)),
  },
  users: { batchGetUsers: () => Promise.resolve({ users: [] }) },
})
const root = { 'PRIVATE-TOKEN': 'root' }
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function avatarForm(fields: Record<string, string>, filename = 'dk.png'): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('avatar', new Blob([PNG], { type: 'image/png' }), filename)
  return form
}

describe('POST /projects with a multipart form', () => {
  it('sends the avatar and the form fields to CreateProject', async () => {
    const createProject = jest.fn((_req: CreateProjectRequest) =>
      Promise.resolve({ project: projectFixture({ avatarFilename: 'dk.png' }) }),
    )
    gateway = await startGateway(identity, { projects: fakeProjects({ createProject }) })
    const res = await fetch(`${gateway.url}/api/v4/projects`, {
      method: 'POST',
      headers: root,
      body: avatarForm({ name: 'Avatar', 'topics[]': 'web', repository_object_format: 'sha256' }),
    })
    expect(res.status).toBe(201)
    const body = (await res.json()) as Record<string, unknown>
    expect(body['avatar_url']).toBe(
      'https://gitlab.example.com/uploads/-/system/project/avatar/5/dk.png',
    )
    const request = createProject.mock.calls[0]?.[0]
    expect(request?.settings?.name).toBe('Avatar')
    expect(request?.settings?.topics).toEqual(['web'])
    expect(request?.repositoryObjectFormat).toBe('sha256')
    expect(request?.avatar).toEqual({ filename: 'dk.png', content: PNG })
  })

  it('refuses an avatar that is not a file', async () => {
    gateway = await startGateway(identity)
    const res = await fetch(`${gateway.url}/api/v4/projects`, {
      method: 'POST',
      headers: { ...root, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x', avatar: 'not-a-file' }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'avatar is invalid' })
  })
})

describe('POST /projects: repository contents', () => {
  async function post(body: Record<string, unknown>) {
    gateway = await startGateway(identity)
    const res = await fetch(`${gateway.url}/api/v4/projects`, {
      method: 'POST',
      headers: { ...root, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: await res.json() }
  }

  it('validates repository_object_format', async () => {
    expect(await post({ name: 'x', repository_object_format: 'md5' })).toEqual({
      status: 400,
      body: { error: 'repository_object_format does not have a valid value' },
    })
  })

  it('refuses a template together with an import', async () => {
    expect(
      await post({ name: 'x', template_name: 'rails', import_url: 'https://x/y.git' }),
    ).toEqual({
      status: 400,
      body: { error: 'import_url, template_name, template_project_id are mutually exclusive' },
    })
  })

  it('refuses a template together with a README', async () => {
    expect(await post({ name: 'x', template_name: 'rails', initialize_with_readme: true })).toEqual(
      {
        status: 400,
        body: { error: 'template_name, initialize_with_readme are mutually exclusive' },
      },
    )
  })

  it('passes template_name and template_project_id on', async () => {
    const createProject = jest.fn((_req: CreateProjectRequest) =>
      Promise.resolve({ project: projectFixture() }),
    )
    gateway = await startGateway(identity, { projects: fakeProjects({ createProject }) })
    await fetch(`${gateway.url}/api/v4/projects`, {
      method: 'POST',
      headers: root,
      body: new URLSearchParams({ name: 'x', template_name: 'express' }),
    })
    expect(createProject.mock.calls[0]?.[0]).toMatchObject({ templateName: 'express' })
  })
})

describe('PUT /projects/:id avatar', () => {
  function updating() {
    const updateProject = jest.fn((_req: UpdateProjectRequest) =>
      Promise.resolve({ project: projectFixture() }),
    )
    const projects = fakeProjects({
      getProject: () =>
        Promise.resolve({
          project: projectFixture({ callerAccessLevel: 50, abilities: everyProjectAbility() }),
        }),
      updateProject,
    })
    return { projects, updateProject }
  }

  it('removes the avatar when given empty', async () => {
    const { projects, updateProject } = updating()
    gateway = await startGateway(identity, { projects })
    const res = await fetch(`${gateway.url}/api/v4/projects/5`, {
      method: 'PUT',
      headers: root,
      body: new URLSearchParams({ avatar: '' }),
    })
    expect(res.status).toBe(200)
    expect(updateProject.mock.calls[0]?.[0]).toMatchObject({
      removeAvatar: true,
      avatar: undefined,
    })
  })

  it('uploads a new one', async () => {
    const { projects, updateProject } = updating()
    gateway = await startGateway(identity, { projects })
    const res = await fetch(`${gateway.url}/api/v4/projects/5`, {
      method: 'PUT',
      headers: root,
      body: avatarForm({ description: 'new' }, 'logo.gif'),
    })
    expect(res.status).toBe(200)
    expect(updateProject.mock.calls[0]?.[0]).toMatchObject({
      removeAvatar: false,
      avatar: { filename: 'logo.gif', content: PNG },
      settings: { description: 'new' },
    })
  })
})

describe('GET /uploads/-/system/project/avatar/:id/:filename', () => {
  it('serves the image with its content type', async () => {
    const getProjectAvatar = jest.fn(() =>
      Promise.resolve({ filename: 'dk.png', contentType: 'image/png', content: PNG }),
    )
    gateway = await startGateway(identity, { projects: fakeProjects({ getProjectAvatar }) })
    const res = await fetch(`${gateway.url}/uploads/-/system/project/avatar/5/dk.png`, {
      headers: root,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG)
    expect(getProjectAvatar).toHaveBeenCalledWith(
      expect.objectContaining({
        projectId: 5,
        filename: 'dk.png',
        caller: expect.objectContaining({ userId: 1 }),
      }),
    )
  })

  it('answers 404 for a project the caller may not read', async () => {
    gateway = await startGateway(identity, {
      projects: fakeProjects({
        getProjectAvatar: () => Promise.reject(grpcError(status.NOT_FOUND)),
      }),
    })
    const res = await fetch(`${gateway.url}/uploads/-/system/project/avatar/5/dk.png`)
    expect(res.status).toBe(404)
  })

  it('answers 404 for an id that is not a number', async () => {
    gateway = await startGateway(identity)
    const res = await fetch(`${gateway.url}/uploads/-/system/project/avatar/x/dk.png`)
    expect(res.status).toBe(404)
  })
})
