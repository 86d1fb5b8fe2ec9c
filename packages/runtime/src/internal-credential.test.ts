import {
  credentials,
  makeGenericClientConstructor,
  Metadata,
  status,
  type Client,
  type ServiceError,
} from '@grpc/grpc-js'
import { checkHealth, createClient } from './grpc-client.js'
import { GrpcServer } from './grpc-server.js'
import { generateInternalSecret, internalSecretSetting } from './internal-credential.js'
import { createLogger } from './logger.js'
import { createRegistry } from './metrics.js'

// A hand-written echo service: the interceptor sits below any proto, so none is needed.
const echoDefinition = {
  echo: {
    path: '/test.v1.EchoService/Echo',
    requestStream: false,
    responseStream: false,
    requestSerialize: (value: string) => Buffer.from(value),
    requestDeserialize: (bytes: Buffer) => bytes.toString(),
    responseSerialize: (value: string) => Buffer.from(value),
    responseDeserialize: (bytes: Buffer) => bytes.toString(),
  },
} as const
const EchoClient = makeGenericClientConstructor(echoDefinition, 'test.v1.EchoService')
type Echo = (
  request: string,
  metadata: Metadata,
  callback: (error: ServiceError | null, response?: string) => void,
) => void

const SECRET = generateInternalSecret()

/** Calls Echo on a plain grpc-js client with `authorization` set to `value` (none if undefined). */
function rawEcho(address: string, value: string | undefined): Promise<ServiceError | string> {
  const client = new EchoClient(address, credentials.createInsecure()) as unknown as Client &
    Record<'echo', Echo>
  const metadata = new Metadata()
  if (value !== undefined) metadata.set('authorization', value)
  return new Promise((resolve) => {
    client.echo('hi', metadata, (error, response) => {
      client.close()
      resolve(error ?? response ?? '')
    })
  })
}

describe('the internal credential', () => {
  let server: GrpcServer
  let address: string
  const seen: string[][] = []

  beforeAll(async () => {
    const registry = createRegistry('test')
    server = new GrpcServer({
      service: 'test',
      logger: createLogger('test', 'silent'),
      registry,
      internalSecret: SECRET,
    })
    server.add(
      echoDefinition,
      {
        echo: server.unary<string, string>('Echo', (request, { call }) => {
          seen.push(Object.keys(call.metadata.getMap()))
          return Promise.resolve(`echo ${request}`)
        }),
      },
      'test.v1.EchoService',
    )
    address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`
  })

  afterAll(() => server.shutdown(100))

  it('is refused UNAUTHENTICATED when a call carries none', async () => {
    const answer = await rawEcho(address, undefined)
    expect(answer).toMatchObject({ code: status.UNAUTHENTICATED })
  })

  it.each([
    ['a wrong secret', `Bearer ${generateInternalSecret()}`],
    ['the secret without its scheme', SECRET],
    ['a prefix of it', `Bearer ${SECRET.slice(0, -1)}`],
    ['an empty value', ''],
  ])('is refused UNAUTHENTICATED with %s', async (_name, value) => {
    const answer = await rawEcho(address, value)
    expect(answer).toMatchObject({ code: status.UNAUTHENTICATED })
    expect((answer as ServiceError).details).toBe('missing or wrong internal credential')
  })

  it('lets a call with the secret through, and hides it from the handler', async () => {
    seen.length = 0
    expect(await rawEcho(address, `Bearer ${SECRET}`)).toBe('echo hi')
    expect(seen).toHaveLength(1)
    expect(seen[0]).not.toContain('authorization')
  })

  it("is sent by the suite's clients", async () => {
    const right = createClient(EchoClient as never, {
      address,
      registry: createRegistry('client'),
      internalSecret: SECRET,
      breaker: false,
    }) as { raw: Client; rpc: { echo: (request: string) => Promise<string> } }
    const wrong = createClient(EchoClient as never, {
      address,
      registry: createRegistry('client'),
      internalSecret: generateInternalSecret(),
      breaker: false,
    }) as { raw: Client; rpc: { echo: (request: string) => Promise<string> } }
    try {
      expect(await right.rpc.echo('there')).toBe('echo there')
      await expect(wrong.rpc.echo('there')).rejects.toMatchObject({
        code: status.UNAUTHENTICATED,
      })
    } finally {
      right.raw.close()
      wrong.raw.close()
    }
  })

  it('is not asked of the standard health service, which kubelet probes call bare', async () => {
    expect(await checkHealth(address)).toBe(true)
  })

  it('must be set, and long enough', () => {
    expect(internalSecretSetting().safeParse(undefined).success).toBe(false)
    expect(internalSecretSetting().safeParse('short').success).toBe(false)
    expect(internalSecretSetting().safeParse(`${'x'.repeat(31)} `).success).toBe(false)
    expect(internalSecretSetting().safeParse(SECRET).success).toBe(true)
  })
})
