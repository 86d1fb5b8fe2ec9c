import { actionName, presentedTargetIid } from './event-action-name.js'
import type { PushPayload } from './event.js'

function push(action: string): PushPayload {
  return {
    commitCount: 1,
    action,
    refType: 'branch',
    commitFrom: null,
    commitTo: null,
    ref: 'main',
    commitTitle: null,
    refCount: null,
  }
}

describe('actionName', () => {
  it.each([
    ['updated', 'opened'],
    ['closed', 'closed'],
    ['reopened', 'opened'],
    ['commented', 'commented on'],
    ['merged', 'accepted'],
    ['joined', 'joined'],
    ['left', 'left'],
    ['destroyed', 'destroyed'],
    ['expired', 'removed due to membership expiration from'],
    ['approved', 'approved'],
  ])('names %s as GitLab (%s)', (action, name) => {
    expect(actionName({ action, targetType: 'Issue', push: null })).toBe(name)
  })

  it('names a project creation "created" and a target creation "opened"', () => {
    expect(actionName({ action: 'created', targetType: null, push: null })).toBe('created')
    expect(actionName({ action: 'created', targetType: 'MergeRequest', push: null })).toBe('opened')
  })

  it('names pushes by what they did to the ref', () => {
    expect(actionName({ action: 'pushed', targetType: null, push: push('created') })).toBe(
      'pushed new',
    )
    expect(actionName({ action: 'pushed', targetType: null, push: push('removed') })).toBe(
      'deleted',
    )
    expect(actionName({ action: 'pushed', targetType: null, push: push('pushed') })).toBe(
      'pushed to',
    )
  })
})

describe('presentedTargetIid', () => {
  it('is the iid, else the target id', () => {
    expect(presentedTargetIid({ targetId: 5, targetIid: 2 })).toBe(2)
    expect(presentedTargetIid({ targetId: 5, targetIid: null })).toBe(5)
    expect(presentedTargetIid({ targetId: null, targetIid: null })).toBeNull()
  })
})
