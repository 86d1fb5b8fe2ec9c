import { status } from '@grpc/grpc-js'
import type { ListMergeRequestParticipantsRequest } from '@suite/proto'
import { grpcError } from '../testing/grpc-error.js'
import { startMergeRequestGateway } from '../testing/merge-request-gateway.js'
import type { TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const alice = { 'PRIVATE-TOKEN': 'alice' }
const PARTICIPANTS = '/projects/5/merge_requests/3/participants'

describe('GET /projects/:id/merge_requests/:iid/participants', () => {
  it("lists the service's participants in its order, paginated, as Entities::UserBasic", async () => {
    const asked: ListMergeRequestParticipantsRequest[] = []
    const started = await startMergeRequestGateway({
      ParticipantService: {
        listMergeRequestParticipants: (request) => {
          asked.push(request)
          return Promise.resolve({ userIds: [2, 1] })
        },
      },
    })
    gateway = started
    const res = await fetch(`${started.api}${PARTICIPANTS}?per_page=1`, { headers: alice })
    expect(res.status).toBe(200)
    expect(asked[0]).toMatchObject({ projectId: 5, iid: 3 })
    expect(asked[0]?.caller?.userId).toBe(2)
    expect(await res.json()).toEqual([
      {
        id: 2,
        username: 'alice',
        name: 'Alice Liddell',
        state: 'active',
        locked: false,
        avatar_url: null,
        web_url: expect.stringMatching(/\/alice$/),
      },
    ])
    expect(res.headers.get('x-total')).toBe('2')
    expect(res.headers.get('x-next-page')).toBe('2')
  })

  it("answers the service's 404 for an unknown merge request", async () => {
    const started = await startMergeRequestGateway({
      ParticipantService: {
        listMergeRequestParticipants: () =>
          Promise.reject(grpcError(status.NOT_FOUND, { resource: 'Merge Request' })),
      },
    })
    gateway = started
    const res = await fetch(`${started.api}${PARTICIPANTS}`, { headers: alice })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: '404 Merge Request Not Found' })
  })
})
