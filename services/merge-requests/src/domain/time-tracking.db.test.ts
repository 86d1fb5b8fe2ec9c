import { AccessLevel } from '@suite/proto'
import { ForbiddenError, InvalidError, NotFoundError } from '@suite/runtime'
import { getIssue } from './issues.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { memberCaller } from '../testing/test-callers.js'
import { testDeps } from '../testing/test-deps.js'
import type { MergeRequest } from './merge-request.js'
import {
  TOTAL_TIME_SPENT_LIMIT,
  addSpentTime,
  checkSpentTime,
  getTimeStats,
  isZeroDuration,
  resetSpentTime,
  resetTimeEstimate,
  setTimeEstimate,
} from './time-tracking.js'

jest.mock('./durations.js', () => ({
  MAX_TIME_ESTIMATE: 2_147_483_647,
  // A stand-in for GitLab's language: "<n>h" or "<n>m", optionally negative.
  parseDuration: (text: string) => {
    const match = /^(-?)(\d+)([hm])$/.exec(text)
    if (!match || match[2] === undefined) return undefined
    const seconds = Number(match[2]) * (match[3] === 'h' ? 3600 : 60)
    return seconds === 0 ? undefined : match[1] === '-' ? -seconds : seconds
  },
  formatDuration: (seconds: number) => (seconds === 0 ? undefined : `${seconds}s`),
}))

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const DEVELOPER = memberCaller(50, AccessLevel.ACCESS_LEVEL_DEVELOPER)
const keyOf = (row: MergeRequest) => ({ projectId: row.targetProjectId, iid: row.iid })

describe('time estimate', () => {
  it('sets and resets it, answering the time stats', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    expect(await setTimeEstimate(deps, DEVELOPER, keyOf(row), ' 2h ')).toEqual({
      timeEstimate: 7200,
      totalTimeSpent: 0,
      humanTimeEstimate: '7200s',
      humanTotalTimeSpent: undefined,
    })
    expect(await resetTimeEstimate(deps, DEVELOPER, keyOf(row))).toMatchObject({ timeEstimate: 0 })
  })

  it('accepts a zero duration (keep_zero)', async () => {
    const row = await insertTestMergeRequest(test.db, { time_estimate: 60 })
    expect(await setTimeEstimate(testDeps(test.db), DEVELOPER, keyOf(row), '0h 0m')).toMatchObject({
      timeEstimate: 0,
    })
  })

  it.each(['soon', '-1h'])('refuses %j with GitLab 400 text', async (duration) => {
    const row = await insertTestMergeRequest(test.db)
    await expect(
      setTimeEstimate(testDeps(test.db), DEVELOPER, keyOf(row), duration),
    ).rejects.toEqual(
      new InvalidError(
        {},
        '400 Bad request - Time estimate must have a valid format and be greater than or equal to zero.',
      ),
    )
  })

  it('needs admin_merge_request: the author as reporter gets 403', async () => {
    const row = await insertTestMergeRequest(test.db, { author_id: 51 })
    await expect(
      setTimeEstimate(
        testDeps(test.db),
        memberCaller(51, AccessLevel.ACCESS_LEVEL_REPORTER),
        keyOf(row),
        '1h',
      ),
    ).rejects.toBeInstanceOf(ForbiddenError)
    await expect(
      resetSpentTime(
        testDeps(test.db),
        memberCaller(51, AccessLevel.ACCESS_LEVEL_GUEST),
        keyOf(row),
      ),
    ).rejects.toBeInstanceOf(ForbiddenError)
  })
})

describe('spent time', () => {
  it('adds, subtracts, logs a timelog each and resets to 0', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    await addSpentTime(deps, DEVELOPER, keyOf(row), '2h', 'review')
    expect(await addSpentTime(deps, DEVELOPER, keyOf(row), '-30m', undefined)).toMatchObject({
      totalTimeSpent: 5400,
    })
    const logs = await test.db
      .selectFrom('timelogs')
      .select(['time_spent', 'summary', 'user_id'])
      .where('merge_request_id', '=', row.id)
      .orderBy('id')
      .execute()
    expect(logs).toEqual([
      { time_spent: 7200, summary: 'review', user_id: 50 },
      { time_spent: -1800, summary: null, user_id: 50 },
    ])
    expect(await resetSpentTime(deps, DEVELOPER, keyOf(row))).toMatchObject({ totalTimeSpent: 0 })
    const reporter = memberCaller(52, AccessLevel.ACCESS_LEVEL_REPORTER)
    expect(await getTimeStats(deps, reporter, keyOf(row))).toMatchObject({ totalTimeSpent: 0 })
  })

  it('refuses to subtract more than was spent', async () => {
    const row = await insertTestMergeRequest(test.db)
    await expect(
      addSpentTime(testDeps(test.db), DEVELOPER, keyOf(row), '-1h', undefined),
    ).rejects.toEqual(new InvalidError({ base: ['Time to subtract exceeds the total time spent'] }))
  })
})

