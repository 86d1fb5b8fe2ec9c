import { participantOrder } from './participants.js'

describe('participantOrder (Participable#raw_participants)', () => {
  it('lists reviewers, assignees, note authors, then the author, each once at its first place', () => {
    expect(
      participantOrder({
        authorId: 1,
        noteAuthorIds: [4, 1, 3],
        assigneeIds: [3, 2],
        reviewerIds: [5],
      }),
    ).toEqual([5, 3, 2, 4, 1])
  })

  it('is the author alone on a request nobody else touched', () => {
    expect(
      participantOrder({ authorId: 7, noteAuthorIds: [], assigneeIds: [], reviewerIds: [] }),
    ).toEqual([7])
  })
})
