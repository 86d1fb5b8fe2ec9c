import type { PipelineTrigger } from '@suite/proto'
import { contextFixture, userFixture } from '../testing/fixtures.js'
import { presentTrigger } from './trigger.entity.js'

const trigger: PipelineTrigger = {
  id: 10,
  projectId: 7,
  ownerId: 2,
  description: 'deploy',
  token: `glptt-${'0'.repeat(40)}`,
  createdAt: new Date('2026-11-26T10:00:00.000Z'),
  updatedAt: new Date('2026-11-26T11:00:00.000Z'),
  lastUsed: undefined,
  expiresAt: new Date('2027-01-01T00:00:00.000Z'),
}

describe('presentTrigger', () => {
  it("renders GitLab's Trigger with its owner as UserBasic", () => {
    const ctx = contextFixture({ users: new Map([[2, userFixture()]]) })
    expect(JSON.stringify(presentTrigger(trigger, ctx))).toBe(
      JSON.stringify({
        id: 10,
        token: `glptt-${'0'.repeat(40)}`,
        description: 'deploy',
        created_at: '2026-11-26T10:00:00.000Z',
        updated_at: '2026-11-26T11:00:00.000Z',
        last_used: null,
        expires_at: '2027-01-01T00:00:00.000Z',
        owner: {
          id: 2,
          username: 'alice',
          name: 'Alice Liddell',
          state: 'active',
          locked: false,
          avatar_url: null,
          web_url: 'https://gitlab.example.com/alice',
        },
      }),
    )
  })

  it('shows null for a missing description and an owner who is gone', () => {
    const json = presentTrigger({ ...trigger, description: undefined }, contextFixture())
    expect(json).toMatchObject({ description: null, owner: null })
  })
})
