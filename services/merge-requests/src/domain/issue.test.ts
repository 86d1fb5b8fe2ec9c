import { AccessLevel, ProjectAbilities } from '@suite/proto'
import { memberCaller, publicAbilities } from '../testing/test-callers.js'
import {
  canAdminIssue,
  canDestroyIssue,
  canReadIssue,
  canSetNewIssueMetadata,
  canUpdateIssue,
  confidentialVisibility,
} from './issue.js'

const AUTHOR = 7
const ASSIGNEE = 8
const OTHER = 9
const issue = (confidential: boolean) => ({ projectId: 1, authorId: AUTHOR, confidential })

describe('IssuePolicy on top of the project grants', () => {
  it('lets Guests read an open issue, not a confidential one unless they wrote it or are assigned', () => {
    const guest = (userId: number) => memberCaller(userId, AccessLevel.ACCESS_LEVEL_GUEST)
    expect(canReadIssue(guest(OTHER), issue(false), [])).toBe(true)
    expect(canReadIssue(guest(OTHER), issue(true), [ASSIGNEE])).toBe(false)
    expect(canReadIssue(guest(AUTHOR), issue(true), [])).toBe(true)
    expect(canReadIssue(guest(ASSIGNEE), issue(true), [ASSIGNEE])).toBe(true)
  })

  it('lets Reporters (read_confidential_issues) read every confidential issue', () => {
    const reporter = memberCaller(OTHER, AccessLevel.ACCESS_LEVEL_REPORTER)
    expect(canReadIssue(reporter, issue(true), [])).toBe(true)
    expect(confidentialVisibility(reporter, 1)).toBe('all')
    const guest = memberCaller(OTHER, AccessLevel.ACCESS_LEVEL_GUEST)
    expect(confidentialVisibility(guest, 1)).toEqual({ userId: OTHER })
  })

  it('reads nothing without read_issue (issues disabled), author or not', () => {
    const abilities = ProjectAbilities.fromPartial({
      projectId: 1,
      readProject: true,
      readIssue: false,
      accessLevel: AccessLevel.ACCESS_LEVEL_OWNER,
    })
    const owner = memberCaller(AUTHOR, AccessLevel.ACCESS_LEVEL_OWNER, { abilities })
    expect(canReadIssue(owner, issue(false), [])).toBe(false)
    expect(canUpdateIssue(owner, issue(false), [])).toBe(false)
  })

  it('lets the author and assignees (guest_access) update, other Guests not; Reporters always', () => {
    const guest = (userId: number) => memberCaller(userId, AccessLevel.ACCESS_LEVEL_GUEST)
    expect(canUpdateIssue(guest(AUTHOR), issue(false), [])).toBe(true)
    expect(canUpdateIssue(guest(ASSIGNEE), issue(false), [ASSIGNEE])).toBe(true)
    expect(canUpdateIssue(guest(OTHER), issue(false), [])).toBe(false)
    expect(
      canUpdateIssue(memberCaller(OTHER, AccessLevel.ACCESS_LEVEL_REPORTER), issue(true), []),
    ).toBe(true)
  })

  it('stops the author updating when create_issue is gone (an archived project)', () => {
    const abilities = ProjectAbilities.fromPartial({
      projectId: 1,
      readProject: true,
      readIssue: true,
      createIssue: false,
      accessLevel: AccessLevel.ACCESS_LEVEL_GUEST,
    })
    const author = memberCaller(AUTHOR, AccessLevel.ACCESS_LEVEL_GUEST, { abilities })
    expect(canUpdateIssue(author, issue(false), [])).toBe(false)
  })

  it('keeps metadata to admin_issue and deletion to destroy_issue', () => {
    expect(canAdminIssue(memberCaller(AUTHOR, AccessLevel.ACCESS_LEVEL_GUEST), 1)).toBe(false)
    expect(canAdminIssue(memberCaller(OTHER, AccessLevel.ACCESS_LEVEL_REPORTER), 1)).toBe(true)
    expect(canDestroyIssue(memberCaller(OTHER, AccessLevel.ACCESS_LEVEL_MAINTAINER), 1)).toBe(false)
    expect(canDestroyIssue(memberCaller(OTHER, AccessLevel.ACCESS_LEVEL_OWNER), 1)).toBe(true)
  })

  it('lets members (Guests too) set metadata on new issues, not non-members of a public project', () => {
    expect(canSetNewIssueMetadata(memberCaller(OTHER, AccessLevel.ACCESS_LEVEL_GUEST), 1)).toBe(
      true,
    )
    const outsider = memberCaller(OTHER, AccessLevel.ACCESS_LEVEL_NO_ACCESS, {
      abilities: publicAbilities(),
    })
    expect(outsider.project?.createIssue).toBe(true)
    expect(canSetNewIssueMetadata(outsider, 1)).toBe(false)
  })

  it("never uses another project's grants", () => {
    const reporter = memberCaller(OTHER, AccessLevel.ACCESS_LEVEL_REPORTER, { projectId: 2 })
    expect(canReadIssue(reporter, issue(false), [])).toBe(false)
    expect(canAdminIssue(reporter, 1)).toBe(false)
  })
})
