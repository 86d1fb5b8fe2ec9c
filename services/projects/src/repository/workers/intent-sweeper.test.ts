import { intentOwner } from './intent-sweeper.js'

describe('intentOwner', () => {
  it('tells apart two replicas on one host, and keeps a restarted replica the same host', () => {
    const first = intentOwner('node-1', 50053, 'a')
    const second = intentOwner('node-1', 50059, 'b')
    const firstAgain = intentOwner('node-1', 50053, 'c')
    // The sweeper takes at once only intents of its own host with another process id.
    expect(second.host).not.toBe(first.host)
    expect(firstAgain.host).toBe(first.host)
    expect(firstAgain.processId).not.toBe(first.processId)
  })
})
