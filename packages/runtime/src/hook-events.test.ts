import { decodeHookEvent, hookEvent, hookEventJobData, type HookEvent } from './hook-events.js'

/** What BullMQ stores of a job's data. */
const queued = (data: unknown): unknown => JSON.parse(JSON.stringify(data)) as unknown

describe('hookEventJobData', () => {
  const full: HookEvent = hookEvent({
    projectId: 7,
    kind: 'merge_request_hooks',
    branch: 'main',
    userId: 3,
    projectBlocks: { 'object_attributes.source': 9 },
    payload: {
      object_kind: 'merge_request',
      object_attributes: { iid: 1, title: 'x' },
      labels: [],
    },
  })

  it('is the JSON the event itself made before it was a proto message', () => {
    expect(queued(hookEventJobData(full))).toEqual(queued(full))
    const bare = hookEvent({
      projectId: 7,
      kind: 'push_hooks',
      payload: { ref: 'refs/heads/main' },
    })
    expect(queued(hookEventJobData(bare))).toEqual(queued(bare))
    expect(Object.keys(hookEventJobData(bare) as object).sort()).toEqual([
      'kind',
      'payload',
      'projectId',
      'uuid',
    ])
  })

  it("keeps the payload's key order", () => {
    const data = queued(hookEventJobData(full)) as { payload: Record<string, unknown> }
    expect(Object.keys(data.payload)).toEqual(['object_kind', 'object_attributes', 'labels'])
  })

  it('decodes back to the event, as a job queued before the message existed does', () => {
    expect(decodeHookEvent(queued(hookEventJobData(full)))).toEqual(full)
    expect(decodeHookEvent(queued(full))).toEqual(full)
  })
})
