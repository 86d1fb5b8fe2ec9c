import type { MergeRequestRow } from './merge-request-access.js'
import { mergeRequestEvent } from './merge-request-events.js'

const row = {
  id: 12,
  iid: 3,
  target_project_id: 7,
  title: 'Fix it',
  updated_at: new Date('2026-11-21T12:00:00.000Z'),
} as MergeRequestRow
const at = new Date('2026-11-21T12:00:01.000Z')

describe('mergeRequestEvent: GitLab Event rows for merge requests', () => {
  it('targets the MergeRequest in its project, by the acting user', () => {
    expect(mergeRequestEvent(row, 'created', 4, at)).toEqual({
      action: 'created',
      projectId: 7,
      authorId: 4,
      targetType: 'MergeRequest',
      targetId: 12,
      targetIid: 3,
      targetTitle: 'Fix it',
      pushData: undefined,
      createdAt: at,
      idempotencyKey: 'merge-requests:12:created:once',
    })
  })

  it('keys repeatable actions by the change that made them', () => {
    const closed = mergeRequestEvent(row, 'closed', 4, at).idempotencyKey
    const later = { ...row, updated_at: new Date('2026-11-21T13:00:00.000Z') }
    expect(closed).toBe(`merge-requests:12:closed:${row.updated_at.getTime()}`)
    expect(mergeRequestEvent(later, 'closed', 4, at).idempotencyKey).not.toBe(closed)
  })
})
