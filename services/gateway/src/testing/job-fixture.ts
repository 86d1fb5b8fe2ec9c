import type { Commit, Job, PipelineVariable } from '@suite/proto'

const CREATED = new Date('2026-11-21T10:56:24.123Z')
const STARTED = new Date('2026-11-21T10:57:00.000Z')

/** A job of pipeline 61 in project 5, by alice (user 2), finished successfully. */
export function jobFixture(overrides: Partial<Job> = {}): Job {
  return {
    id: 301,
    projectId: 5,
    pipelineId: 61,
    name: 'rspec',
    stage: 'test',
    stageIdx: 1,
    status: 'success',
    ref: 'main',
    tag: false,
    sha: 'abc123',
    when: 'on_success',
    allowFailure: false,
    userId: 2,
    createdAt: CREATED,
    queuedAt: CREATED,
    startedAt: STARTED,
    finishedAt: new Date('2026-11-21T10:58:30.500Z'),
    erasedAt: undefined,
    duration: 90.5,
    queuedDuration: 35.877,
    coverage: undefined,
    failureReason: undefined,
    tagList: ['linux', 'docker'],
    retried: false,
    runnerId: undefined,
    archived: false,
    ...overrides,
  }
}

/** The commit of `jobFixture`'s sha. */
export function commitFixture(overrides: Partial<Commit> = {}): Commit {
  return {
    id: 'abc123',
    shortId: 'abc123',
    title: 'Add CI',
    message: 'Add CI\n',
    authorName: 'Alice Liddell',
    authorEmail: 'alice@example.com',
    authoredDate: CREATED,
    committerName: 'Alice Liddell',
    committerEmail: 'alice@example.com',
    committedDate: CREATED,
    parentIds: [],
    trailers: [],
    ...overrides,
  }
}

export function pipelineVariableFixture(
  overrides: Partial<PipelineVariable> = {},
): PipelineVariable {
  return { key: 'DEPLOY', value: 'true', variableType: 'env_var', ...overrides }
}
