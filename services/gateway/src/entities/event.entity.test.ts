import type { Event } from '@suite/proto'
import { contextFixture, userFixture } from '../testing/fixtures.js'
import { presentEvent } from './event.entity.js'

function eventFixture(overrides: Partial<Event> = {}): Event {
  return {
    id: 11,
    projectId: 4,
    authorId: 2,
    action: 'pushed',
    actionName: 'pushed new',
    targetType: undefined,
    targetId: undefined,
    targetIid: undefined,
    targetTitle: undefined,
    createdAt: new Date('2026-11-21T11:00:00.000Z'),
    pushData: {
      commitCount: 1,
      action: 'created',
      refType: 'branch',
      commitFrom: undefined,
      commitTo: 'a'.repeat(40),
      ref: 'feature',
      commitTitle: 'Add a feature',
      refCount: 0,
    },
    ...overrides,
  }
}

describe('presentEvent', () => {
  const ctx = contextFixture({ users: new Map([[2, userFixture()]]) })

  it('renders a push event with push_data', () => {
    expect(JSON.stringify(presentEvent(eventFixture(), ctx))).toBe(
      JSON.stringify({
        id: 11,
        title: null,
        project_id: 4,
        action_name: 'pushed new',
        target_id: null,
        target_iid: null,
        target_type: null,
        author_id: 2,
        target_title: null,
        created_at: '2026-11-21T11:00:00.000Z',
        author: {
          id: 2,
          username: 'alice',
          name: 'Alice Liddell',
          state: 'active',
          locked: false,
          avatar_url: null,
          web_url: 'https://gitlab.example.com/alice',
        },
        imported: false,
        imported_from: 'none',
        push_data: {
          commit_count: 1,
          action: 'created',
          ref_type: 'branch',
          commit_from: null,
          commit_to: 'a'.repeat(40),
          ref: 'feature',
          commit_title: 'Add a feature',
          ref_count: null,
        },
        note: null,
        author_username: 'alice',
      }),
    )
  })

  it('leaves push_data out of other events and author out when the user is gone', () => {
    const joined = eventFixture({ action: 'joined', actionName: 'joined', pushData: undefined })
    const json = presentEvent(joined, contextFixture())
    expect(json).not.toHaveProperty('push_data')
    expect(json).not.toHaveProperty('author')
    expect(json).toMatchObject({ action_name: 'joined', author_username: null })
  })
})
