import { status } from '@grpc/grpc-js'
import type { AuthenticateTokenResponse } from '@suite/proto'
import { HttpError } from '../errors/http-error.js'
import { fakeIdentity } from '../testing/fake-identity.js'
import { rootFixture, tokenFixture, userFixture } from '../testing/fixtures.js'
import { grpcError } from '../testing/grpc-error.js'
import { authenticate } from './authenticate.js'
import { TokenCache } from './token-cache.js'

const bob = userFixture({ id: 3, username: 'bob' })

function deps(answer: AuthenticateTokenResponse) {
  const identity = fakeIdentity({
    tokens: { authenticateToken: () => Promise.resolve(answer) },
    users: {
      getUser: ({ id }) =>
        !Number.isSafeInteger(id)
          ? Promise.reject(new Error(`invalid int64: ${id}`))
          : id === 3
            ? Promise.resolve({ user: bob })
            : Promise.reject(grpcError(status.NOT_FOUND)),
      listUsers: ({ username }) =>
        Promise.resolve({ users: username === 'bob' ? [bob] : [], pageInfo: { total: 0 } }),
    },
  })
  return { identity, tokenCache: new TokenCache() }
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof HttpError)) throw new Error('expected an HttpError')
  return { status: error.status, body: error.body }
}

const adminWithSudo = { user: rootFixture(), token: tokenFixture({ scopes: ['api', 'sudo'] }) }

describe('authenticate', () => {
  it('is anonymous without a token, and 401 when sudo comes without one', async () => {
    const d = deps(adminWithSudo)
    expect(await authenticate(undefined, undefined, d)).toEqual({
      user: undefined,
      token: undefined,
      sudo: false,
    })
    expect(await failure(authenticate(undefined, 'bob', d))).toEqual({
      status: 401,
      body: { message: '401 Unauthorized' },
    })
  })

  it('answers a refused token 401', async () => {
    const identity = fakeIdentity({
      tokens: { authenticateToken: () => Promise.reject(grpcError(status.UNAUTHENTICATED)) },
    })
    expect(
      await failure(authenticate('x', undefined, { identity, tokenCache: new TokenCache() })),
    ).toEqual({ status: 401, body: { message: '401 Unauthorized' } })
  })

  it('lets an admin token with the sudo scope act as a user by id or username', async () => {
    const byName = await authenticate('t', 'bob', deps(adminWithSudo))
    expect(byName).toMatchObject({ user: { id: 3 }, sudo: true })
    const byId = await authenticate('t', '3', deps(adminWithSudo))
    expect(byId).toMatchObject({ user: { username: 'bob' }, sudo: true })
  })

  it('gives GitLab sudo errors', async () => {
    const notAdmin = { user: userFixture(), token: tokenFixture({ scopes: ['api', 'sudo'] }) }
    expect(await failure(authenticate('t', 'bob', deps(notAdmin)))).toEqual({
      status: 403,
      body: { message: '403 Forbidden - Must be admin to use sudo' },
    })
    const noScope = { user: rootFixture(), token: tokenFixture({ scopes: ['api'] }) }
    expect(await failure(authenticate('t', 'bob', deps(noScope)))).toEqual({
      status: 403,
      body: {
        error: 'insufficient_scope',
        error_description:
          'The request requires higher privileges than provided by the access token.',
        scope: 'sudo',
      },
    })
    expect(await failure(authenticate('t', 'nobody', deps(adminWithSudo)))).toEqual({
      status: 404,
      body: { message: "404 User with ID or username 'nobody' Not Found" },
    })
    expect(await failure(authenticate('t', '99', deps(adminWithSudo)))).toEqual({
      status: 404,
      body: { message: "404 User with ID or username '99' Not Found" },
    })
    // Beyond int64: looked up as the largest safe integer (no such user), never
    // a value the gRPC encoder refuses with a 500.
    const huge = '99999999999999999999'
    expect(await failure(authenticate('t', huge, deps(adminWithSudo)))).toEqual({
      status: 404,
      body: { message: `404 User with ID or username '${huge}' Not Found` },
    })
    // A NUL no username holds (PostgreSQL refuses it): 404 without asking identity.
    const nul = deps(adminWithSudo)
    nul.identity.users.read.listUsers = () => Promise.reject(new Error('unexpected call'))
    expect(await failure(authenticate('t', 'bo\u0000b', nul))).toMatchObject({ status: 404 })
  })
})
