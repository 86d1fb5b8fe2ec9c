import { assertLinearGrowth } from '@suite/runtime/testing'
import { closedIidsIn, closingIssueReferences } from './closing-issues.js'

const iids = (text: string) => closingIssueReferences(text).map((reference) => reference.iid)

describe('closingIssueReferences (GitLab default issue_closing_pattern)', () => {
  it.each([
    ['Closes #1', [1]],
    ['closes #1', [1]],
    ['Closed #2', [2]],
    ['Closing #3', [3]],
    ['Close #4', [4]],
    ['Fixes #5', [5]],
    ['fix #6', [6]],
    ['Fixed #7', [7]],
    ['Fixing #8', [8]],
    ['Resolves #9', [9]],
    ['resolved #10', [10]],
    ['Resolve #11', [11]],
    ['Resolving #12', [12]],
    ['Implements #13', [13]],
    ['implemented #14', [14]],
    ['Implementing #15', [15]],
    ['Implement #16', [16]],
    ['Closes: #17', [17]],
    ['Closes issue #18', [18]],
    ['Fixes issues #19 and #20', [19, 20]],
    ['Closes #1, #2 and #3', [1, 2, 3]],
    ['Closes #1,#2, and #3 #4', [1, 2, 3, 4]],
    ['Closes #1#2', [1, 2]],
    ['Closes #1 and also #2', [1]],
    ['This MR\nfixes #3.\nIt also closes #4 and #5.', [3, 4, 5]],
    ['Closes #1 and closes #1', [1]],
  ])('%j closes %j', (text, expected) => {
    expect(iids(text)).toEqual(expected)
  })

  it.each([
    ['#1'],
    ['Closes#1'],
    ['Closes  '],
    ['Encloses #1'],
    ['CLOSES #1'],
    ['Closesx #1'],
    ['Closes #'],
    ['Closes #0'],
    ['Closes #12abc'],
    ['Closes #99999999999'],
    ['Refs #1'],
    ['Closes !1'],
    ['Closes\t#1'],
  ])('%j closes nothing', (text) => {
    expect(iids(text)).toEqual([])
  })

  it('reads project references and issue URLs', () => {
    expect(
      closingIssueReferences(
        'Closes group/sub/proj#7, other#8 and https://gitlab.example.com/group/proj/-/issues/9. ' +
          'Fixes http://h/g/p/issues/10',
      ),
    ).toEqual([
      { projectPath: 'group/sub/proj', iid: 7 },
      { projectPath: 'other', iid: 8 },
      { projectPath: 'group/proj', iid: 9 },
      { projectPath: 'g/p', iid: 10 },
    ])
    expect(iids('Closes https://h/g/p/-/merge_requests/3')).toEqual([])
    expect(iids('Closes https://h/g/p/-/issues/3x')).toEqual([])
  })

  it("keeps only the target project's issues", () => {
    const project = { fullPath: 'Group/Proj', path: 'Proj' }
    expect(
      closedIidsIn(
        [
          'Closes #1 and group/proj#2, proj#3, other/proj#4, https://h/group/proj/-/issues/5',
          'Fixes #1 https://h/other/proj/-/issues/6',
        ],
        project,
      ),
    ).toEqual([1, 2, 3, 5])
  })
})

describe('closingIssueReferences runs in linear time', () => {
  it.each([
    ['closing words without references', (n: number) => 'Closes '.repeat(n / 7)],
    ['a long reference list', (n: number) => 'Closes ' + '#1, '.repeat(n / 4)],
    ['a long path without #', (n: number) => 'Closes ' + 'a/'.repeat(n / 2)],
    ['closing words inside a path', (n: number) => 'Fixes ' + 'closes/'.repeat(n / 7)],
    ['long URLs', (n: number) => 'Closes https://h/' + 'x/issues/'.repeat(n / 9)],
    ['colons and spaces', (n: number) => 'Closes:' + ' '.repeat(n) + 'x'],
    ['digits', (n: number) => 'Closes #' + '1'.repeat(n) + 'a'],
    ['issue words', (n: number) => 'Closes ' + 'issue '.repeat(n / 6)],
  ])('on %s', (_shape, input) => {
    assertLinearGrowth({ input, run: closingIssueReferences, n: 20_000 })
  })
})
