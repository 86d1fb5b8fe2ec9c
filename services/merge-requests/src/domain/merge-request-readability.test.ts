import { caller, testDeps, testProject } from './collaboration-test-deps.js'
import {
  canReadMergeRequestsIn,
  readableMergeRequestProjects,
} from './merge-request-readability.js'
import type { Kysely } from 'kysely'
import type { Database } from '../store/schema.js'

describe('canReadMergeRequestsIn: read_merge_request in a visible project', () => {
  it.each([
    ['public, feature enabled, no membership', { visibility: 'public' }, true],
    [
      'public, feature private, no membership',
      { visibility: 'public', accessLevels: { merge_requests: 'private' } },
      false,
    ],
    [
      'public, feature private, reporter',
      { visibility: 'public', accessLevels: { merge_requests: 'private' }, callerAccessLevel: 20 },
      true,
    ],
    [
      'feature disabled',
      { visibility: 'public', accessLevels: { merge_requests: 'disabled' }, callerAccessLevel: 50 },
      false,
    ],
    ['private, guest', { visibility: 'private', callerAccessLevel: 10 }, false],
    ['private, reporter', { visibility: 'private', callerAccessLevel: 20 }, true],
    ['internal, enabled', { visibility: 'internal' }, true],
  ])('%s: %s', (_name, values, readable) => {
    expect(canReadMergeRequestsIn(testProject(1, values), caller(1, 0))).toBe(readable)
  })

  it('lets admins read everything', () => {
    const project = testProject(1, { accessLevels: { merge_requests: 'disabled' } })
    expect(canReadMergeRequestsIn(project, caller(1, 0, true))).toBe(true)
  })
})

describe('readableMergeRequestProjects', () => {
  it('counts the current project and asks for the others (NOT_FOUND: unreadable)', async () => {
    const deps = testDeps({} as Kysely<Database>, [
      testProject(2, { visibility: 'public' }),
      testProject(3, { visibility: 'private' }),
    ])
    const readable = await readableMergeRequestProjects(deps, caller(1, 30), [1, 2, 3, 4, 2], 1)
    expect([...readable].sort()).toEqual([1, 2])
  })
})
