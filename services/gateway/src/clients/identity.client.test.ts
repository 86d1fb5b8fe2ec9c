import { status } from '@grpc/grpc-js'
import {
  UserServiceService,
  type GetUserRequest,
  type GetUserResponse,
  type UserServiceServer,
} from '@suite/proto'
import {
  GrpcServer,
  NotFoundError,
  checkHealth,
  createLogger,
  createRegistry,
  currentRequestId,
  runWithRequestId,
  generateInternalSecret,
} from '@suite/runtime'
import { httpErrorFromGrpc } from '../errors/grpc-errors.js'
import { userFixture } from '../testing/fixtures.js'
import { createIdentityClients, type IdentityClients } from './identity.client.js'

/** INTERNAL_API_SECRET of the in-process server and its client. */
const SECRET = generateInternalSecret()

/** A real gRPC round trip on loopback: the runtime's client and server as the gateway uses them. */
describe('identity clients', () => {
  let server: GrpcServer
  let clients: IdentityClients
  let address: string
  const seenRequestIds: (string | undefined)[] = []

  beforeAll(async () => {
    const logger = createLogger('identity', 'silent')
    server = new GrpcServer({
      service: 'identity',
      logger,
      registry: createRegistry('identity'),
      internalSecret: SECRET,
    })
    const getUser = server.unary<GetUserRequest, GetUserResponse>('GetUser', (request) => {
      seenRequestIds.push(currentRequestId())
      if (request.id !== 2) return Promise.reject(new NotFoundError('User'))
      return Promise.resolve({ user: userFixture() })
    })
    const notServed = () => Promise.reject(new Error('not served in this test'))
    const implementation: UserServiceServer = {
      getUser,
      batchGetUsers: server.unary('BatchGetUsers', notServed),
      listUsers: server.unary('ListUsers', notServed),
      createUser: server.unary('CreateUser', notServed),
      updateUser: server.unary('UpdateUser', notServed),
      changeUserState: server.unary('ChangeUserState', notServed),
      getUserAvatar: server.unary('GetUserAvatar', notServed),
    }
    server.add(UserServiceService, implementation, 'gitlab.identity.v1.UserService')
    const port = await server.listen('127.0.0.1', 0)
    address = `127.0.0.1:${port}`
    clients = createIdentityClients(address, createRegistry('gateway'), SECRET)
  })

  afterAll(async () => {
    clients.close()
    await server.shutdown(100)
  })

  it('answers with messages and carries the request id', async () => {
    const answer = await runWithRequestId('req-7', () =>
      clients.users.read.getUser({ caller: undefined, id: 2 }),
    )
    expect(answer.user?.username).toBe('alice')
    expect(seenRequestIds).toContain('req-7')
  })

  it('turns a domain error into GitLab body through the trailer', async () => {
    const error: unknown = await clients.users.read
      .getUser({ caller: undefined, id: 9 })
      .catch((reason: unknown) => reason)
    expect(error).toMatchObject({ code: status.NOT_FOUND })
    expect(httpErrorFromGrpc(error as Parameters<typeof httpErrorFromGrpc>[0]).body).toEqual({
      message: '404 User Not Found',
    })
  })

  it('is what the readiness check asks', async () => {
    expect(await checkHealth(address)).toBe(true)
    expect(await checkHealth('127.0.0.1:1', 200)).toBe(false)
  })
})
