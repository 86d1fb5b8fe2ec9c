import { deflateSync, gzipSync } from 'node:zlib'
import type { UserWithToken } from './support/factories'
import { openMergeRequest, type MergeRequestJson } from './support/merge-requests'
import { projectWithReadme } from './support/projects'
import { baseUrl } from './support/suite-state'
import type { ProjectJson } from './support/types'

// Issue 24: multipart forms are read only after authentication, with limits on
// parts, fields and files, and files only where a route takes them; compressed
// bodies are capped at the plain bodies' 10 MB once inflated.

interface Answer {
  status: number
  body: unknown
}

async function send(
  method: string,
  path: string,
  body: FormData | Buffer,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${baseUrl()}/api/v4${path}`, { method, headers, body })
  const text = await res.text()
  return { status: res.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
}

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

function form(fields: Record<string, string>, file?: string): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) data.append(key, value)
  if (file) data.append(file, new Blob([PNG], { type: 'image/png' }), 'a.png')
  return data
}

describe('request bodies', () => {
  let owner: UserWithToken
  let project: ProjectJson
  let mr: MergeRequestJson
  const single = () => `/projects/${project.id}/merge_requests/${mr.iid}`

  beforeAll(async () => {
    ;({ owner, project } = await projectWithReadme())
    ;({ mr } = await openMergeRequest(owner.token, project.id))
  })

  it('a form with fields updates a route that takes no files, as any form does', async () => {
    const res = await send('PUT', single(), form({ title: 'From a form' }), {
      'PRIVATE-TOKEN': owner.token,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ title: 'From a form' })
  })

  it('a form is not read before authentication: 401 without a token', async () => {
    const res = await send('POST', '/projects', form({ name: 'anonymous' }, 'avatar'))
    expect([res.status, res.body]).toEqual([401, { message: '401 Unauthorized' }])
  })

  it('a file is refused on a route that takes none', async () => {
    const res = await send('PUT', single(), form({ title: 'x' }, 'title'), {
      'PRIVATE-TOKEN': owner.token,
    })
    expect([res.status, res.body]).toEqual([400, { error: 'Too many files' }])
  })

  it('a NUL character in a form field is a 400 naming it', async () => {
    const res = await send('PUT', single(), form({ title: 'a\u0000b' }), {
      'PRIVATE-TOKEN': owner.token,
    })
    expect([res.status, res.body]).toEqual([400, { error: 'title is invalid' }])
  })

  it('a form of more than 200 parts is a 400', async () => {
    const fields = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}`, 'x']))
    const res = await send('PUT', single(), form(fields), { 'PRIVATE-TOKEN': owner.token })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: expect.stringMatching(/^Too many (parts|fields)$/) })
  })

  it('a form over 10 MB is a 413', async () => {
    const big = form({ description: 'd'.repeat(4 * 1024 * 1024 - 10) })
    for (let i = 0; i < 2; i += 1) big.append(`more${i}`, 'e'.repeat(4 * 1024 * 1024 - 10))
    const res = await send('PUT', single(), big, { 'PRIVATE-TOKEN': owner.token })
    expect([res.status, res.body]).toEqual([413, { message: '413 Payload Too Large' }])
  })

  it('a form over 10 MB sent without a length (chunked) is a 413 too', async () => {
    const big = form({ description: 'd'.repeat(4 * 1024 * 1024 - 10) })
    for (let i = 0; i < 2; i += 1) big.append(`more${i}`, 'e'.repeat(4 * 1024 * 1024 - 10))
    // A Response serializes the form; its stream goes out chunked, with no Content-Length.
    const encoded = new Response(big)
    const res = await fetch(`${baseUrl()}/api/v4${single()}`, {
      method: 'PUT',
      headers: {
        'PRIVATE-TOKEN': owner.token,
        'Content-Type': encoded.headers.get('content-type') ?? '',
      },
      body: encoded.body,
      duplex: 'half',
    })
    expect([res.status, await res.json()]).toEqual([413, { message: '413 Payload Too Large' }])
  })

  it('a gzip body that inflates beyond 10 MB is a 413, a small one is read', async () => {
    const bomb = gzipSync(
      Buffer.from(JSON.stringify({ description: 'a'.repeat(11 * 1024 * 1024) })),
    )
    expect(bomb.length).toBeLessThan(64 * 1024)
    const headers = {
      'PRIVATE-TOKEN': owner.token,
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    }
    const refused = await send('PUT', single(), bomb, headers)
    expect([refused.status, refused.body]).toEqual([413, { message: '413 Payload Too Large' }])
    const small = gzipSync(Buffer.from(JSON.stringify({ title: 'Gzipped' })))
    const taken = await send('PUT', single(), small, headers)
    expect(taken.status).toBe(200)
    expect(taken.body).toMatchObject({ title: 'Gzipped' })
  })

  it('a deflate body is capped alike', async () => {
    const bomb = deflateSync(Buffer.from(`title=${'a'.repeat(11 * 1024 * 1024)}`))
    const res = await send('PUT', single(), bomb, {
      'PRIVATE-TOKEN': owner.token,
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Encoding': 'deflate',
    })
    expect([res.status, res.body]).toEqual([413, { message: '413 Payload Too Large' }])
  })

  it('an avatar still reaches the routes that take files', async () => {
    const res = await send('PUT', `/projects/${project.id}`, form({}, 'avatar'), {
      'PRIVATE-TOKEN': owner.token,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ avatar_url: expect.stringMatching(/\/a\.png$/) })
  })
})
