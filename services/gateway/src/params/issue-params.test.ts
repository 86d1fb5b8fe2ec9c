import { createIssueParams, issueAttributes } from './issue-params.js'

describe('issue parameters', () => {
  const dueDate = createIssueParams.due_date

  it('takes a calendar date (or the date part of a time) as due_date, nothing else', () => {
    expect(dueDate.read('2030-01-31')).toEqual({ ok: true, value: '2030-01-31' })
    expect(dueDate.read('2030-01-31T10:00:00Z').ok).toBe(true)
    for (const bad of ['2030-02-31', '0000-01-01', '31.01.2030', 'soon']) {
      expect([bad, dueDate.read(bad).ok]).toEqual([bad, false])
    }
  })

  it('maps assignee_id 0 to no assignees, "" labels to none, "" due_date to a cleared one', () => {
    expect(issueAttributes({ assignee_id: 0, labels: [], due_date: '' })).toMatchObject({
      setAssignees: true,
      assigneeIds: [],
      setLabels: true,
      labels: [],
      dueDate: undefined,
      clearDueDate: true,
    })
    expect(
      issueAttributes({ assignee_ids: [3, 4], due_date: '2030-01-31T10:00:00Z' }),
    ).toMatchObject({
      assigneeIds: [3, 4],
      dueDate: '2030-01-31',
      clearDueDate: false,
      setLabels: false,
    })
  })
})
