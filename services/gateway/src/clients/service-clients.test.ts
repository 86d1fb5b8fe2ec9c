import { MERGE_REQUESTS_V1_SERVICES } from '@suite/proto'
import { createRegistry } from '@suite/runtime'
import { createServiceClients, withNames } from './service-clients.js'

// Never called: the clients are built and closed, no call is made.
const NOWHERE = '127.0.0.1:9'

describe('createServiceClients', () => {
  it('has a read and a write client for every service of the generated list, by name and alias', () => {
    const { clients, close } = createServiceClients(MERGE_REQUESTS_V1_SERVICES, {
      address: NOWHERE,
      registry: createRegistry('gateway'),
      internalSecret: '',
    })
    const named = withNames(clients, { diffs: 'DiffService' })
    expect(Object.keys(clients).sort()).toEqual(Object.keys(MERGE_REQUESTS_V1_SERVICES).sort())
    expect(named.diffs).toBe(clients.DiffService)
    expect(named.ParticipantService).toBe(clients.ParticipantService)
    expect(typeof clients.ParticipantService.read.listMergeRequestParticipants).toBe('function')
    expect(typeof clients.ParticipantService.write.listMergeRequestParticipants).toBe('function')
    close()
  })
})
