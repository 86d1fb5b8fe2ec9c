import { inspectRubyErrors, inspectRubyString } from './ruby-inspect.js'

describe('Ruby inspect', () => {
  it('quotes and escapes strings as Ruby does', () => {
    expect(inspectRubyString("can contain only letters, '_'")).toBe(
      `"can contain only letters, '_'"`,
    )
    expect(inspectRubyString('a "b" \\ #{x}')).toBe('"a \\"b\\" \\\\ \\#{x}"')
  })

  it('prints an errors hash with symbol keys', () => {
    expect(inspectRubyErrors({ name: ['a', 'b'], path: ['c'] })).toBe(
      '{:name=>["a", "b"], :path=>["c"]}',
    )
  })
})
