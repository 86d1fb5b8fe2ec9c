import { isMaskable, normalizeKey, variableErrors } from './variable-rules.js'
import type { VariableAttributes } from './variable.js'

const base: VariableAttributes = {
  key: 'DEPLOY_TOKEN',
  value: 'value',
  variableType: 'env_var',
  protected: false,
  masked: false,
  hidden: false,
  raw: false,
  environmentScope: '*',
  description: null,
}
const PROJECT = { kind: 'project', id: 1 } as const

describe('isMaskable (Ci::Maskable)', () => {
  it.each([
    ['abcdefgh', false, true],
    ['abcdefg', false, false],
    ['abc def gh', false, false],
    ['abc$VARIABLE', false, false],
    ['a+b=c/d@e:f.g~h-_', false, true],
    ['abc$VARIABLE', true, true],
    ['hello\tworld', true, false],
    ['line\nbreak!!', true, false],
  ])('%j (raw %s) is %s', (value, raw, expected) => {
    expect(isMaskable(value, raw)).toBe(expected)
  })
})

describe('variableErrors', () => {
  it("refuses a key that is not letters, digits and '_' with GitLab's message", () => {
    expect(variableErrors(PROJECT, { ...base, key: 'BAD-KEY' })).toEqual({
      key: ["can contain only letters, digits and '_'."],
    })
  })

  it('refuses a blank key and one over 255 characters', () => {
    expect(variableErrors(PROJECT, { ...base, key: '' })['key']).toEqual([
      "can't be blank",
      "can contain only letters, digits and '_'.",
    ])
    expect(variableErrors(PROJECT, { ...base, key: 'K'.repeat(256) })['key']).toEqual([
      'is too long (maximum is 255 characters)',
    ])
  })

  it('refuses a masked value that cannot be masked as invalid', () => {
    expect(variableErrors(PROJECT, { ...base, masked: true, value: 'short' })).toEqual({
      value: ['is invalid'],
    })
  })

  it('limits instance values to 10,000 characters and ignores scopes there', () => {
    const errors = variableErrors(
      { kind: 'instance' },
      { ...base, value: 'x'.repeat(10_001), environmentScope: '' },
    )
    expect(errors).toEqual({
      value: ['The value of the provided variable exceeds the 10000 character limit'],
    })
  })

  it('limits descriptions to 255 characters', () => {
    expect(variableErrors(PROJECT, { ...base, description: 'd'.repeat(256) })).toEqual({
      description: ['is too long (maximum is 255 characters)'],
    })
  })

  it('refuses an environment scope with other characters', () => {
    expect(variableErrors(PROJECT, { ...base, environmentScope: 'a|b' })).toEqual({
      environment_scope: [
        "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', '*' and spaces",
      ],
    })
  })
})

describe('normalizeKey', () => {
  it('strips surrounding whitespace as key= does', () => {
    expect(normalizeKey('  KEY\n')).toBe('KEY')
  })
})
