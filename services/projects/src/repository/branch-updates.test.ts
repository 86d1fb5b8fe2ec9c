import type { BranchUpdatePublisher, Logger } from '@suite/runtime'
import { branchUpdatesOf, publishBranchUpdates } from './branch-updates.js'
import { publishRefChanges, type RefChangeSinks } from './push-publisher.js'
import type { Repo } from './repository-store.js'

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const ZERO = '0'.repeat(40)

describe('branchUpdatesOf', () => {
  it('makes one update per changed branch, zeros for created and deleted, no tags', () => {
    expect(
      branchUpdatesOf(3, 9, [
        { ref: 'refs/heads/main', oldId: A, newId: B },
        { ref: 'refs/heads/new', oldId: undefined, newId: A },
        { ref: 'refs/heads/gone', oldId: B, newId: undefined },
        { ref: 'refs/tags/v1', oldId: undefined, newId: A },
      ]),
    ).toEqual([
      { projectId: 3, branch: 'main', before: A, after: B, userId: 9 },
      { projectId: 3, branch: 'new', before: ZERO, after: A, userId: 9 },
      { projectId: 3, branch: 'gone', before: B, after: ZERO, userId: 9 },
    ])
    expect(branchUpdatesOf(3, undefined, [{ ref: 'refs/heads/x', oldId: A, newId: B }])).toEqual([
      { projectId: 3, branch: 'x', before: A, after: B },
    ])
  })
})

describe('publishBranchUpdates', () => {
  it('logs a failed publish and goes on', async () => {
    const published: string[] = []
    const publisher: BranchUpdatePublisher = {
      publish: (update) => {
        if (update.branch === 'bad') return Promise.reject(new Error('redis down'))
        published.push(update.branch)
        return Promise.resolve()
      },
      close: () => Promise.resolve(),
    }
    const errors: unknown[] = []
    const logger = { error: (...args: unknown[]) => errors.push(args) } as unknown as Logger
    await publishBranchUpdates(() => publisher, logger, 1, 2, [
      { ref: 'refs/heads/bad', oldId: A, newId: B },
      { ref: 'refs/heads/good', oldId: A, newId: B },
    ])
    expect(published).toEqual(['good'])
    expect(errors).toHaveLength(1)
  })
})

describe('publishRefChanges', () => {
  it('queues branch updates even without a known pusher, and no push event then', async () => {
    const updates: string[] = []
    const events: unknown[] = []
    const sinks: RefChangeSinks = {
      publisher: () => ({
        publish: (record) => {
          events.push(record)
          return Promise.resolve()
        },
        close: () => Promise.resolve(),
      }),
      branchUpdates: () => ({
        publish: (update) => {
          updates.push(`${update.branch}:${update.after}`)
          return Promise.resolve()
        },
        close: () => Promise.resolve(),
      }),
      logger: { error: () => undefined } as unknown as Logger,
    }
    await publishRefChanges(sinks, {} as Repo, 1, undefined, [
      { ref: 'refs/heads/main', oldId: A, newId: B },
      { ref: 'refs/tags/v1', oldId: undefined, newId: A },
    ])
    expect(updates).toEqual([`main:${B}`])
    expect(events).toEqual([])
  })
})
