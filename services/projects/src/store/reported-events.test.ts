import { EventRecord } from '@suite/proto'
import { invalidEventReason } from './reported-events.js'

describe('invalidEventReason', () => {
  const valid = EventRecord.fromJSON({
    action: 'joined',
    projectId: 3,
    authorId: 2,
    idempotencyKey: 'member:3:2:joined:9',
  })

  it('accepts a complete record', () => {
    expect(invalidEventReason(valid)).toBeUndefined()
  })

  it('refuses records that could never be stored', () => {
    expect(invalidEventReason({ ...valid, idempotencyKey: '' })).toBe('idempotency_key is missing')
    expect(invalidEventReason({ ...valid, action: 'danced' })).toBe('unknown action "danced"')
    expect(invalidEventReason({ ...valid, projectId: 0 })).toBe('project_id is missing')
    expect(invalidEventReason(EventRecord.fromJSON('garbage'))).toBe('idempotency_key is missing')
  })
})
