import { status } from '@grpc/grpc-js'
import { fakeIdentity } from '../testing/fake-identity.js'
import { tokenFixture, userFixture } from '../testing/fixtures.js'
import { grpcError } from '../testing/grpc-error.js'
import { startGateway, type TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

/** Token "<scope>" is alice with that one scope; any other token is refused. */
async function start(revision?: string): Promise<string> {
  const identity = fakeIdentity({
    tokens: {
      authenticateToken: ({ token }) =>
        ['api', 'read_api', 'read_user', 'read_repository'].includes(token)
          ? Promise.resolve({ user: userFixture(), token: tokenFixture({ scopes: [token] }) })
          : Promise.reject(grpcError(status.UNAUTHENTICATED)),
    },
  })
  gateway = await startGateway(identity, revision === undefined ? {} : { revision })
  return `${gateway.url}/api/v4`
}

describe.each(['/version', '/metadata'])('GET %s', (path) => {
  it('answers the metadata entity with the build revision abbreviated', async () => {
    const api = await start('0123456789abcdef0123456789abcdef01234567')
    const res = await fetch(`${api}${path}`, { headers: { 'PRIVATE-TOKEN': 'read_user' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      version: '17.11.0-suite',
      revision: '0123456789a',
      kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
      enterprise: false,
    })
  })

  it('says unknown when the build named no commit', async () => {
    const api = await start()
    const res = await fetch(`${api}${path}`, { headers: { 'PRIVATE-TOKEN': 'api' } })
    expect(await res.json()).toMatchObject({ revision: 'unknown' })
  })

  it('answers 401 to anonymous callers and bad tokens', async () => {
    const api = await start()
    const anonymous = await fetch(`${api}${path}`)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ message: '401 Unauthorized' })
    expect((await fetch(`${api}${path}`, { headers: { 'PRIVATE-TOKEN': 'nope' } })).status).toBe(
      401,
    )
  })

  it('takes read_api but not a token without an API scope', async () => {
    const api = await start()
    const read = await fetch(`${api}${path}`, { headers: { 'PRIVATE-TOKEN': 'read_api' } })
    expect(read.status).toBe(200)
    const repo = await fetch(`${api}${path}`, { headers: { 'PRIVATE-TOKEN': 'read_repository' } })
    expect(repo.status).toBe(403)
    expect(await repo.json()).toMatchObject({ scope: 'read_user api read_api' })
  })
})
