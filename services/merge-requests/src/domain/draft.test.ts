import { isDraftTitle } from './draft.js'

describe('isDraftTitle: GitLab draft prefixes', () => {
  it.each([
    'Draft: x',
    'draft:x',
    'DRAFT: x',
    '[Draft] x',
    '[draft]x',
    '(Draft) x',
    '(DRAFT)x',
    'Draft - x',
  ])('%s is a draft', (title) => expect(isDraftTitle(title)).toBe(true))

  it.each(['Drafting x', 'x Draft: y', 'Draft x', 'WIP: x', '[WIP] x', 'Draft-x', ''])(
    '%s is not',
    (title) => expect(isDraftTitle(title)).toBe(false),
  )
})
