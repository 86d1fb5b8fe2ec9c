import { countTasks } from './task-list.js'

describe('countTasks: GitLab task list items', () => {
  it('counts checked and unchecked items of every list marker', () => {
    const text = ['- [ ] one', '* [x] two', '+ [X] three', '1. [ ] four', '2) [x] five'].join('\n')
    expect(countTasks(text)).toEqual({ count: 5, completedCount: 3 })
  })

  it('counts nested items and items in blockquotes', () => {
    expect(countTasks('- a\n  - [x] nested\n> - [ ] quoted')).toEqual({
      count: 2,
      completedCount: 1,
    })
  })

  it('needs a list marker, a space after the box and some text', () => {
    for (const text of ['[ ] no marker', '- [ ]', '-[ ] tight', '- [x]done', '- [~] n/a']) {
      expect(countTasks(text)).toEqual({ count: 0, completedCount: 0 })
    }
  })

  it('is zero for an empty description', () => {
    expect(countTasks('')).toEqual({ count: 0, completedCount: 0 })
  })
})
