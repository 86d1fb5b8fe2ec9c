import { planPipeline } from './plan-pipeline.js'
import { branchContext, jobOf, withInputs } from '../../testing/ci-config-contexts.js'
import type { InputValue } from './types.js'

const HEADER = [
  'spec:',
  '  inputs:',
  '    stage:',
  '      default: test',
  '    env:',
  '      options: [staging, production]',
  '      default: staging',
  '    verbose:',
  '      type: boolean',
  '      default: false',
  '    replicas:',
  '      type: number',
  '      default: 2',
  '    commands:',
  '      type: array',
  '      default: [make]',
  '    version:',
  '      regex: ^v\\d+$',
  '      description: the version',
  '---',
].join('\n')
const BODY = [
  'deploy-$[[ inputs.env ]]:',
  '  stage: $[[ inputs.stage ]]',
  '  script: $[[ inputs.commands ]]',
  '  variables:',
  '    VERBOSE: $[[ inputs.verbose ]]',
  '    REPLICAS: $[[ inputs.replicas ]]',
  '    LABEL: "$[[ inputs.version ]]-$[[ inputs.env | truncate(0,4) ]]"',
].join('\n')
const CONFIG = `${HEADER}\n${BODY}\n`

const run = (inputs: Record<string, InputValue>) =>
  planPipeline(CONFIG, withInputs(branchContext(), inputs))

describe('spec:inputs', () => {
  it('interpolates typed inputs and defaults into keys and values', () => {
    const job = jobOf(
      CONFIG,
      'deploy-production',
      withInputs(branchContext(), { env: 'production', version: 'v3', commands: ['a', 'b'] }),
    )
    expect(job.stage).toBe('test')
    expect(job.script).toEqual(['a', 'b'])
    expect(job.variables).toEqual({ VERBOSE: 'false', REPLICAS: '2', LABEL: 'v3-prod' })
  })

  it.each([
    [{}, '`version` input: required value has not been provided'],
    [{ version: 'v1', bogus: 1 }, 'unknown input arguments: bogus'],
    [{ version: 'v1', verbose: 'yes' }, '`verbose` input: provided value is not a boolean'],
    [{ version: 'v1', replicas: '3' }, '`replicas` input: provided value is not a number'],
    [{ version: 'v1', commands: 'make' }, '`commands` input: provided value is not an array'],
    [
      { version: 'v1', env: 'dev' },
      '`env` input: `dev` cannot be used because it is not in the list of allowed options',
    ],
    [{ version: '1.0' }, '`version` input: provided value does not match required RegEx pattern'],
  ])('refuses %j as a config error', (inputs, message) => {
    // GitLab raises input errors while loading the config: a failed pipeline with yaml_errors.
    expect(run(inputs)).toEqual({ kind: 'invalid', errors: [message] })
  })

  it('joins at most three input errors', () => {
    const outcome = run({ verbose: 'x', replicas: 'y', commands: 'z' })
    expect(outcome).toEqual({
      kind: 'invalid',
      errors: [
        '`verbose` input: provided value is not a boolean, `replicas` input: provided value is not a number, `commands` input: provided value is not an array',
      ],
    })
  })

  it('refuses inputs for a config without a spec header, and unknown interpolation keys', () => {
    expect(planPipeline('a:\n  script: x\n', withInputs(branchContext(), { a: 'b' }))).toEqual({
      kind: 'invalid',
      errors: ['Given inputs not defined in the `spec` section of the included configuration file'],
    })
    const unknown =
      'spec:\n  inputs:\n    a:\n      default: x\n---\njob:\n  script: echo $[[ inputs.b ]]\n'
    expect(planPipeline(unknown, branchContext())).toEqual({
      kind: 'invalid',
      errors: ['unknown interpolation key: `b`'],
    })
  })

  it('checks the header shape and input types', () => {
    const bad = (header: string) =>
      planPipeline(`${header}\n---\njob:\n  script: x\n`, branchContext())
    expect(bad('spec:\n  arguments: {}')).toEqual({
      kind: 'invalid',
      errors: ['header:spec config contains unknown keys: arguments'],
    })
    expect(bad('spec:\n  inputs:\n    a:\n      type: date\n      default: x')).toEqual({
      kind: 'invalid',
      errors: ['unknown input specification for `a` (valid types: array, boolean, number, string)'],
    })
    expect(bad('spec:\n  inputs:\n    a:\n      type: boolean\n      default: nope')).toEqual({
      kind: 'invalid',
      errors: ['`a` input: default value is not a boolean'],
    })
  })

  it('does not let an input inject YAML', () => {
    const text = 'spec:\n  inputs:\n    cmd:\n---\njob:\n  script: $[[ inputs.cmd ]]\n'
    const job = jobOf(text, 'job', withInputs(branchContext(), { cmd: 'x\nevil:\n  script: y' }))
    expect(job.script).toEqual(['x\nevil:\n  script: y'])
  })
})