describe('checkSpentTime: the timelog validations', () => {
  it('makes an unreadable or zero duration a blank time_spent', () => {
    for (const seconds of [undefined, 0]) {
      expect(() => checkSpentTime(seconds, 0, undefined)).toThrow(
        new InvalidError({ 'timelogs.time_spent': ["can't be blank"] }),
      )
    }
  })

  it('caps the total at four years and the summary at 255 characters', () => {
    expect(() => checkSpentTime(1, TOTAL_TIME_SPENT_LIMIT, undefined)).toThrow(InvalidError)
    expect(() => checkSpentTime(60, 0, 'x'.repeat(256))).toThrow(InvalidError)
    expect(checkSpentTime(60, 0, 'x'.repeat(255))).toBe(60)
  })
})

describe('isZeroDuration', () => {
  it.each([
    ['0', true],
    ['0h 0m', true],
    ['0 hours', true],
    ['-0', true],
    ['1h', false],
    ['h', false],
    ['', false],
  ])('%j is zero: %s', (text, zero) => {
    expect(isZeroDuration(text)).toBe(zero)
  })
})

let nextIssueIid = 700
async function insertIssue(confidential = false) {
  const row = await test.db
    .insertInto('issues')
    .values({ project_id: 1, iid: nextIssueIid++, author_id: 10, title: 'Tracked', confidential })
    .returning('iid')
    .executeTakeFirstOrThrow()
  return { projectId: 1, iid: row.iid, noteableType: 'Issue' as const }
}

describe('time tracking on issues (the merge request code)', () => {
  const guest = memberCaller(60, AccessLevel.ACCESS_LEVEL_GUEST)
  const reporter = memberCaller(61, AccessLevel.ACCESS_LEVEL_REPORTER)

  it('lets admin_issue (a Reporter) estimate and log time, shown on the issue', async () => {
    const deps = testDeps(test.db)
    const key = await insertIssue()
    expect(await setTimeEstimate(deps, reporter, key, '2h')).toMatchObject({ timeEstimate: 7200 })
    expect(await addSpentTime(deps, reporter, key, '30m', 'review')).toMatchObject({
      timeEstimate: 7200,
      totalTimeSpent: 1800,
    })
    expect(await getTimeStats(deps, guest, key)).toMatchObject({
      timeEstimate: 7200,
      totalTimeSpent: 1800,
      humanTotalTimeSpent: '1800s',
    })
    expect(await getIssue(deps, guest, key)).toMatchObject({
      timeEstimate: 7200,
      totalTimeSpent: 1800,
    })
    expect(await resetSpentTime(deps, reporter, key)).toMatchObject({ totalTimeSpent: 0 })
    expect(await resetTimeEstimate(deps, reporter, key)).toMatchObject({ timeEstimate: 0 })
  })

  it('refuses a Guest writes (403) and answers 404 for a confidential issue they cannot read', async () => {
    const deps = testDeps(test.db)
    const key = await insertIssue()
    await expect(addSpentTime(deps, guest, key, '1h', undefined)).rejects.toBeInstanceOf(
      ForbiddenError,
    )
    await expect(setTimeEstimate(deps, guest, key, '1h')).rejects.toBeInstanceOf(ForbiddenError)
    const secret = await insertIssue(true)
    await expect(getTimeStats(deps, guest, secret)).rejects.toEqual(new NotFoundError('Issue'))
    await expect(addSpentTime(deps, guest, secret, '1h', undefined)).rejects.toEqual(
      new NotFoundError('Issue'),
    )
    expect(await addSpentTime(deps, reporter, secret, '1h', undefined)).toMatchObject({
      totalTimeSpent: 3600,
    })
  })
})
