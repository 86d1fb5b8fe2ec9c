import { assertLinearGrowth } from './testing/linear-growth.js'
import { trimTrailing } from './trim-trailing.js'

describe('trimTrailing', () => {
  it('drops the run of the character at the end only', () => {
    expect(trimTrailing('dir///', '/')).toBe('dir')
    expect(trimTrailing('/a/b', '/')).toBe('/a/b')
    expect(trimTrailing('message\n\n', '\n')).toBe('message')
    expect(trimTrailing('\n\n', '\n')).toBe('')
    expect(trimTrailing('', '/')).toBe('')
  })

  it('takes linear time where a run is followed by something else (quadratic as a RegExp)', () => {
    assertLinearGrowth({
      input: (n) => `${'/'.repeat(n)}x${'/'.repeat(n)}`,
      run: (text) => trimTrailing(text, '/'),
      n: 20_000,
    })
  })
})
