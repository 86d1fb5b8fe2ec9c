import { MergeMethod, Project } from '@suite/proto'
import {
  defaultMergeCommitMessage,
  mergeMethodOf,
  removeSourceBranch,
  squashOnMerge,
} from './merge-commit.js'

describe('merge commit settings', () => {
  it("writes GitLab's default merge commit message", () => {
    const row = { source_branch: 'feature', target_branch: 'main', title: 'Add a thing', iid: 4 }
    expect(defaultMergeCommitMessage(row, 'group/project')).toBe(
      "Merge branch 'feature' into 'main'\n\nAdd a thing\n\nSee merge request group/project!4",
    )
  })

  it('maps the merge method', () => {
    expect(mergeMethodOf(Project.fromPartial({ mergeMethod: 'ff' }))).toBe(
      MergeMethod.MERGE_METHOD_FF,
    )
    expect(mergeMethodOf(Project.fromPartial({ mergeMethod: 'rebase_merge' }))).toBe(
      MergeMethod.MERGE_METHOD_REBASE_MERGE,
    )
    expect(mergeMethodOf(undefined)).toBe(MergeMethod.MERGE_METHOD_MERGE)
  })

  it('lets always and never decide squash, else the request', () => {
    expect(squashOnMerge(Project.fromPartial({ squashOption: 'always' }), false)).toBe(true)
    expect(squashOnMerge(Project.fromPartial({ squashOption: 'never' }), true)).toBe(false)
    expect(squashOnMerge(Project.fromPartial({ squashOption: 'default_on' }), false)).toBe(false)
    expect(squashOnMerge(Project.fromPartial({ squashOption: 'default_off' }), true)).toBe(true)
  })

  it('removes the source branch as asked, else as the request or project says', () => {
    const project = Project.fromPartial({ flags: { remove_source_branch_after_merge: false } })
    expect(removeSourceBranch(true, { force_remove_source_branch: false }, project)).toBe(true)
    expect(removeSourceBranch(undefined, { force_remove_source_branch: true }, project)).toBe(true)
    expect(removeSourceBranch(undefined, { force_remove_source_branch: null }, project)).toBe(false)
  })
})
