import { droppedElsewhere } from './db.js'

describe('droppedElsewhere', () => {
  it('names another schema or relation vanishing under the migrator’s table listing', () => {
    expect(droppedElsewhere(new Error('schema "mr_test_1_ab" does not exist'), 'ci_test_2')).toBe(
      true,
    )
    expect(droppedElsewhere(new Error('relation "mr_test_1_ab.labels" does not exist'), 'x')).toBe(
      true,
    )
    expect(
      droppedElsewhere(
        new Error('column "draft" of relation "merge_requests" does not exist'),
        'ci_test_2',
      ),
    ).toBe(true)
  })

  it('is not a failure of our own schema, nor any other error', () => {
    expect(droppedElsewhere(new Error('schema "ours" does not exist'), 'ours')).toBe(false)
    expect(droppedElsewhere(new Error('relation "ours.labels" does not exist'), 'ours')).toBe(false)
    expect(droppedElsewhere(new Error('syntax error at or near "tabel"'), 'ours')).toBe(false)
    expect(droppedElsewhere('not an error', 'ours')).toBe(false)
  })
})
