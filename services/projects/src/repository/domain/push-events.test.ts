import { diffRefs, pushEventRecord } from './push-events.js'

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const now = new Date('2026-01-01T00:00:00Z')

describe('diffRefs', () => {
  it('finds created, updated and removed refs', () => {
    const before = new Map([
      ['refs/heads/main', A],
      ['refs/tags/old', A],
    ])
    const after = new Map([
      ['refs/heads/main', B],
      ['refs/heads/new', A],
    ])
    expect(diffRefs(before, after)).toEqual([
      { ref: 'refs/heads/main', oldId: A, newId: B },
      { ref: 'refs/heads/new', oldId: undefined, newId: A },
      { ref: 'refs/tags/old', oldId: A, newId: undefined },
    ])
  })
})

describe('pushEventRecord', () => {
  it('records a branch push with GitLab push_data', () => {
    const record = pushEventRecord(
      5,
      1,
      { ref: 'refs/heads/main', oldId: A, newId: B },
      { commitCount: 2, commitTitle: 'x'.repeat(100) },
      now,
    )
    expect(record).toEqual({
      action: 'pushed',
      projectId: 5,
      authorId: 1,
      targetType: undefined,
      targetId: undefined,
      targetIid: undefined,
      targetTitle: undefined,
      pushData: {
        commitCount: 2,
        action: 'pushed',
        refType: 'branch',
        commitFrom: A,
        commitTo: B,
        ref: 'main',
        commitTitle: 'x'.repeat(70),
        refCount: 1,
      },
      createdAt: now,
      idempotencyKey: `push:5:refs/heads/main:${A}:${B}`,
    })
  })

  it('records created and removed tags', () => {
    const created = pushEventRecord(
      5,
      1,
      { ref: 'refs/tags/v1', oldId: undefined, newId: A },
      { commitCount: 1, commitTitle: 't' },
      now,
    )
    expect(created?.pushData).toMatchObject({
      action: 'created',
      refType: 'tag',
      ref: 'v1',
      commitFrom: undefined,
    })
    const removed = pushEventRecord(
      5,
      1,
      { ref: 'refs/tags/v1', oldId: A, newId: undefined },
      { commitCount: 3, commitTitle: undefined },
      now,
    )
    expect(removed?.pushData).toMatchObject({
      action: 'removed',
      commitCount: 0,
      commitTo: undefined,
    })
    expect(removed?.idempotencyKey).toBe(`push:5:refs/tags/v1:${A}:deleted`)
  })

  it('ignores refs that are neither branches nor tags', () => {
    expect(
      pushEventRecord(
        5,
        1,
        { ref: 'refs/notes/x', oldId: A, newId: B },
        { commitCount: 1, commitTitle: '' },
      ),
    ).toBeUndefined()
  })
})
