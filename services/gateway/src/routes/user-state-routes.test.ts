import { status } from '@grpc/grpc-js'
import { UserStateEvent, type ChangeUserStateRequest } from '@suite/proto'
import { fakeIdentity } from '../testing/fake-identity.js'
import { rootFixture, tokenFixture, userFixture } from '../testing/fixtures.js'
import { grpcError } from '../testing/grpc-error.js'
import { startGateway, type TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

type Answer = { result?: boolean } | Error

/** Token "root" is root, "alice" a user; identity answers ChangeUserState with `answer`. */
async function start(answer: Answer, seen: ChangeUserStateRequest[] = []): Promise<string> {
  gateway = await startGateway(
    fakeIdentity({
      tokens: {
        authenticateToken: ({ token }) =>
          token === 'root'
            ? Promise.resolve({ user: rootFixture(), token: tokenFixture() })
            : token === 'alice'
              ? Promise.resolve({ user: userFixture(), token: tokenFixture() })
              : Promise.reject(grpcError(status.UNAUTHENTICATED)),
      },
      users: {
        changeUserState: (req: ChangeUserStateRequest) => {
          seen.push(req)
          return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
        },
      },
    }),
  )
  return `${gateway.url}/api/v4`
}

const post = (url: string, token = 'root') =>
  fetch(url, { method: 'POST', headers: { 'PRIVATE-TOKEN': token } })

describe('POST /users/:id/<state action>', () => {
  it.each([
    [{ result: true }, 'true'],
    [{ result: false }, 'false'],
    [{}, 'null'],
  ])('answers identity %j as 201 %s', async (answer, body) => {
    const seen: ChangeUserStateRequest[] = []
    const api = await start(answer, seen)
    const res = await post(`${api}/users/7/deactivate`)
    expect(res.status).toBe(201)
    expect(await res.text()).toBe(body)
    expect(seen.map((req) => [req.id, req.event])).toEqual([
      [7, UserStateEvent.USER_STATE_EVENT_DEACTIVATE],
    ])
  })

  it('sends each action as its event', async () => {
    const seen: ChangeUserStateRequest[] = []
    const api = await start({ result: true }, seen)
    for (const action of ['block', 'unblock', 'deactivate', 'activate', 'ban', 'unban']) {
      expect((await post(`${api}/users/7/${action}`)).status).toBe(201)
    }
    expect(seen.map((req) => req.event)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('refuses a non-admin 403 without asking identity', async () => {
    const seen: ChangeUserStateRequest[] = []
    const api = await start({ result: true }, seen)
    const res = await post(`${api}/users/7/block`, 'alice')
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: '403 Forbidden' })
    expect(seen).toEqual([])
  })

  it("passes render_api_error!'s 403 text as it is, and forbidden!'s with its prefix", async () => {
    const verbatim = grpcError(status.FAILED_PRECONDITION, {
      reason: 'forbidden',
      message: 'You cannot ban blocked users.',
    })
    let api = await start(verbatim)
    let res = await post(`${api}/users/7/ban`)
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: 'You cannot ban blocked users.' })
    await gateway?.close()
    const prefixed = grpcError(status.PERMISSION_DENIED, {
      reason: 'forbidden',
      message: 'A blocked user cannot be deactivated by the API',
    })
    api = await start(prefixed)
    res = await post(`${api}/users/7/deactivate`)
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      message: '403 Forbidden - A blocked user cannot be deactivated by the API',
    })
  })
})
