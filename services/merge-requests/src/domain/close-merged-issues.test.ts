import { AccessLevel, ProjectAbilities } from '@suite/proto'
import { memberCaller } from '../testing/test-callers.js'
import { closableIssues, closingIidsOf } from './close-merged-issues.js'
import type { Issue } from './issue.js'

const project = { defaultBranch: 'main', namespaceFullPath: 'group', path: 'proj' }
const request = (description: string, targetBranch = 'main') => ({
  title: 'Add a thing',
  description,
  targetBranch,
})

function issue(iid: number, fields: Partial<Issue> = {}): Issue {
  return {
    id: 100 + iid,
    iid,
    projectId: 1,
    authorId: 7,
    confidential: false,
    state: 'opened',
    ...fields,
  } as Issue
}

/** The issues port as closableIssues reads it: by iid, and each one's assignees. */
function issuesOf(list: Issue[], assignees: Record<number, number[]> = {}) {
  return {
    issues: {
      findByIid: (projectId: number, iid: number) =>
        Promise.resolve(list.find((one) => one.projectId === projectId && one.iid === iid)),
      assigneeIds: (ids: readonly number[]) =>
        Promise.resolve(new Map(ids.map((id) => [id, assignees[id] ?? []]))),
    },
  } as unknown as Parameters<typeof closableIssues>[0]
}

describe('closingIidsOf (MergeRequest#closes_issues)', () => {
  it("reads the title and description for the target project's issues", () => {
    expect(
      closingIidsOf(
        { ...request('Closes #2 and group/proj#3, other/x#4'), title: 'Fixes #1' },
        project,
      ),
    ).toEqual([1, 2, 3])
  })

  it("reads its commits' messages too", () => {
    expect(
      closingIidsOf(request('Closes #1'), project, ['Fix a bug\n\nFixes #5', 'Refs #6']),
    ).toEqual([1, 5])
  })

  it('closes nothing when the request does not target the default branch', () => {
    expect(closingIidsOf(request('Closes #1', 'stable'), project)).toEqual([])
    expect(closingIidsOf(request('Closes #1'), undefined)).toEqual([])
  })

  it('stops at 100 issues', () => {
    const many = Array.from({ length: 150 }, (_, i) => `#${i + 1}`).join(', ')
    expect(closingIidsOf(request(`Closes ${many}`), project)).toHaveLength(100)
  })
})

describe('closableIssues (Issues::CloseService as the merging user)', () => {
  const open = issue(1)
  const closed = issue(2, { state: 'closed' })
  const confidential = issue(3, { confidential: true })
  const byGuest = issue(4, { authorId: 9 })
  const store = issuesOf([open, closed, confidential, byGuest])

  it('gives a Developer every open issue it names, and skips closed and unknown ones', async () => {
    const developer = memberCaller(8, AccessLevel.ACCESS_LEVEL_DEVELOPER)
    const found = await closableIssues(store, developer, 1, [1, 2, 3, 4, 99])
    expect(found.map((one) => one.iid)).toEqual([1, 3, 4])
  })

  it('gives a Guest only the issues it may update (its own), no confidential one of others', async () => {
    const guest = memberCaller(9, AccessLevel.ACCESS_LEVEL_GUEST)
    const found = await closableIssues(store, guest, 1, [1, 3, 4])
    expect(found.map((one) => one.iid)).toEqual([4])
  })

  it('closes nothing when the project has issues disabled (no read_issue)', async () => {
    const abilities = ProjectAbilities.fromPartial({
      projectId: 1,
      readProject: true,
      readIssue: false,
      accessLevel: AccessLevel.ACCESS_LEVEL_OWNER,
    })
    const owner = memberCaller(7, AccessLevel.ACCESS_LEVEL_OWNER, { abilities })
    expect(await closableIssues(store, owner, 1, [1, 4])).toEqual([])
  })

  it('closes nothing for a caller without grants in the target project', async () => {
    expect(await closableIssues(store, { admin: false, scopes: ['api'] }, 1, [1])).toEqual([])
  })
})
