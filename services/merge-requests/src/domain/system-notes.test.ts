import { titleChangeBody, titleChangeNotes } from './system-notes.js'

describe('titleChangeBody: SystemNotes::IssuablesService#change_title', () => {
  it('marks the changed part of each title', () => {
    expect(titleChangeBody('Fix the bug', 'Fix the crash')).toBe(
      'changed title from **Fix the {-bug-}** to **Fix the {+crash+}**',
    )
    expect(titleChangeBody('Old', 'Old and new')).toBe(
      'changed title from **Old** to **Old{+ and new+}**',
    )
    expect(titleChangeBody('Old and new', 'Old')).toBe(
      'changed title from **Old{- and new-}** to **Old**',
    )
  })
})

describe('titleChangeNotes: MergeRequests::UpdateService', () => {
  it('writes only the draft note when the prefix alone changed', () => {
    expect(titleChangeNotes('Feature', 'Draft: Feature')).toEqual([
      'marked this merge request as **draft**',
    ])
    expect(titleChangeNotes('[Draft] Feature', 'Feature')).toEqual([
      'marked this merge request as **ready**',
    ])
  })

  it('writes the draft note, then the title note, when both changed', () => {
    expect(titleChangeNotes('Draft: A', 'B')).toEqual([
      'marked this merge request as **ready**',
      'changed title from **{-Draft: A-}** to **{+B+}**',
    ])
    expect(titleChangeNotes('A', 'C')).toEqual(['changed title from **{-A-}** to **{+C+}**'])
  })
})

describe('titleChangeBody with edits in several places', () => {
  it('marks each edit, as diff_match_patch finds them', () => {
    expect(titleChangeBody('Change x', 'Draft: Change x again')).toBe(
      'changed title from **Change x** to **{+Draft: +}Change x{+ again+}**',
    )
  })
})
