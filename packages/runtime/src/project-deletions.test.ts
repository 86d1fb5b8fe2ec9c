import { decodeGroupDeleted, GROUP_DELETED_OUTBOX, groupDeletedJobId } from './group-deletions.js'
import { decodeUserDeleted, USER_DELETED_OUTBOX, userDeletedJobId } from './user-deletions.js'
import {
  decodeProjectDeleted,
  PROJECT_DELETED_OUTBOX,
  PROJECT_DELETED_QUEUES,
  projectDeletedJobId,
} from './project-deletions.js'

describe('project deletions: the message every service drains', () => {
  const message = { projectId: 12, namespaceId: 3, deletedByUserId: 7 }

  it('round-trips through the outbox and a job, keyed once per project', () => {
    const stored = PROJECT_DELETED_OUTBOX.fromJSON(PROJECT_DELETED_OUTBOX.toJSON(message))
    expect(stored).toEqual(message)
    expect(PROJECT_DELETED_OUTBOX.keyOf(message)).toBe('project-deleted:12')
    expect(projectDeletedJobId(message)).toBe('project-deleted_12')
    expect(
      decodeProjectDeleted({ ...(PROJECT_DELETED_OUTBOX.toJSON(message) as object), meta: {} }),
    ).toEqual(message)
  })

  it('refuses payloads that name no project', () => {
    for (const data of [null, 'x', {}, { projectId: 0 }, { projectId: -1 }, { projectId: 'a' }]) {
      expect(decodeProjectDeleted(data)).toBeUndefined()
    }
  })

  it('has one queue per service that holds project rows', () => {
    expect(Object.values(PROJECT_DELETED_QUEUES).sort()).toEqual([
      'alerting.project-deleted',
      'ci.project-deleted',
      'merge-requests.project-deleted',
      'projects.project-deleted',
    ])
  })
})

describe('user deletions: the message every service drains', () => {
  it('keys one job per user and refuses a message without a Ghost user, or naming it', () => {
    const message = {
      userId: 8,
      ghostUserId: 3,
      hardDelete: false,
      namespaceId: 9,
      deletedByUserId: 1,
    }
    expect(userDeletedJobId(message)).toBe('user-deleted_8')
    expect(decodeUserDeleted(USER_DELETED_OUTBOX.toJSON(message))).toEqual(message)
    expect(decodeUserDeleted({ userId: 8 })).toBeUndefined()
    expect(decodeUserDeleted({ userId: 3, ghostUserId: 3 })).toBeUndefined()
  })

  it('keys one job per group and needs its namespaces', () => {
    const message = { groupId: 4, namespaceIds: [4, 6], deletedByUserId: 1 }
    expect(groupDeletedJobId(message)).toBe('group-deleted_4')
    expect(decodeGroupDeleted(GROUP_DELETED_OUTBOX.toJSON(message))).toEqual(message)
    expect(decodeGroupDeleted({ groupId: 4 })).toBeUndefined()
  })
})
