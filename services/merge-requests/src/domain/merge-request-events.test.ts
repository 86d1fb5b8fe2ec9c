import { mergeRequestEvent } from './merge-request-events.js'

const row = {
  id: 12,
  iid: 3,
  targetProjectId: 7,
  title: 'Fix it',
  updatedAt: new Date('2026-11-21T12:00:00.000Z'),
}
const at = new Date('2026-11-21T12:00:01.000Z')

describe('mergeRequestEvent: GitLab Event rows for merge requests', () => {
  it('targets the MergeRequest in its project, by the acting user', () => {
    expect(mergeRequestEvent(row, 'created', 4, at)).toEqual({
      action: 'created',
      projectId: 7,
      authorId: 4,
      targetId: 12,
      targetIid: 3,
      targetTitle: 'Fix it',
      createdAt: at,
      idempotencyKey: 'merge-requests:12:created:once',
    })
  })

  it('keys repeatable actions by the change that made them', () => {
    const closed = mergeRequestEvent(row, 'closed', 4, at).idempotencyKey
    const later = { ...row, updatedAt: new Date('2026-11-21T13:00:00.000Z') }
    expect(closed).toBe(`merge-requests:12:closed:${row.updatedAt.getTime()}`)
    expect(mergeRequestEvent(later, 'closed', 4, at).idempotencyKey).not.toBe(closed)
  })
})
