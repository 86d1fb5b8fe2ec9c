import type { EventRecord } from '@suite/proto'
import { toEventRow, toPushPayloadRow } from './event-rows.js'

const created = new Date('2026-11-21T11:00:00.000Z')

function record(overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    action: 'pushed',
    projectId: 4,
    authorId: 2,
    targetType: undefined,
    targetId: undefined,
    targetIid: undefined,
    targetTitle: undefined,
    pushData: {
      commitCount: 2,
      action: 'created',
      refType: 'branch',
      commitFrom: '',
      commitTo: 'a'.repeat(40),
      ref: 'feature',
      commitTitle: `${'x'.repeat(80)}\nbody`,
      refCount: 0,
    },
    createdAt: created,
    idempotencyKey: 'push:4:abc',
    ...overrides,
  }
}

describe('toEventRow', () => {
  it('maps a record to its events row', () => {
    expect(toEventRow(record())).toEqual({
      project_id: 4,
      author_id: 2,
      action: 'pushed',
      target_type: null,
      target_id: null,
      target_iid: null,
      target_title: null,
      created_at: created,
      updated_at: created,
      idempotency_key: 'push:4:abc',
    })
  })

  it('stamps a record without created_at with now', () => {
    const now = new Date('2026-11-21T12:00:00.000Z')
    const row = toEventRow(
      record({ createdAt: undefined, targetType: 'MergeRequest', targetIid: 3 }),
      now,
    )
    expect(row).toMatchObject({ created_at: now, target_type: 'MergeRequest', target_iid: 3 })
  })
})

describe('toPushPayloadRow', () => {
  it('keeps the first line of the title cut to 70 characters; blank SHAs are null', () => {
    expect(toPushPayloadRow(record())).toEqual({
      commit_count: 2,
      action: 'created',
      ref_type: 'branch',
      commit_from: null,
      commit_to: 'a'.repeat(40),
      ref: 'feature',
      commit_title: 'x'.repeat(70),
      ref_count: null,
    })
  })

  it('is undefined for events other than pushes', () => {
    expect(toPushPayloadRow(record({ action: 'joined', pushData: undefined }))).toBeUndefined()
  })
})
