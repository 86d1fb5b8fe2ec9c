import { HttpError } from '../errors/http-error.js'
import { fakeIdentity } from '../testing/fake-identity.js'
import { startGateway, type TestGateway } from '../testing/test-server.js'
import { MAX_PARAM_DEPTH, parseQueryString } from './request-parsers.js'

function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
}

function nestedKey(depth: number): string {
  return `a${'[b]'.repeat(depth)}=1`
}

describe('parseQueryString', () => {
  it('reads arrays and hashes as Express extended parser does', () => {
    expect(parseQueryString('labels[]=a&labels[]=b&not[labels]=c')).toEqual({
      labels: ['a', 'b'],
      not: { labels: 'c' },
    })
  })

  it('refuses keys nested deeper than Rack allows with a 400', () => {
    expect(() => parseQueryString(nestedKey(MAX_PARAM_DEPTH))).not.toThrow()
    let thrown: unknown
    try {
      parseQueryString(nestedKey(MAX_PARAM_DEPTH + 1))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(HttpError)
    expect(thrown).toMatchObject({ status: 400, body: { error: 'Parameters nested too deeply' } })
  })
})

describe('API body and query limits', () => {
  let gateway: TestGateway

  beforeAll(async () => {
    gateway = await startGateway(fakeIdentity())
  })

  afterAll(() => gateway.close())

  function post(body: string, contentType: string, query = '') {
    return fetch(`${gateway.url}/api/v4/projects${query}`, {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body,
    })
  }

  it('refuses a JSON body nested deeper than 32 before parsing it', async () => {
    const res = await post(nestedJson(MAX_PARAM_DEPTH + 1), 'application/json')
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.json()).toEqual({ error: 'Parameters nested too deeply' })
  })

  it('lets a body 32 deep through to the route (here: 401 without a token)', async () => {
    const res = await post(nestedJson(MAX_PARAM_DEPTH), 'application/json')
    expect(res.status).toBe(401)
  })

  it('does not count brackets inside strings as nesting', async () => {
    const res = await post(JSON.stringify({ name: '['.repeat(100) }), 'application/json')
    expect(res.status).toBe(401)
  })

  it('refuses a form or query string nested too deeply', async () => {
    const form = await post(nestedKey(MAX_PARAM_DEPTH + 1), 'application/x-www-form-urlencoded')
    expect(form.status).toBe(400)
    expect(await form.json()).toEqual({ error: 'Parameters nested too deeply' })
    const query = await post('{}', 'application/json', `?${nestedKey(MAX_PARAM_DEPTH + 1)}`)
    expect(query.status).toBe(400)
    expect(await query.json()).toEqual({ error: 'Parameters nested too deeply' })
  })

  it('refuses a body over the limit with a JSON 413', async () => {
    const res = await post(
      JSON.stringify({ description: 'a'.repeat(11 * 1024 * 1024) }),
      'application/json',
    )
    expect(res.status).toBe(413)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.json()).toEqual({ message: '413 Payload Too Large' })
  })
})
