import { markdownHtml } from './markdown-html.js'

describe('markdownHtml', () => {
  it('renders paragraphs with source positions and inline emphasis', () => {
    expect(markdownHtml('A **bold** `x` <b>')).toBe(
      '<p data-sourcepos="1:1-1:18" dir="auto">A <strong>bold</strong> <code>x</code> &lt;b&gt;</p>',
    )
    expect(markdownHtml('')).toBe('')
  })
})
