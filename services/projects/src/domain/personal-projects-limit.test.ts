import { limitReachedMessage } from './personal-projects-limit.js'

describe('limitReachedMessage', () => {
  it('allows while the limit exceeds the personal projects held', () => {
    expect(limitReachedMessage(3, 2)).toBeUndefined()
  })

  it("names the limit once it is reached, and a zero limit in GitLab's other words", () => {
    expect(limitReachedMessage(3, 3)).toBe(
      "You've reached your limit of 3 projects created. Contact your GitLab administrator.",
    )
    expect(limitReachedMessage(1, 4)).toBe(
      "You've reached your limit of 1 projects created. Contact your GitLab administrator.",
    )
    expect(limitReachedMessage(0, 0)).toBe(
      'You cannot create projects in your personal namespace. Contact your GitLab administrator.',
    )
  })
})
