import { assertLinearGrowth } from '@suite/runtime/testing'
import { globMatches, jobSecretVariables, maskTrace } from './job-variables.js'
import type { CiVariable, OwnedVariable, VariableOwner } from './variable.js'

let nextId = 1

function owned(
  owner: VariableOwner,
  key: string,
  value: string,
  extra: Partial<CiVariable> = {},
): OwnedVariable {
  return {
    owner,
    variable: {
      id: nextId++,
      key,
      value,
      variableType: 'env_var',
      protected: false,
      masked: false,
      hidden: false,
      raw: false,
      environmentScope: '*',
      description: null,
      ...extra,
    },
  }
}

const INSTANCE: VariableOwner = { kind: 'instance' }
const TOP: VariableOwner = { kind: 'group', id: 10 }
const SUB: VariableOwner = { kind: 'group', id: 11 }
const PROJECT: VariableOwner = { kind: 'project', id: 5 }

describe('jobSecretVariables', () => {
  it('orders instance < top group < subgroup < project, so that the closest wins', () => {
    const stored = [
      owned(PROJECT, 'A', 'project'),
      owned(SUB, 'A', 'subgroup'),
      owned(INSTANCE, 'A', 'instance'),
      owned(TOP, 'A', 'top'),
    ]
    const given = jobSecretVariables(stored, { groupIds: [10, 11], environment: null })
    expect(given.map((v) => v.value)).toEqual(['instance', 'top', 'subgroup', 'project'])
  })

  it('passes file, masked and raw on, never public', () => {
    const stored = [owned(PROJECT, 'F', 'data', { variableType: 'file', masked: true, raw: true })]
    expect(jobSecretVariables(stored, { groupIds: [], environment: null })).toEqual([
      { key: 'F', value: 'data', public: false, masked: true, file: true, raw: true },
    ])
  })

  it('keeps scoped variables for their environment, the exact name after a pattern after *', () => {
    const stored = [
      owned(PROJECT, 'URL', 'exact', { environmentScope: 'review/app' }),
      owned(PROJECT, 'URL', 'pattern', { environmentScope: 'review/*' }),
      owned(PROJECT, 'URL', 'any', { environmentScope: '*' }),
      owned(PROJECT, 'URL', 'other', { environmentScope: 'production' }),
    ]
    const review = jobSecretVariables(stored, { groupIds: [], environment: 'review/app' })
    expect(review.map((v) => v.value)).toEqual(['any', 'pattern', 'exact'])
    const none = jobSecretVariables(stored, { groupIds: [], environment: null })
    expect(none.map((v) => v.value)).toEqual(['any'])
  })

  it("leaves out a group's variables when the group is not above the project", () => {
    const stored = [owned({ kind: 'group', id: 99 }, 'X', 'elsewhere')]
    expect(jobSecretVariables(stored, { groupIds: [10], environment: null })).toEqual([])
  })
})

describe('globMatches', () => {
  it.each([
    ['*', 'anything', true],
    ['review/*', 'review/app', true],
    ['review/*', 'staging', false],
    ['*-eu', 'prod-eu', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'aXbY', false],
    ['prod', 'prod', true],
  ])('%s against %s is %s', (pattern, text, expected) => {
    expect(globMatches(pattern, text)).toBe(expected)
  })
})

describe('maskTrace', () => {
  it('replaces every occurrence of each masked value with [MASKED]', () => {
    const trace = Buffer.from('token=s3cr3t-value; again s3cr3t-value and s3cr3t-value-long\n')
    const masked = maskTrace(trace, ['s3cr3t-value', 's3cr3t-value-long'])
    expect(masked.toString()).toBe('token=[MASKED]; again [MASKED] and [MASKED]\n')
  })

  it('leaves a log without the values as it is', () => {
    const trace = Buffer.from('nothing to hide')
    expect(maskTrace(trace, ['s3cr3t-value']).equals(trace)).toBe(true)
  })

  it('grows linearly with the size of the log', () => {
    assertLinearGrowth({
      input: (n) => 'ab'.repeat(n),
      run: (trace) => maskTrace(Buffer.from(trace), ['abababab-not-there', 'ababababab']),
      n: 20_000,
    })
  })
})
