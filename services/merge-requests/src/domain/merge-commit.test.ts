import { projectSettings } from '../testing/test-deps.js'
import {
  defaultMergeCommitMessage,
  mergeMethodOf,
  removeSourceBranch,
  squashOnMerge,
} from './merge-commit.js'

describe('merge commit settings', () => {
  it("writes GitLab's default merge commit message", () => {
    const row = { sourceBranch: 'feature', targetBranch: 'main', title: 'Add a thing', iid: 4 }
    expect(defaultMergeCommitMessage(row, 'group/project')).toBe(
      "Merge branch 'feature' into 'main'\n\nAdd a thing\n\nSee merge request group/project!4",
    )
  })

  it('maps the merge method', () => {
    expect(mergeMethodOf(projectSettings({ mergeMethod: 'ff' }))).toBe('ff')
    expect(mergeMethodOf(projectSettings({ mergeMethod: 'rebase_merge' }))).toBe('rebase_merge')
    expect(mergeMethodOf(undefined)).toBe('merge')
  })

  it('lets always and never decide squash, else the request', () => {
    expect(squashOnMerge(projectSettings({ squashOption: 'always' }), false)).toBe(true)
    expect(squashOnMerge(projectSettings({ squashOption: 'never' }), true)).toBe(false)
    expect(squashOnMerge(projectSettings({ squashOption: 'default_on' }), false)).toBe(false)
    expect(squashOnMerge(projectSettings({ squashOption: 'default_off' }), true)).toBe(true)
  })

  it('removes the source branch as asked, else as the request or project says', () => {
    const project = projectSettings({ flags: { remove_source_branch_after_merge: false } })
    expect(removeSourceBranch(true, { forceRemoveSourceBranch: false }, project)).toBe(true)
    expect(removeSourceBranch(undefined, { forceRemoveSourceBranch: true }, project)).toBe(true)
    expect(removeSourceBranch(undefined, { forceRemoveSourceBranch: null }, project)).toBe(false)
  })
})
