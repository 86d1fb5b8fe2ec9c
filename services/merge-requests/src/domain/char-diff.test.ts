import { charDiff } from './char-diff.js'

describe('charDiff', () => {
  it('keeps what both texts share and marks the rest', () => {
    expect(charDiff('Change x', 'Draft: Change x again')).toEqual([
      { op: 'insert', text: 'Draft: ' },
      { op: 'equal', text: 'Change x' },
      { op: 'insert', text: ' again' },
    ])
  })

  it('folds a short shared letter between edits into one change', () => {
    // "bug" and "crash" share no letter; "cat" and "cut" share two around one change.
    expect(charDiff('the bug', 'the crash')).toEqual([
      { op: 'equal', text: 'the ' },
      { op: 'delete', text: 'bug' },
      { op: 'insert', text: 'crash' },
    ])
    expect(charDiff('abcdef', 'xbzdyf')).toEqual([
      { op: 'delete', text: 'abcde' },
      { op: 'insert', text: 'xbzdy' },
      { op: 'equal', text: 'f' },
    ])
  })

  it('answers no change for equal texts', () => {
    expect(charDiff('same', 'same')).toEqual([{ op: 'equal', text: 'same' }])
  })
})
