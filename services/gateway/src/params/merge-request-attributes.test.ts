import { HttpError } from '../errors/http-error.js'
import { mergeRequestAttributes, updateParams, updateRules } from './merge-request-attributes.js'
import { parseParams } from './parse-params.js'

const path = { id: '5', merge_request_iid: '3' }

describe('merge request attributes', () => {
  it('needs at least one attribute on update', () => {
    let body: unknown
    try {
      parseParams(updateParams, path, updateRules)
    } catch (error) {
      body = (error as HttpError).body
    }
    expect(body).toEqual({
      error:
        'assignee_id, assignee_ids, reviewer_ids, description, labels, add_labels, remove_labels, ' +
        'milestone_id, remove_source_branch, allow_collaboration, allow_maintainer_to_push, squash, ' +
        'target_branch, title, state_event, discussion_locked, merge_after are missing, at least ' +
        'one parameter must be provided',
    })
  })

  it('unassigns with 0, removes every label with "" and reads the alias', () => {
    const params = parseParams(
      updateParams,
      {
        ...path,
        assignee_id: '0',
        labels: '',
        milestone_id: '0',
        allow_maintainer_to_push: 'true',
      },
      updateRules,
    )
    expect(mergeRequestAttributes(params)).toMatchObject({
      setAssignees: true,
      assigneeIds: [],
      setLabels: true,
      labels: [],
      milestoneId: 0,
      allowCollaboration: true,
      setReviewers: false,
    })
  })

  it('takes assignee_ids and reviewer_ids as lists, 0 meaning nobody', () => {
    const params = parseParams(
      updateParams,
      { ...path, assignee_ids: ['2', '3'], reviewer_ids: '0', add_labels: 'a, b' },
      updateRules,
    )
    expect(mergeRequestAttributes(params)).toMatchObject({
      assigneeIds: [2, 3],
      setReviewers: true,
      reviewerIds: [],
      addLabels: ['a', 'b'],
      setLabels: false,
    })
  })

  it('refuses an empty title and an unknown state_event', () => {
    expect(() => parseParams(updateParams, { ...path, title: '' }, updateRules)).toThrow(HttpError)
    expect(() => parseParams(updateParams, { ...path, state_event: 'merge' }, updateRules)).toThrow(
      HttpError,
    )
  })
})
